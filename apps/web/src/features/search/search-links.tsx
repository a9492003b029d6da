/**
 * What the header box and the /search page share: each group's icon (the feature's own, as on the
 * dashboard), the links to the results page and to a feature's page with its search filled in, and
 * a hit's snippet with the matched words marked.
 */
import type { ReactNode } from 'react';
import { GraduationCap, MapPin, type LucideIcon } from 'lucide-react';
import { SEARCHABLE_KINDS } from '@campus/contract/record-kinds';
import type { SnippetPart } from '@campus/contract/search';
import { SEARCH_GROUPS, type SearchType } from '@campus/contract/search-ui';
import { KIND_ICONS } from '../../lib/record-kind-icons';

/** The icon of each group: its record kind's icon (Skill Exchange's cap for skills, a pin for places). */
export const GROUP_ICONS = {
  ...Object.fromEntries(SEARCHABLE_KINDS.map((k) => [k.search.type, KIND_ICONS[k.kind]])),
  skills: GraduationCap,
  places: MapPin,
} as Record<SearchType, LucideIcon>;

/** The results page of a query: `/search?q=…`. */
export function searchPagePath(q: string): string {
  return `/search?${new URLSearchParams({ q }).toString()}`;
}

/** The feature's own page with its search parameter filled with `q` ("See all in …"), if it has one. */
export function seeAllPath(type: SearchType, q: string): string {
  const { path, param } = SEARCH_GROUPS[type];
  return param ? `${path}?${new URLSearchParams({ [param]: q }).toString()}` : path;
}

/** A hit's snippet: plain text with each part the query matched in a `<mark>`. */
export function Snippet({ parts }: { parts: readonly SnippetPart[] }): ReactNode {
  return parts.map((part, i) =>
    part.match ? (
      <mark key={i} className="rounded-sm bg-warning-soft px-0.5 text-fg">
        {part.text}
      </mark>
    ) : (
      <span key={i}>{part.text}</span>
    ),
  );
}
