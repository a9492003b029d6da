/**
 * Notifications (docs/product-spec.md §3, §4, §5, §7, §8; docs/design.md §7): request/response schemas, types, limits and
 * messages shared by the API and the web app.
 */
import { z } from 'zod';
import {
  NOTIFICATION_LINK_MAX,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_PAGE_SIZE,
  ADMIN_NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_TYPES,
} from './notifications-ui.ts';

import { paginationQueryOf } from './envelope.ts';
import { absent } from './fields.ts';

export * from './notifications-ui.ts';

/** Server messages (docs/product-spec.md §5, §8 texts where the spec has one). */
export const NOTIFICATION_MESSAGES = {
  messageRequired: 'Message cannot be empty.',
  messageTooLong: `Message must be at most ${NOTIFICATION_MESSAGE_MAX} characters.`,
  targetRequired: 'Please select a target user or enable broadcast.',
  typeInvalid: `Type must be one of: ${NOTIFICATION_TYPES.join(', ')}.`,
  linkInvalid: 'Link must be a path inside the app, such as /rides.',
  userIdInvalid: 'Please select a valid user.',
  isReadInvalid: 'is_read must be true or false.',
  notFound: 'Notification not found',
  sendNotFound: 'Send not found',
  targetNotFound: 'User not found',
  onlyOwnContent: 'Only the read state of this notification can be changed.',
  adminForOthers: 'Permission denied: Admin access required.',
  created: 'Notification sent successfully!',
  createdOwn: 'Notification created.',
  updated: 'Notification updated.',
  broadcastSent: 'Broadcast sent successfully!',
  deleted: 'Notification deleted successfully!',
  recalled: 'Notification deleted successfully!',
  markedRead: 'Notification marked as read.',
  allMarkedRead: 'All notifications marked as read.',
} as const;

const message = z
  .string({ error: NOTIFICATION_MESSAGES.messageRequired })
  .trim()
  .min(1, NOTIFICATION_MESSAGES.messageRequired)
  .max(NOTIFICATION_MESSAGE_MAX, NOTIFICATION_MESSAGES.messageTooLong);

const type = z.enum(NOTIFICATION_TYPES, { error: NOTIFICATION_MESSAGES.typeInvalid });

/** An in-app path: starts with one `/` (never `//`, never a scheme), no whitespace. */
const link = z
  .string({ error: NOTIFICATION_MESSAGES.linkInvalid })
  .trim()
  .max(NOTIFICATION_LINK_MAX, NOTIFICATION_MESSAGES.linkInvalid)
  .regex(/^\/(?![/\\])[^\s]*$/, NOTIFICATION_MESSAGES.linkInvalid);

const isRead = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ error: NOTIFICATION_MESSAGES.isReadInvalid }),
);

/**
 * POST /api/notification body (JSON, or multipart text parts + optional file part `file`).
 * `userId` absent → the caller; another user's id needs the admin role (403).
 */
export const createNotificationBody = z.object({
  message,
  type: z.preprocess(absent, type.default('general')),
  userId: z.preprocess(absent, z.uuid({ error: NOTIFICATION_MESSAGES.userIdInvalid }).optional()),
  link: z.preprocess(absent, link.optional()),
});
export type CreateNotificationBody = z.infer<typeof createNotificationBody>;

/** POST /api/notification/broadcast body (admin). `entityType` of the spec's second reading is accepted and ignored. */
export const broadcastBody = z.object({
  message,
  type: z.preprocess(absent, type.default('general')),
  link: z.preprocess(absent, link.optional()),
  entityType: z.string().max(50).optional(),
});
export type BroadcastBody = z.infer<typeof broadcastBody>;

/**
 * PUT /api/notification/{id} body (partial). Content fields only on one's own notes; `is_read` always.
 * Written out rather than derived from {@link createNotificationBody} on purpose: `userId` exists only
 * on create, `type` has no default here, `is_read` only here, and a blank (spaces-only) `message` is
 * refused like on create (`absent` drops only '' and null, unlike `optionalField`).
 */
export const updateNotificationBody = z.object({
  message: z.preprocess(absent, message.optional()),
  type: z.preprocess(absent, type.optional()),
  link: z.preprocess(absent, link.optional()),
  is_read: z.preprocess(absent, isRead.optional()),
});
export type UpdateNotificationBody = z.infer<typeof updateNotificationBody>;

/** `GET /api/notification` query: page from 1, limit default 20, cap 100 (docs/product-spec.md §7, docs/design.md §4). */
export const listNotificationsQuery = paginationQueryOf(NOTIFICATION_PAGE_SIZE);

/** `GET /api/notification/sends` query (admin): page size 15 by default (docs/product-spec.md §9). */
export const listSendsQuery = paginationQueryOf(ADMIN_NOTIFICATION_PAGE_SIZE);

/** A notification as the API returns it (docs/product-spec.md §3 fields plus `link`). */
export const notification = z.object({
  id: z.string(),
  userId: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  file_url: z.string().nullable(),
  link: z.string().nullable(),
  is_read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;

/** `data` of GET /api/notification/unread/count (docs/product-spec.md §7). */
export const unreadCountData = z.object({ unreadCount: z.number().int() });

/** One recorded admin send (docs/design.md §7) with its read count. */
export const notificationSend = z.object({
  id: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  file_url: z.string().nullable(),
  link: z.string().nullable(),
  broadcast: z.boolean(),
  target: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }).nullable(),
  sender: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }).nullable(),
  recipientCount: z.number().int(),
  readCount: z.number().int(),
  createdAt: z.string(),
});
export type NotificationSend = z.infer<typeof notificationSend>;

/** `data` of a broadcast: the recorded send. */
export const broadcastData = z.object({ send: notificationSend, recipientCount: z.number().int() });
