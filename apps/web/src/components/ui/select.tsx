/** Native select with label, placeholder option and error (same look as Input). Forwards `ref`. */
import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { fieldClasses } from './input';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly string[];
  /** Text of the empty first option (value ""), e.g. "Select branch". */
  placeholder?: string;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ label, options, placeholder, error, id, className, ref, ...rest }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={selectId} className="block text-sm font-medium text-fg">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={cn(fieldClasses, 'appearance-auto', error ? 'border-danger' : 'border-line')}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
