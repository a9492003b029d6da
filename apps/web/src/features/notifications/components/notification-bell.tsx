/**
 * Header bell (docs/product-spec.md §2, §4; docs/design.md §7): a red dot when the unread count is above 0 and a dropdown
 * (lazy-loaded on first open) with the list. Rendered only for signed-in users, so mounting it is
 * "signed in": it loads the list and count, starts the browser's shared live stream (whose
 * `change` events refetch the pages' cached records, lib/live-changes.ts), and on
 * sign-out (unmount) stops it and clears the state; the next login loads again.
 * Click outside or Escape closes the dropdown (focus returns to the bell).
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Bell } from 'lucide-react';
import { NOTIFICATION_UI } from '@campus/contract/notifications-ui';
import { useAppDispatch, useAppSelector } from '../../../lib/store';
import { applyChanges } from '../../../lib/live-changes';
import { startLive, type LiveOptions } from '../live';
import {
  allMarkedRead,
  fetchNotifications,
  fetchUnreadCount,
  notificationAdded,
  notificationsReset,
  selectNotifications,
  unreadCountSet,
} from '../../../lib/notifications-slice';
import { PANEL_CLASSES } from './notification-panel';

const NotificationDropdown = lazy(() => import('./notification-dropdown'));

export interface NotificationBellProps {
  /** Live stream options (tests pass fakes). */
  liveOptions?: LiveOptions;
}

export function NotificationBell({ liveOptions }: NotificationBellProps = {}) {
  const dispatch = useAppDispatch();
  const unreadCount = useAppSelector((s) => selectNotifications(s).unreadCount);
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const optionsRef = useRef(liveOptions);

  useEffect(() => {
    const reload = () => {
      void dispatch(fetchNotifications());
      void dispatch(fetchUnreadCount());
    };
    let stop = () => {};
    // The first reads and the live stream start in a task of their own, not inside the commit that
    // mounted the bell: that commit is the page's hydration, the longest task of the start
    // (docs/performance.md "Start-up").
    const start = window.setTimeout(() => {
      reload();
      stop = startLive(
        {
          onNotification: (n) => dispatch(notificationAdded(n)),
          onUnread: ({ unreadCount: count, reason }) => {
            if (reason === 'read-all') dispatch(allMarkedRead());
            else if (reason === 'deleted' || reason === 'recalled' || reason === 'updated')
              void dispatch(fetchNotifications());
            dispatch(unreadCountSet(count));
          },
          onChange: ({ changed }) => applyChanges(dispatch, changed),
          onResync: reload,
        },
        optionsRef.current,
      );
    }, 0);
    return () => {
      window.clearTimeout(start);
      stop();
      dispatch(notificationsReset());
    };
  }, [dispatch]);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: Event) => {
      if (wrapRef.current && !wrapRef.current.contains(e.target as Node)) close(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(true);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  return (
    <div ref={wrapRef} className="sm:relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={open ? 'notification-panel' : undefined}
        onClick={() => setOpen((v) => !v)}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-muted hover:bg-surface-muted hover:text-fg"
      >
        <Bell aria-hidden="true" size={20} />
        {unreadCount > 0 ? (
          <span
            data-testid="unread-dot"
            aria-hidden="true"
            className="absolute top-2 right-2 h-2.5 w-2.5 rounded-full bg-danger ring-2 ring-surface"
          />
        ) : null}
      </button>
      {open ? (
        <Suspense
          fallback={
            <div id="notification-panel" className={PANEL_CLASSES}>
              <p className="p-4 text-sm text-muted">{NOTIFICATION_UI.loading}</p>
            </div>
          }
        >
          <NotificationDropdown onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
