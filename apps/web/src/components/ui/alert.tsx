/** Alert: an inline message box (error, success, info). Errors are announced (role="alert"). */
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface AlertProps {
  tone?: 'error' | 'success' | 'info' | 'warning';
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

const tones = {
  error: 'bg-danger-soft text-danger border-danger/30',
  success: 'bg-success-soft text-success border-success/30',
  info: 'bg-accent-soft text-fg border-accent/30',
  warning: 'bg-warning-soft text-warning border-warning/30',
} as const;

export function Alert({ tone = 'info', title, children, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-lg border px-4 py-3 text-sm', tones[tone], className)}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : undefined}>{children}</div> : null}
    </div>
  );
}
