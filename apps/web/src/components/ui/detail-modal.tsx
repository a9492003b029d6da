/**
 * The dialog of a deep-linked listing (/marketplace/{id}, /lost-found/{id}): "Loading item..."
 * while it loads, the error under `errorTitle` when it fails, else its photo (when it has one) and
 * what `children` renders for it. Rendered in place, so the server's HTML of the deep link shows it.
 */
import type { ReactNode } from 'react';
import { toApiError } from '../../lib/api';
import { Alert } from './alert';
import { Modal } from './modal';
import { Spinner } from './spinner';

export interface DetailModalProps<T extends { item_name: string; image_url: string | null }> {
  item: T | undefined;
  isLoading: boolean;
  error: unknown;
  /** Title until the item is loaded. */
  fallbackTitle: string;
  errorTitle: string;
  onClose: () => void;
  children: (item: T) => ReactNode;
}

export function DetailModal<T extends { item_name: string; image_url: string | null }>({
  item,
  isLoading,
  error,
  fallbackTitle,
  errorTitle,
  onClose,
  children,
}: DetailModalProps<T>) {
  return (
    <Modal
      open
      inline
      onOpenChange={(o) => !o && onClose()}
      title={item?.item_name ?? fallbackTitle}
      className="max-w-2xl"
    >
      {isLoading ? (
        <div className="flex items-center gap-2 py-8 text-muted">
          <Spinner label="" /> Loading item...
        </div>
      ) : error || !item ? (
        <Alert tone="error" title={errorTitle}>
          {toApiError(error).message}
        </Alert>
      ) : (
        <div className="space-y-4">
          {item.image_url ? (
            <img src={item.image_url} alt={item.item_name} className="max-h-80 w-full rounded-xl object-contain" />
          ) : null}
          {children(item)}
        </div>
      )}
    </Modal>
  );
}
