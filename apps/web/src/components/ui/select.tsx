/**
 * Native select with label (visible, or for screen readers only with `hideLabel`), placeholder
 * option and error (same look as Input). Options are values, or values with their own labels.
 * Forwards `ref`. An option chosen before hydration is kept.
 */
import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import { FieldError, fieldClasses, labelClasses } from './input';

/** An option whose text differs from its value. */
export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  /** Visually hide the label (it still names the select). */
  hideLabel?: boolean;
  options: readonly (string | SelectOption)[];
  /** Text of the empty first option (value ""), e.g. "Select branch". */
  placeholder?: string;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ label, hideLabel, options, placeholder, error, id, className, ref, ...rest }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = error ? `${selectId}-error` : undefined;
  // An option chosen before the app hydrated is kept (docs/decisions/0001-hydration-at-load.md).
  const setRefs = useTypedBeforeHydration(rest.value, ref);
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={selectId} className={labelClasses(hideLabel)}>
        {label}
      </label>
      <select
        ref={setRefs}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={cn(fieldClasses, 'appearance-auto', error ? 'border-danger' : 'border-line')}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => {
          const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
