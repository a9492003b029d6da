/**
 * Marketplace listings as a record kind (lib/record-kinds.ts; docs/architecture.md "Building
 * blocks"): named by their item name, newest first, reported as `listing`, searched in name and
 * description; browse shows the unsold, unexpired ones (docs/product-spec.md §5). The marketplace service builds
 * its owned records on it; search, reports and file access read it from `src/record-kinds.ts`.
 */
import { and, gt, not, sql } from 'drizzle-orm';
import { MARKETPLACE_MESSAGES } from '@campus/contract/marketplace';
import { marketplaceItems } from '../../db/schema/marketplace.ts';
import { recordKind } from '../../lib/record-kinds.ts';
import { notify } from '../notifications/notifications.service.ts';

/** The marketplace's kind of record. */
export const marketplaceKind = recordKind({
  kind: 'listing',
  table: marketplaceItems,
  titleColumns: { itemName: marketplaceItems.itemName },
  title: (item) => item.itemName,
  time: marketplaceItems.createdAt,
  order: 'newest',
  messages: MARKETPLACE_MESSAGES,
  notify,
  browse: (t) => and(not(t.isSold), gt(t.expiresAt, sql`now()`))!,
  search: {
    fields: [marketplaceItems.itemName, marketplaceItems.description],
    ranked: [marketplaceItems.itemName],
    shown: { description: marketplaceItems.description },
    snippet: (hit) => [hit.description, hit.itemName],
  },
});
