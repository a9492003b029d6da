/** The page's dismissible message box (docs/product-spec.md §2): success or error text with a close button. */
import { X } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { BoxMessage } from '../message-box';

export function MessageBox({ message, onDismiss }: { message: BoxMessage | null; onDismiss: () => void }) {
  if (!message) return null;
  const error = message.tone === 'error';
  return (
    <div
      role={error ? 'alert' : 'status'}
      className={cn(
        'flex items-start justify-between gap-3 rounded-lg border px-4 py-3 text-sm',
        error ? 'border-danger/30 bg-danger-soft text-danger' : 'border-success/30 bg-success-soft text-success',
      )}
    >
      <p>{message.text}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss message"
        className="-m-1 rounded p-1 hover:bg-black/5 focus-visible:outline-2"
      >
        <X aria-hidden="true" size={16} />
      </button>
    </div>
  );
}
