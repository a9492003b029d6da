/**
 * Saved alerts (docs/alerts.md): a student saves a list's filters — marketplace, rides or lost &
 * found — and is told when a record that matches them is posted. Constants, messages, the bodies,
 * the alert as the API returns it, and {@link alertName}, the name an alert takes from its filters
 * (shown on "My alerts" and in the notification).
 */
import { z } from 'zod';
import { apiPage, paginationQueryOf } from './envelope.ts';
import { formBoolean, optionalField } from './fields.ts';
import { listLostFoundItemsQuery } from './lost-found.ts';
import { listItemsQuery } from './marketplace.ts';
import { MARKETPLACE_MESSAGES } from './marketplace-ui.ts';
import { RIDE_DIRECTION_LABELS, RIDE_MESSAGES, listRidesQuery } from './rides.ts';
import { ALERTS_MAX, ALERT_KINDS, ALERT_MESSAGES, type AlertKind } from './alerts-ui.ts';

export * from './alerts-ui.ts';

const marketplaceShape = listItemsQuery.shape;
/** Marketplace filters an alert keeps: category, words, price range (₹, inclusive). */
export const marketplaceAlertFilters = z
  .object({
    category: marketplaceShape.category,
    search: marketplaceShape.search,
    minPrice: marketplaceShape.minPrice,
    maxPrice: marketplaceShape.maxPrice,
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: MARKETPLACE_MESSAGES.priceRange,
    path: ['minPrice'],
  });

const ridesShape = listRidesQuery.shape;
/**
 * Ride filters an alert keeps: words (pickup or drop), a day window (`dateRange`, with
 * `startDate`/`endDate` for `custom`; the service turns today/tomorrow/week/nextWeek into dates at
 * saving), direction, seats still free, highest cost (₹).
 */
export const ridesAlertFilters = z
  .object({
    search: ridesShape.search,
    dateRange: ridesShape.dateRange,
    startDate: ridesShape.startDate,
    endDate: ridesShape.endDate,
    direction: ridesShape.direction,
    minSeats: ridesShape.minSeats,
    maxPrice: ridesShape.maxPrice,
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: RIDE_MESSAGES.dateOrder,
    path: ['startDate'],
  });

const lostFoundShape = listLostFoundItemsQuery.shape;
/** Lost & found filters an alert keeps: lost or found, category, words (name, description or place). */
export const lostFoundAlertFilters = z.object({
  type: lostFoundShape.type,
  category: lostFoundShape.category,
  search: lostFoundShape.search,
});

export type MarketplaceAlertFilters = z.infer<typeof marketplaceAlertFilters>;
export type RidesAlertFilters = z.infer<typeof ridesAlertFilters>;
export type LostFoundAlertFilters = z.infer<typeof lostFoundAlertFilters>;

const emailDigest = optionalField(formBoolean);

/** POST /api/alerts body: the list (`kind`), its filters, and whether to get the daily e-mail digest. */
export const createAlertBody = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('marketplace'), filters: marketplaceAlertFilters, emailDigest }),
    z.object({ kind: z.literal('rides'), filters: ridesAlertFilters, emailDigest }),
    z.object({ kind: z.literal('lost-found'), filters: lostFoundAlertFilters, emailDigest }),
  ],
  { error: ALERT_MESSAGES.kindInvalid },
);
export type CreateAlertBody = z.infer<typeof createAlertBody>;
/** Every list in {@link ALERT_KINDS} has its branch above, and no other: `true` or a type error. */
const everyKindHasFilters: [CreateAlertBody['kind']] extends [AlertKind]
  ? [AlertKind] extends [CreateAlertBody['kind']]
    ? true
    : false
  : false = true;
void everyKindHasFilters;

/** PATCH /api/alerts/:id body: pause or resume, the e-mail digest on or off. */
export const updateAlertBody = z
  .object({ paused: optionalField(formBoolean), emailDigest })
  .refine((b) => b.paused !== undefined || b.emailDigest !== undefined, { message: ALERT_MESSAGES.nothingToChange });
export type UpdateAlertBody = z.infer<typeof updateAlertBody>;

/** GET /api/alerts query: the caller's alerts, newest first (at most {@link ALERTS_MAX}). */
export const listAlertsQuery = paginationQueryOf(ALERTS_MAX);

/** POST /api/alerts/unsubscribe body: the signed token of a digest mail's link. */
export const unsubscribeAlertBody = z.object({ token: z.string().min(1).max(1000) });

/** An alert as the API returns it. */
export const alertSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  /** Named from its filters ({@link alertName}). */
  name: z.string(),
  filters: z.record(z.string(), z.union([z.string(), z.number()])),
  paused: z.boolean(),
  emailDigest: z.boolean(),
  /** Matches in the last 24 hours (at most {@link ALERT_MATCHES_PER_DAY} notify). */
  matchesToday: z.number(),
  lastMatchAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertPage = apiPage(alertSchema);

/** The filters an alert stores: the kind's filters with a ride window as dates. */
export type StoredAlertFilters = Record<string, string | number>;

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "under ₹3,000", "₹500–₹3,000", "from ₹500", or '' (₹, inclusive bounds). */
function priceWords(min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return `${rupees(min)}–${rupees(max)}`;
  if (max !== undefined) return `under ${rupees(max)}`;
  if (min !== undefined) return `from ${rupees(min)}`;
  return '';
}

/** `d MMM` of a `yyyy-MM-dd` date (e.g. "24 Nov"), read as a calendar date. */
function shortDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** Reads a stored filter as text or as a number (undefined when absent or of the other type). */
function readers(f: StoredAlertFilters) {
  return {
    s: (k: string) => (typeof f[k] === 'string' ? (f[k] as string) : undefined),
    n: (k: string) => (typeof f[k] === 'number' ? (f[k] as number) : undefined),
  };
}

/** How each list names an alert from its filters (one entry per kind in {@link ALERT_KINDS}). */
const ALERT_NAMERS: Record<AlertKind, (f: StoredAlertFilters) => string> = {
  marketplace(f) {
    const { s, n } = readers(f);
    const what = s('search') ? capitalised(s('search')!) : (s('category') ?? 'Listings');
    const where = s('search') && s('category') ? ` in ${s('category')}` : '';
    return [`${what}${where}`, priceWords(n('minPrice'), n('maxPrice'))].filter(Boolean).join(' ');
  },
  rides(f) {
    const { s, n } = readers(f);
    const parts = [s('search')];
    if (s('startDate') || s('endDate')) {
      const from = s('startDate') ? shortDate(s('startDate')!) : '';
      const to = s('endDate') ? shortDate(s('endDate')!) : '';
      parts.push(from === to ? from : from && to ? `${from}–${to}` : from ? `from ${from}` : `until ${to}`);
    }
    const direction = s('direction') as keyof typeof RIDE_DIRECTION_LABELS | undefined;
    if (direction && RIDE_DIRECTION_LABELS[direction]) parts.push(RIDE_DIRECTION_LABELS[direction]);
    if (n('minSeats') !== undefined) parts.push(`${n('minSeats')}+ seats`);
    if (n('maxPrice') !== undefined) parts.push(`up to ${rupees(n('maxPrice')!)}`);
    const shown = parts.filter(Boolean);
    return shown.length ? `Rides: ${shown.join(', ')}` : 'Rides';
  },
  'lost-found'(f) {
    const { s } = readers(f);
    const type = s('type') === 'lost' ? 'Lost' : s('type') === 'found' ? 'Found' : 'Lost or found';
    const what = s('search') ?? s('category') ?? 'anything';
    const category = s('search') && s('category') ? ` (${s('category')})` : '';
    return `${type}: ${what}${category}`;
  },
};

/**
 * The name of an alert from its stored filters, as a person would say it: "Cycle under ₹3,000",
 * "Electronics from ₹500", "Rides: airport, 1 Dec–5 Dec, 2+ seats", "Found: bottle (Accessories)".
 * At most 100 characters.
 */
export function alertName(kind: AlertKind, f: StoredAlertFilters): string {
  const name = ALERT_NAMERS[kind](f);
  return name.length > 100 ? `${name.slice(0, 99)}…` : name;
}
