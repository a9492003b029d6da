/** Spinner: an accessible busy indicator. With reduced motion it stays still (CSS in index.css). */
import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

export interface SpinnerProps {
  /** Size in px (default 20). */
  size?: number;
  /** Screen-reader text; when empty the spinner is decorative. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 20, label = 'Loading', className }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex items-center', className)}>
      <LoaderCircle aria-hidden="true" width={size} height={size} className="animate-spin motion-reduce:animate-none" />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
