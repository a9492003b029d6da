/**
 * The bell's dropdown (docs/product-spec.md §2): titled Notifications, a "Mark all as read" button, "Loading..."
 * while the first load runs and "You're all caught up!" when empty. Unread items are highlighted;
 * each shows its message and a relative time ("about 2 hours ago"). Clicking an item marks it read
 * (if unread) and opens its link (docs/design.md §7). Failure toasts of docs/product-spec.md §8.
 * Below the list, "My alerts" opens the saved alerts (docs/alerts.md) and the push control turns
 * push notifications on for this device (docs/decisions/0501-web-push.md).
 */
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { BellRing, CheckCheck, Paperclip } from 'lucide-react';
import { NOTIFICATION_UI } from '@campus/contract/notifications-ui';
import type { Notification } from '@campus/contract/notifications';
import { useAppDispatch, useAppSelector } from '../../../lib/store';
import { cn } from '../../../lib/cn';
import { formatRelative } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { markAllNotificationsRead, markNotificationRead, selectNotifications } from '../../../lib/notifications-slice';
import { PushControl } from '../../../components/push-control';
import { PANEL_CLASSES } from './notification-panel';

export interface NotificationDropdownProps {
  /** Closes the dropdown; `refocus` returns focus to the bell. */
  onClose: (refocus: boolean) => void;
}

export default function NotificationDropdown({ onClose }: NotificationDropdownProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { items, loading, unreadCount } = useAppSelector(selectNotifications);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);

  const open = (n: Notification) => {
    if (!n.is_read) {
      dispatch(markNotificationRead(n.id))
        .unwrap()
        .catch(() => toast.error(NOTIFICATION_UI.toastMarkRead));
    }
    if (n.link) {
      onClose(false);
      void navigate(n.link);
    }
  };

  const markAll = () => {
    dispatch(markAllNotificationsRead())
      .unwrap()
      .catch(() => toast.error(NOTIFICATION_UI.toastMarkAll));
  };

  return (
    <div id="notification-panel" role="dialog" aria-labelledby="notification-title" className={PANEL_CLASSES}>
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
        <h2 id="notification-title" ref={headingRef} tabIndex={-1} className="font-semibold text-fg focus:outline-none">
          {NOTIFICATION_UI.title}
        </h2>
        <button
          type="button"
          onClick={markAll}
          disabled={items.length === 0 && unreadCount === 0}
          className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-accent hover:bg-accent-soft disabled:cursor-not-allowed disabled:opacity-50"
        >
          <CheckCheck aria-hidden="true" size={16} />
          {NOTIFICATION_UI.markAllRead}
        </button>
      </div>
      <div className="max-h-[min(28rem,70vh)] overflow-y-auto">
        {loading && items.length === 0 ? (
          <p className="p-4 text-sm text-muted" role="status">
            {NOTIFICATION_UI.loading}
          </p>
        ) : items.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted">{NOTIFICATION_UI.empty}</p>
        ) : (
          <ul className="divide-y divide-line">
            {items.map((n) => (
              <li key={n.id} className={cn('relative', !n.is_read && 'bg-accent-soft')}>
                <button
                  type="button"
                  onClick={() => open(n)}
                  className="block w-full px-4 py-3 text-left hover:bg-surface-muted focus-visible:bg-surface-muted"
                >
                  <span className="flex items-start gap-2">
                    {!n.is_read ? (
                      <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-accent" />
                    ) : null}
                    <span className="min-w-0 flex-1">
                      <span className={cn('block text-sm break-words text-fg', !n.is_read && 'font-semibold')}>
                        {!n.is_read ? <span className="sr-only">Unread: </span> : null}
                        {n.message}
                      </span>
                      <span className="mt-0.5 block text-xs text-muted">{formatRelative(n.createdAt)}</span>
                    </span>
                  </span>
                </button>
                {n.file_url ? (
                  <a
                    href={n.file_url}
                    target="_blank"
                    rel="noreferrer"
                    className="mx-4 mb-3 inline-flex items-center gap-1 text-xs text-accent underline"
                  >
                    <Paperclip aria-hidden="true" size={12} />
                    Attachment
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      <Link
        to="/alerts"
        onClick={() => onClose(false)}
        className="flex items-center gap-2 border-t border-line px-4 py-3 text-sm font-medium text-accent hover:bg-surface-muted"
      >
        <BellRing aria-hidden="true" size={16} />
        My alerts
      </Link>
      <PushControl compact className="border-t border-line px-4 py-3" />
    </div>
  );
}
