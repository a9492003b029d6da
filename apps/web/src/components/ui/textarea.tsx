/**
 * Multi-line text field with its label, optional hint and error (linked by aria-describedby), styled
 * like {@link Input}. Forwards its ref (React 19 `ref` prop) so react-hook-form's `register` works;
 * text typed before hydration is kept (docs/decisions/0001-hydration-at-load.md).
 */
import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import { FieldError, fieldClasses } from './input';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** A line under the field that says what to type (linked by aria-describedby). */
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ label, hint, error, id, className, ref, ...rest }: TextareaProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorId = `${fieldId}-error`;
  const hintId = hint ? `${fieldId}-hint` : undefined;
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
        aria-describedby={[hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
        className={cn(fieldClasses, error ? 'border-danger' : 'border-line')}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
