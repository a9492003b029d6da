/**
 * Text input with its label, optional hint and error (announced, linked by aria-describedby).
 * Forwards its ref (React 19 `ref` prop) so react-hook-form's `register` works. `type="password"`
 * gets a Show/Hide toggle. `hideLabel` keeps the label for screen readers only (filter bars). Text
 * typed before the app hydrated is kept, controlled or registered (lib/use-typed-before-hydration.ts).
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Visually hide the label (it still names the input). */
  hideLabel?: boolean;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** Classes of a field label, visible or for screen readers only. */
export const labelClasses = (hidden?: boolean) => (hidden ? 'sr-only' : 'block text-sm font-medium text-fg');

export const fieldClasses =
  'block w-full min-h-11 rounded-lg border bg-surface px-3 py-2 text-fg placeholder:text-muted/70 ' +
  'focus:outline-none focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none';

/**
 * A field's error message (docs/product-spec.md §5 texts): announced (`role="alert"`) and, with `id`, the target
 * of the field's `aria-describedby`. Renders nothing without a message.
 */
export function FieldError({ id, message }: { id?: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-danger" role="alert">
      {message}
    </p>
  );
}

export function Input({ label, hideLabel, error, hint, id, className, type = 'text', ref, ...rest }: InputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const setRefs = useTypedBeforeHydration(rest.value, ref);
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={inputId} className={labelClasses(hideLabel)}>
        {label}
      </label>
      <div className="relative">
        <input
          ref={setRefs}
          id={inputId}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          className={cn(fieldClasses, error ? 'border-danger' : 'border-line', isPassword && 'pr-20')}
          {...rest}
        />
        {isPassword ? (
          <button
            type="button"
            onClick={() => setRevealed((v) => !v)}
            aria-pressed={revealed}
            aria-controls={inputId}
            className="absolute inset-y-0 right-0 flex items-center gap-1 rounded-r-lg px-3 text-sm text-muted hover:text-fg"
          >
            {revealed ? <EyeOff aria-hidden="true" size={16} /> : <Eye aria-hidden="true" size={16} />}
            <span>{revealed ? 'Hide' : 'Show'}</span>
            <span className="sr-only"> password</span>
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
