/**
 * Multi-line text field with its label and error (announced, linked by aria-describedby), styled
 * like {@link Input}. Forwards its ref (React 19 `ref` prop) so react-hook-form's `register` works;
 * text typed before hydration is kept (docs/decisions/0001-hydration-at-load.md).
 */
import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import { FieldError, fieldClasses } from './input';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ label, error, id, className, ref, ...rest }: TextareaProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorId = `${fieldId}-error`;
  const setRefs = useTypedBeforeHydration(rest.value, ref);
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={fieldId} className="block text-sm font-medium text-fg">
        {label}
      </label>
      <textarea
        ref={setRefs}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(fieldClasses, error ? 'border-danger' : 'border-line')}
        {...rest}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
