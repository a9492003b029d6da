/**
 * The kinds of record students publish, declared once for the API and the web app
 * (docs/architecture.md "Record kinds and their capabilities"): each kind's name, its page and
 * labels, and the capabilities it takes part in — reports, campus search, saved alerts — each
 * with the value the API names it by. Reports' target types, search's groups and alerts' kinds,
 * their labels and the messages that list them are derived from this list, so a kind that takes
 * part in reports only is named nowhere else in the contract. Zod-free: the header's search box and
 * the report dialog read it on every page (docs/decisions/0001-hydration-at-load.md).
 */

/** What a kind declares (see {@link RECORD_KIND_LIST}). */
export interface RecordKindDeclaration {
  /** The kind's name: its report target type when it takes part in reports (`listing`). */
  readonly kind: string;
  /** The feature's page (`/marketplace`); one record is `{path}/{id}`, a page the web renders it on. */
  readonly path: string;
  /** The feature's name as its page title says it (`Marketplace`): search groups, alert lists. */
  readonly page: string;
  /** One record, as the admin's report queue says it (`Marketplace listing`). */
  readonly label: string;
  /** Students can report a record of it (`POST /api/reports` with `targetType` = {@link kind}). */
  readonly reports?: true;
  /** Campus search finds it, in group `type`; "See all" opens {@link path} with `param` filled. */
  readonly search?: { readonly type: string; readonly param: string | null };
  /** Students can save an alert on its list (`kind` = `type` in `POST /api/alerts`). */
  readonly alerts?: { readonly type: string };
}

/**
 * Every kind of record, in campus search's group order. The API values are the product
 * specification's and stay as they are (docs/architecture.md "Glossary").
 */
export const RECORD_KIND_LIST = [
  {
    kind: 'listing',
    path: '/marketplace',
    page: 'Marketplace',
    label: 'Marketplace listing',
    reports: true,
    search: { type: 'marketplace', param: 'search' },
    alerts: { type: 'marketplace' },
  },
  {
    kind: 'lost-found',
    path: '/lost-found',
    page: 'Lost & Found',
    label: 'Lost & found item',
    reports: true,
    search: { type: 'lost-found', param: 'search' },
    alerts: { type: 'lost-found' },
  },
  {
    kind: 'ride',
    path: '/rides',
    page: 'Rides',
    label: 'Ride',
    reports: true,
    search: { type: 'rides', param: 'search' },
    alerts: { type: 'rides' },
  },
  {
    kind: 'event',
    path: '/events',
    page: 'Events',
    label: 'Event',
    reports: true,
    search: { type: 'events', param: 'q' },
  },
] as const satisfies readonly RecordKindDeclaration[];

type Declared = (typeof RECORD_KIND_LIST)[number];
/** A kind of record by its name (`listing`, `lost-found`, `ride`). */
export type RecordKindName = Declared['kind'];
/** The kinds that take part in reports. */
export type ReportableKind = Extract<Declared, { reports: true }>['kind'];
/** The search group of each searchable kind. */
export type KindSearchType = Extract<Declared, { search: object }>['search']['type'];
/** The alert list of each kind that takes alerts. */
export type KindAlertType = Extract<Declared, { alerts: object }>['alerts']['type'];
/** The declaration of kind `K`. */
export type DeclarationOf<K extends RecordKindName> = Extract<Declared, { kind: K }>;

/** The declarations by name. */
export const RECORD_KIND_DECLARATIONS = Object.fromEntries(RECORD_KIND_LIST.map((d) => [d.kind, d])) as {
  readonly [K in RecordKindName]: DeclarationOf<K>;
};

const declarations: readonly RecordKindDeclaration[] = RECORD_KIND_LIST;

/** The kinds that take part in reports, in list order. */
export const REPORTABLE_KINDS = declarations.filter((d) => d.reports).map((d) => d.kind) as ReportableKind[];
/** The searchable kinds' declarations, in list order. */
export const SEARCHABLE_KINDS = declarations.filter((d) => d.search) as readonly (RecordKindDeclaration & {
  kind: RecordKindName;
  search: { type: KindSearchType; param: string | null };
})[];
/** The declarations of the kinds that take alerts, in list order. */
export const ALERTABLE_KINDS = declarations.filter((d) => d.alerts) as readonly (RecordKindDeclaration & {
  kind: RecordKindName;
  alerts: { type: KindAlertType };
})[];

/** `values` as a non-empty tuple (zod's and Drizzle's enums need one); throws on an empty list. */
export function nonEmpty<T>(values: readonly T[]): readonly [T, ...T[]] {
  if (!values.length) throw new Error('An enum needs at least one value.');
  return values as readonly [T, ...T[]];
}

/** "a, b or c" — the values of a message that lists the choices ("must be one of …"). */
export function orList(values: readonly string[]): string {
  return values.length < 2 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}
