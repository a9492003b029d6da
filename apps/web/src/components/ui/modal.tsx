/**
 * Modal dialog on Radix Dialog: traps focus while open, closes on Escape or overlay click, and
 * returns focus to the element that opened it. Controlled by `open` / `onOpenChange`. `inline`
 * renders it in place instead of in a portal on `body`: a portal renders nothing on the server, so
 * a dialog that a URL opens (a deep-linked listing, lost & found item or ride) is `inline`, and the
 * server's HTML shows the record (docs/decisions/0001-hydration-at-load.md).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Fragment, useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Visible description under the title (also read by screen readers). */
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Render in place (server-rendered with the page) rather than in a portal. */
  inline?: boolean;
}

export function Modal({ open, onOpenChange, title, description, children, className, inline }: ModalProps) {
  const Layer = inline ? Fragment : Dialog.Portal;
  // Named from the first render (Radix links the title only after mounting), so the server's HTML names it too.
  const titleId = useId();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Layer>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 animate-fade-in" />
        <Dialog.Content
          aria-labelledby={titleId}
          className={cn(
            'fixed inset-x-3 top-[10vh] z-50 mx-auto max-h-[80vh] max-w-lg overflow-y-auto rounded-2xl border border-line',
            'bg-surface p-5 shadow-xl animate-fade-in sm:p-6',
            className,
          )}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title id={titleId} className="text-lg font-semibold text-fg">
              {title}
            </Dialog.Title>
            <Dialog.Close className="rounded-lg p-1 text-muted hover:bg-surface-muted hover:text-fg" aria-label="Close">
              <X aria-hidden="true" size={20} />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="mb-4 text-sm text-muted">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Layer>
    </Dialog.Root>
  );
}
