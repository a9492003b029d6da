/**
 * The icon of each record kind (contract `record-kinds.ts`): the feature's icon of the dashboard's
 * tools. The one web-side entry a new kind adds (docs/architecture.md "Add a feature: the
 * checklist"); campus search's group icons are derived from it.
 */
import { CalendarDays, Car, Search, ShoppingBag, type LucideIcon } from 'lucide-react';
import type { RecordKindName } from '@campus/contract/record-kinds';

export const KIND_ICONS: Record<RecordKindName, LucideIcon> = {
  listing: ShoppingBag,
  'lost-found': Search,
  ride: Car,
  event: CalendarDays,
};
