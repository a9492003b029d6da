/**
 * Notifications, the zod-free part (docs/product-spec.md §2, §5, §8, §9; docs/design.md §7): types, limits, SSE event names
 * and the client texts. Kept free of zod so the header bell (start-up bundle) can import it without
 * pulling in the schema library; `notifications.ts` re-exports everything here.
 */
import { RECORD_KIND_LIST, nonEmpty, type RecordKindName } from './record-kinds.ts';

/** Notification types (docs/product-spec.md §5). */
export const NOTIFICATION_TYPES = ['general', 'system', 'alert', 'update', 'event'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Longest message in characters. */
export const NOTIFICATION_MESSAGE_MAX = 1000;
/** Longest `link` (an in-app path such as `/rides`). */
export const NOTIFICATION_LINK_MAX = 500;
/** Page size of the header list (docs/product-spec.md §9). */
export const NOTIFICATION_PAGE_SIZE = 20;
/** Page size of the admin screen (docs/product-spec.md §9). */
export const ADMIN_NOTIFICATION_PAGE_SIZE = 15;
/** Seconds between SSE pings (docs/design.md §7). */
export const STREAM_PING_SECONDS = 25;

/**
 * SSE event names (docs/design.md §7). `resync`: the server's live listener reconnected and
 * events may have been missed meanwhile, so the client refetches its list and unread count.
 */
export const STREAM_EVENTS = {
  notification: 'notification',
  unread: 'unread',
  ping: 'ping',
  resync: 'resync',
  change: 'change',
} as const;

/**
 * The kinds of record a live `change` event names (docs/web-patterns.md "Live changes"): the
 * record kinds (their names in `record-kinds.ts`), a skill-exchange request, a moderation case
 * (`id` = the case) and a saved alert (`id` = the alert whose matches changed).
 */
export type RecordChangeType = RecordKindName | 'skill-request' | 'report' | 'alert';
export const RECORD_CHANGE_TYPES = nonEmpty<RecordChangeType>([
  ...RECORD_KIND_LIST.map((d) => d.kind),
  'skill-request',
  'report',
  'alert',
]);

/** One record a write changed (sold, joined, accepted, hidden, removed…): its kind and id. */
export interface RecordChange {
  type: RecordChangeType;
  id: string;
}

/**
 * Payload of the `change` SSE event: the records one write changed. The web app invalidates the
 * cached queries that show them (`invalidateOnChange` in each feature's `<f>-api.ts`).
 */
export interface ChangeEvent {
  changed: RecordChange[];
}

/** Why the unread count changed (payload of the `unread` event). */
export const UNREAD_REASONS = ['init', 'new', 'read', 'read-all', 'deleted', 'recalled', 'updated'] as const;
export type UnreadReason = (typeof UNREAD_REASONS)[number];

/** Payload of the `unread` SSE event. */
export interface UnreadEvent {
  unreadCount: number;
  reason: UnreadReason;
}

/** Client texts of the header dropdown and the admin screen (docs/product-spec.md §2, §8). */
export const NOTIFICATION_UI = {
  title: 'Notifications',
  markAllRead: 'Mark all as read',
  loading: 'Loading...',
  empty: "You're all caught up!",
  notAuthenticated: 'Not authenticated',
  // Defaults (docs/product-spec.md §8)
  loadFailed: 'Failed to load notifications',
  getFailed: 'Failed to retrieve notification',
  createFailed: 'Failed to create notification',
  updateFailed: 'Failed to update notification',
  broadcastFailed: 'Failed to broadcast notification',
  deleteFailed: 'Failed to delete notification',
  markReadFailed: 'Failed to mark notification as read',
  countFailed: 'Failed to get unread count',
  markAllNetwork: 'Network/Server error during mark all as read',
  markAllFailed: 'Failed to mark all notifications as read',
  // Toasts on failure (docs/product-spec.md §8)
  toastCreate: 'Error creating notification',
  toastUpdate: 'Error updating notification',
  toastBroadcast: 'Error broadcasting notification',
  toastDelete: 'Error deleting notification',
  toastMarkRead: 'Error marking notification as read',
  toastMarkAll: 'Error marking all notifications as read',
  // Admin screen (docs/product-spec.md §8)
  adminSendFailed: (m: string) => `Failed to send notification: ${m}`,
  adminDeleteFailed: (m: string) => `Failed to delete: ${m}`,
  adminMarkReadFailed: (m: string) => `Failed to mark as read: ${m}`,
  adminMarkAllFailed: (m: string) => `Failed to mark all: ${m}`,
  adminUsersFailed: (m: string) => `Error loading users: ${m}`,
  adminListFailed: (m: string) => `Error loading notifications: ${m}`,
  adminBroadcastOk: 'Broadcast sent successfully!',
  adminSendOk: 'Notification sent successfully!',
  adminDeleteOk: 'Notification deleted successfully!',
  adminMarkReadOk: 'Notification marked as read.',
  adminMarkAllOk: 'All notifications marked as read.',
  adminEmpty: 'No notifications found for this page.',
  adminMarkMine: 'Mark My Notifications Read',
  confirmBroadcast: (n: number) => `Send to ${n} users?`,
} as const;
