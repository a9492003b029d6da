/**
 * Web Push (docs/decisions/0501-web-push.md; docs/design.md §7): request and response schemas,
 * limits and messages shared by the API and the web app. A subscription is what the browser's
 * `PushSubscription.toJSON()` gives: `{ endpoint, expirationTime, keys: { p256dh, auth } }`.
 */
import { z } from 'zod';
import { PUSH_CATEGORIES, type PushCategory } from './push-ui.ts';

export * from './push-ui.ts';

/** Longest endpoint URL accepted, in characters. */
export const PUSH_ENDPOINT_MAX = 2048;

/** Server messages. */
export const PUSH_MESSAGES = {
  endpointInvalid: 'Endpoint must be the https URL of a push service.',
  p256dhInvalid: 'keys.p256dh must be an uncompressed P-256 public key (base64url).',
  authInvalid: 'keys.auth must be a 16-byte secret (base64url).',
  keysRequired: 'keys with p256dh and auth are required.',
  preferenceInvalid: 'Each push setting must be true or false.',
  notFound: 'Subscription not found',
  subscribed: 'Push notifications turned on for this device.',
  unsubscribed: 'Push notifications turned off for this device.',
  preferencesSaved: 'Push settings saved.',
} as const;

/** An endpoint URL: http(s) (the server decides which hosts it contacts), at most 2048 characters. */
const endpoint = z
  .string({ error: PUSH_MESSAGES.endpointInvalid })
  .trim()
  .max(PUSH_ENDPOINT_MAX, PUSH_MESSAGES.endpointInvalid)
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, PUSH_MESSAGES.endpointInvalid);

/** base64url of an uncompressed P-256 point: 65 bytes starting 0x04 → 87 characters starting `B`. */
const p256dh = z
  .string({ error: PUSH_MESSAGES.p256dhInvalid })
  .regex(/^B[A-Za-z0-9_-]{86}=?$/, PUSH_MESSAGES.p256dhInvalid);
/** base64url of 16 bytes: 22 characters. */
const auth = z
  .string({ error: PUSH_MESSAGES.authInvalid })
  .regex(/^[A-Za-z0-9_-]{22}(==)?$/, PUSH_MESSAGES.authInvalid);

/** POST /api/push/subscriptions body: the browser's subscription as `toJSON()` gives it. */
export const subscribeBody = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh, auth }, { error: PUSH_MESSAGES.keysRequired }),
});
export type SubscribeBody = z.infer<typeof subscribeBody>;

/** DELETE /api/push/subscriptions body: the device's endpoint. */
export const unsubscribeBody = z.object({ endpoint });
export type UnsubscribeBody = z.infer<typeof unsubscribeBody>;

/** One stored subscription as the API answers it (no keys). */
export const pushSubscription = z.object({ endpoint: z.string(), createdAt: z.string() });
export type PushSubscriptionInfo = z.infer<typeof pushSubscription>;

/** GET /api/push/key: the VAPID public key (base64url), the browser's `applicationServerKey`. */
export const pushKeyData = z.object({ publicKey: z.string() });
export type PushKeyData = z.infer<typeof pushKeyData>;

const on = z.boolean({ error: PUSH_MESSAGES.preferenceInvalid });

/** GET /api/push/preferences: whether each category is pushed (all on until switched off). */
export const pushPreferences = z.object({
  skills: on,
  rides: on,
  alerts: on,
  broadcasts: on,
  events: on,
  mess: on,
}) satisfies z.ZodType<Record<PushCategory, boolean>>;
export type PushPreferences = z.infer<typeof pushPreferences>;

/** PUT /api/push/preferences body: the categories to change (others stay as they are). */
export const updatePushPreferencesBody = pushPreferences.partial();
export type UpdatePushPreferencesBody = z.infer<typeof updatePushPreferencesBody>;

/** The push payload the service worker receives (JSON, well under 4 KB). */
export interface PushPayload {
  title: string;
  body: string;
  link: string | null;
}

/** Every category on: the preferences of a student who never switched one off. */
export const ALL_PUSH_ON: PushPreferences = Object.fromEntries(
  PUSH_CATEGORIES.map((c) => [c, true]),
) as PushPreferences;
