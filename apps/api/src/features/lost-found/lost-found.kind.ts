/**
 * Lost & found items as a record kind (lib/record-kinds.ts; docs/architecture.md "Building
 * blocks"): named by their item name, newest first, reported as `lost-found`, searched in name,
 * place and description; the default list shows the ones not yet returned (docs/product-spec.md §5). The lost &
 * found service builds its owned records on it; search, reports and file access read it from
 * `src/record-kinds.ts`.
 */
import { not } from 'drizzle-orm';
import { LOST_FOUND_MESSAGES } from '@campus/contract/lost-found';
import { lostFoundItems } from '../../db/schema/lost-found.ts';
import { recordKind } from '../../lib/record-kinds.ts';
import { notify } from '../notifications/notifications.service.ts';

/** Lost & found's kind of record. */
export const lostFoundKind = recordKind({
  kind: 'lost-found',
  table: lostFoundItems,
  titleColumns: { itemName: lostFoundItems.itemName },
  title: (item) => item.itemName,
  time: lostFoundItems.createdAt,
  order: 'newest',
  messages: LOST_FOUND_MESSAGES,
  notify,
  browse: (t) => not(t.isReturned),
  search: {
    fields: [lostFoundItems.itemName, lostFoundItems.locationFound, lostFoundItems.description],
    ranked: [lostFoundItems.itemName, lostFoundItems.locationFound],
    shown: { description: lostFoundItems.description, locationFound: lostFoundItems.locationFound },
    snippet: (hit) => [hit.description, hit.locationFound, hit.itemName],
  },
});
