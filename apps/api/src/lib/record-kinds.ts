/**
 * Record kinds: the kinds of record a student posts and others may see the photo of (marketplace
 * listings, lost & found items, rides), each taking part in the capabilities its contract
 * declaration names — reports, campus search, saved alerts (`@campus/contract/record-kinds`).
 * Each feature declares its kind once with {@link recordKind} (`features/<f>/<f>.kind.ts`);
 * `src/record-kinds.ts` lists them; campus search, reports, alerts and file access read that list
 * instead of naming another feature's table (docs/architecture.md "Record kinds and their
 * capabilities"). `lib/` knows no feature: what a kind needs from one (its messages,
 * notifications' `notify`) the feature hands in.
 */
import {
  and,
  eq,
  inArray,
  isNotNull,
  isNull,
  notExists,
  sql,
  type GetColumnData,
  type InferSelectModel,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { NotificationType } from '@campus/contract/notifications';
import type { PushCategory } from '@campus/contract/push';
import {
  RECORD_KIND_DECLARATIONS,
  type KindAlertType,
  type KindSearchType,
  type RecordKindDeclaration,
  type RecordKindName,
  type ReportableKind,
} from '@campus/contract/record-kinds';
import type { Db } from '../db/client.ts';
import { alertOutbox } from '../db/schema/alerts.ts';
import { users } from '../db/schema/users.ts';
import { isAdmin, type SessionUser } from './auth.ts';
import { blockedEitherWay, noBlockBetween, type ViewerRef } from './blocks.ts';
import type { ServiceContext } from './context.ts';
import { notFound } from './errors.ts';
import { wakeOutbox } from './outbox.ts';

/** The outbox of records that became visible, drained by saved-alert matching (docs/alerts.md). */
export const ALERT_OUTBOX = 'alerts';

/** A table of records owned by a user, with an optional photo, moderation columns and a search document. */
export type KindTable = PgTable & {
  id: AnyPgColumn;
  /** The owner (the student who posted it). */
  userId: AnyPgColumn;
  imageFileId: AnyPgColumn;
  /** Set while reports hide the record, and kept once an administrator removed it (docs/security.md "Reports"). */
  hiddenAt: AnyPgColumn;
  /** Set when an administrator removed it after reports. */
  removedAt: AnyPgColumn;
  /** The full-text document campus search matches (kept by the database). */
  searchVector: AnyPgColumn;
};

/** Columns by the name a query gives them. */
export type Columns = Record<string, AnyPgColumn>;
/** A row of the values of `C` (a column's TypeScript type, null where the column is nullable). */
export type ValuesOf<C extends Columns> = { [K in keyof C]: GetColumnData<C[K]> };

/** A stored record with its owner's display name. */
export interface Loaded<Row> {
  row: Row;
  ownerName: string | null;
}

/** The feature's messages about its records (its `…_MESSAGES` constant has these keys). */
export interface RecordMessages {
  notFound: string;
  forbidden: string;
  /** The notice its owner gets when an administrator deletes the record (`name` = its title). */
  adminDeleted: (name: string) => string;
}

/** One notification to one user (docs/design.md §7), sent inside the transaction of the change it is about. */
export interface Notice {
  userId: string;
  message: string;
  type: NotificationType;
  link: string;
  /** Also pushed to the user's devices under this category (docs/decisions/0501-web-push.md). */
  push?: PushCategory;
}

/**
 * Tells a user something (the notifications feature's `notify`, handed in by the feature so that
 * `lib/` knows no feature). Runs inside the caller's transaction (`ctx.db`).
 */
export type OwnerNotifier = (ctx: ServiceContext, userId: string, notice: Omit<Notice, 'userId'>) => Promise<void>;

/** How campus search matches and shows a record of a kind (see {@link RecordKindSpec.search}). */
export interface KindSearch<TC extends Columns, SC extends Columns> {
  /** The fields matched by trigrams, in order (a record is taken by the first that matches). */
  fields: AnyPgColumn[];
  /** The short fields whose word similarity ranks a typo or prefix match. */
  ranked: AnyPgColumn[];
  /** Columns a hit shows besides the title columns. */
  shown: SC;
  /** The texts a hit's snippet is cut from, best first. */
  snippet: (row: ValuesOf<TC & SC>) => Array<string | null>;
}

/** What a feature declares about its kind of record (see {@link recordKind}). */
export interface RecordKindSpec<T extends KindTable, TC extends Columns, SC extends Columns> {
  /**
   * The kind's name in the contract's list (`@campus/contract/record-kinds`), which also gives its
   * page (`path`) and the capabilities it takes part in.
   */
  kind: RecordKindName;
  /** Its table. */
  table: T;
  /** The columns a record's title is made of (read by reports, search and the deletion notice). */
  titleColumns: TC;
  /** A record's title from its title columns (a listing's name, a ride's route). Required: no default. */
  title: (row: ValuesOf<TC>) => string;
  /** The column a record's time is: search's tie-break and the lists' order. */
  time: AnyPgColumn;
  /** `newest`: latest `time` first (listings, items); `soonest`: earliest first (rides). */
  order: 'newest' | 'soonest';
  /** The feature's messages: 404, 403 and the admin-deletion notice. */
  messages: RecordMessages;
  /** Sends notices about its records (notifications' `notify`). */
  notify: OwnerNotifier;
  /**
   * The browse rule over `table`: what the feature's default list shows besides visibility (unsold
   * and unexpired, not returned, not departed). Campus search finds only these.
   */
  browse: (table: T) => SQL;
  /**
   * How campus search matches and shows a record: required when the contract declares the kind
   * searchable, absent otherwise ({@link recordKind} throws at start when the two disagree).
   */
  search?: KindSearch<TC, SC>;
}

/** A kind of record: its declaration ({@link RecordKindSpec}) and what every reader does with it. */
export interface RecordKind<
  T extends KindTable = KindTable,
  TC extends Columns = Columns,
  SC extends Columns = Columns,
> extends RecordKindSpec<T, TC, SC> {
  /** The owner column (`table.userId`). */
  owner: AnyPgColumn;
  /** The kind's page (`/marketplace`, from its contract declaration): the admin-deletion notice opens it. */
  path: string;
  /** How a report names it (its kind name), or null when it does not take part in reports. */
  reportType: ReportableKind | null;
  /** Its campus-search group, or null when search does not find it. */
  searchType: KindSearchType | null;
  /** The alert list that watches it, or null when it takes no saved alerts. */
  alertType: KindAlertType | null;
  /** The page of one record, e.g. `/marketplace/{id}` (search hits, reports, notices). */
  link: (id: string) => string;
  /**
   * The visibility every list of these records uses (docs/design.md §4): the record is not hidden after
   * reports nor removed, and its owner is not deactivated — an anti-join (deactivated owners are
   * few) — over `t`, the table or an alias of it. The owner still sees a hidden record in their own
   * list ("My listings"), which does not use it.
   */
  visible: (db: Db, t?: KindTable) => SQL;
  /**
   * No block between `viewer` and the record's owner, either way (docs/privacy.md "Block"): every
   * list and campus search add it to {@link visible} for the signed-in viewer, over `t` (the table
   * or an alias); a null viewer matches every record.
   */
  notBlocked: (viewer: ViewerRef, t?: KindTable) => SQL;
  /** {@link RecordKindSpec.browse}, {@link visible} and {@link notBlocked} for `viewer`: what campus search finds. */
  browsable: (db: Db, viewer?: ViewerRef) => SQL;
  /**
   * Loads a record `viewer` may see, or throws 404 `messages.notFound` (unknown id, a record of a
   * deactivated owner for anyone but an admin, or a hidden or removed record for anyone but its
   * owner and admins, or a record whose owner and `viewer` have a block between them — as if it did
   * not exist, docs/privacy.md "Block"). Ids are UUIDs already (route params schema).
   */
  loadVisible: (ctx: ServiceContext, viewer: SessionUser, id: string) => Promise<Loaded<InferSelectModel<T>>>;
  /** The titles of the records `ids` that exist, by id (a deleted record has none). */
  titles: (db: Db, ids: string[]) => Promise<Map<string, string>>;
  /** Hides a record while reports are reviewed (`hidden_at` set, kept when already set). */
  hide: (db: Db, id: string) => Promise<void>;
  /** Restores a hidden record (`hidden_at` cleared); saved alerts see it again ({@link announce}). */
  restore: (db: Db, id: string) => Promise<void>;
  /**
   * Queues record `id`, which just became visible (created, restored, renewed), for matching
   * against saved alerts (docs/alerts.md): an `alert_outbox` row and a wake-up, through `db` — call
   * it inside the transaction that makes the record visible, so the match happens exactly when it
   * commits. Does nothing for a kind that takes no alerts.
   */
  announce: (db: Db, id: string) => Promise<void>;
  /** Removes a record for good after reports (`removed_at` set, `hidden_at` kept set). */
  remove: (db: Db, id: string) => Promise<void>;
  /** The notice a record's owner gets when an administrator deleted it (a `system` notice opening {@link path}). */
  adminDeletionNotice: (row: InferSelectModel<T>) => Notice;
}

/** A kind whose table and columns are not known to the reader (the list in `src/record-kinds.ts`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the list's readers use only what every kind has
export type AnyRecordKind = RecordKind<any, any, any>;

/** A kind that campus search finds: its `search` is there. */
export type SearchableRecordKind = AnyRecordKind & { searchType: KindSearchType; search: KindSearch<Columns, Columns> };

/**
 * The error thrown at start when a kind's declaration in a feature and its contract declaration
 * disagree about campus search, named so the fix is plain.
 */
function capabilityMismatch(declared: RecordKindDeclaration, hasSearch: boolean): Error {
  return new Error(
    hasSearch
      ? `Record kind "${declared.kind}" declares \`search\` but its contract declaration (packages/contract/src/record-kinds.ts) has no \`search\`.`
      : `Record kind "${declared.kind}" is searchable in packages/contract/src/record-kinds.ts but its recordKind() declares no \`search\`.`,
  );
}

/**
 * Declares a kind of record (docs/architecture.md "Building blocks"): the feature's declaration
 * with the operations search, reports, file access and `ownedRecords` (lib/owned-records.ts) share
 * — the visibility predicate, the visible loader, titles, hide/restore/remove and the
 * admin-deletion notice — built once from it.
 */
export function recordKind<T extends KindTable, TC extends Columns, SC extends Columns>(
  spec: RecordKindSpec<T, TC, SC>,
): RecordKind<T, TC, SC> {
  const declared: RecordKindDeclaration = RECORD_KIND_DECLARATIONS[spec.kind];
  if (Boolean(declared.search) !== Boolean(spec.search)) throw capabilityMismatch(declared, Boolean(spec.search));
  const { table, messages } = spec;
  const { path } = declared;
  const alertType = (declared.alerts?.type ?? null) as KindAlertType | null;
  type Row = InferSelectModel<T>;
  const t = table as KindTable;
  const title = spec.title as (row: unknown) => string;

  function visible(db: Db, alias: KindTable = table): SQL {
    const at = alias;
    return and(
      isNull(at.hiddenAt),
      notExists(
        db
          .select({ one: sql`1` })
          .from(users)
          .where(and(eq(users.id, at.userId), isNotNull(users.deactivatedAt))),
      ),
    )!;
  }

  async function loadVisible(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<Loaded<Row>> {
    const [found] = await ctx.db
      .select({ row: t, ownerName: users.name, ownerDeactivatedAt: users.deactivatedAt })
      .from(t)
      .innerJoin(users, eq(users.id, t.userId))
      .where(eq(t.id, id));
    if (!found || (found.ownerDeactivatedAt && !isAdmin(viewer))) throw notFound(messages.notFound);
    const row = found.row as { userId: string; hiddenAt: Date | null };
    if (row.hiddenAt && row.userId !== viewer.id && !isAdmin(viewer)) throw notFound(messages.notFound);
    if (row.userId !== viewer.id && !isAdmin(viewer) && (await blockedEitherWay(ctx.db, viewer.id, row.userId)))
      throw notFound(messages.notFound);
    return { row: row as Row, ownerName: found.ownerName };
  }

  async function titles(db: Db, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ ...spec.titleColumns, id: t.id } as Columns)
      .from(t)
      .where(inArray(t.id, ids));
    return new Map(rows.map((r) => [r.id as string, title(r)]));
  }

  /** Sets the moderation columns of record `id` to `set`. */
  async function moderate(db: Db, id: string, set: Record<string, unknown>): Promise<void> {
    await db
      .update(t)
      .set(set as never)
      .where(eq(t.id, id));
  }

  async function announce(db: Db, id: string): Promise<void> {
    if (!alertType) return;
    await db.insert(alertOutbox).values({ kind: alertType, recordId: id });
    await wakeOutbox(db, ALERT_OUTBOX);
  }

  return {
    ...spec,
    owner: t.userId,
    path,
    reportType: declared.reports ? (spec.kind as ReportableKind) : null,
    searchType: (declared.search?.type ?? null) as KindSearchType | null,
    alertType,
    link: (id) => `${path}/${id}`,
    visible,
    notBlocked: (viewer, alias = table) => noBlockBetween(viewer, alias.userId),
    browsable: (db, viewer = null) => and(spec.browse(table), visible(db), noBlockBetween(viewer, t.userId))!,
    loadVisible,
    titles,
    hide: (db, id) => moderate(db, id, { hiddenAt: sql`coalesce(${t.hiddenAt}, now())` }),
    restore: async (db, id) => {
      await moderate(db, id, { hiddenAt: null });
      await announce(db, id);
    },
    announce,
    remove: (db, id) => moderate(db, id, { hiddenAt: sql`coalesce(${t.hiddenAt}, now())`, removedAt: sql`now()` }),
    adminDeletionNotice: (row) => ({
      userId: (row as { userId: string }).userId,
      message: messages.adminDeleted(title(row)),
      type: 'system',
      link: path,
    }),
  };
}
