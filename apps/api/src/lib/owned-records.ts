/**
 * Records a student posts with an optional photo (marketplace items, lost & found items, rides):
 * loading them with the access check (docs/design.md §4: 404 when not visible, 403 when visible but not
 * changeable), showing one in the API shape, and creating, partially updating and deleting them
 * together with their photo in one transaction (docs/design.md §6). Each feature declares its kind of record
 * once (`recordKind`, lib/record-kinds.ts: table, title, messages, notifier, visibility) and gets
 * these operations from {@link ownedRecords}; what a feature adds to an update or a deletion (rides:
 * a seat rule, notices to participants) it hands in.
 */
import { and, eq, type InferInsertModel, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { ModerationState } from '@campus/contract/reports';
import type { Db } from '../db/client.ts';
import { allowChange, type Changeable, type ChangeRules } from './access.ts';
import type { SessionUser } from './auth.ts';
import { deleteFiles, putFile } from './blob-store.ts';
import type { ServiceContext } from './context.ts';
import type { ProcessedFile } from './images.ts';
import { publishChanges } from './live-changes.ts';
import type { Columns, KindTable, Loaded, Notice, RecordKind } from './record-kinds.ts';

export type { Loaded, Notice } from './record-kinds.ts';

/** Escapes `%`, `_` and `\` so a search term matches literally inside ILIKE. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The `moderation` key of a record's API shape: `{ moderation: 'removed' }` once an
 * administrator removed it, `{ moderation: 'hidden' }` while reports hide it, else nothing. Only its
 * owner and admins can load such a record (`loadVisible`, `listVisible`).
 */
export function moderationOf(row: { hiddenAt: Date | null; removedAt: Date | null }): {
  moderation?: ModerationState;
} {
  if (row.removedAt) return { moderation: 'removed' };
  return row.hiddenAt ? { moderation: 'hidden' } : {};
}

/** The columns every owned record has. */
interface OwnedRow {
  id: string;
  userId: string;
  imageFileId: string | null;
  hiddenAt: Date | null;
}

/** How {@link ownedRecords}' `update` treats the photo, and what a feature adds (rides: the seat rule, notices). */
export interface UpdateOptions<Row> {
  /** A new photo, replacing the old one. */
  image?: ProcessedFile | null;
  /** Deletes the photo (when no new `image` comes). */
  removeImage?: boolean;
  /**
   * A condition the stored row must still meet, checked by the UPDATE itself (so a concurrent
   * change is seen), and `refused`, which throws why it did not hold (inside the transaction).
   */
  check?: { where: SQL; refused: (db: Db) => Promise<never> };
  /** The notices the change calls for (e.g. a ride's new time to its participants). */
  notices?: (db: Db, updated: Row, before: Row) => Promise<Notice[]>;
  /** The change makes the record visible again (a renewal): saved alerts match it (the kind's `announce`). */
  announce?: boolean;
}

/** What a feature adds to {@link ownedRecords}' `remove`: who else is told (rides: the participants). */
export interface RemoveOptions<Row> {
  /** The notices, gathered before the row goes (rows that cascade away with it can still be read). */
  notices?: (db: Db, row: Row) => Promise<Notice[]>;
}

/**
 * The access-checked operations on one kind of owned record (the one skeleton marketplace, lost &
 * found and rides share; docs/architecture.md "Building blocks"). `kind` gives the table, the
 * messages, the visibility and how an admin deletion is announced to the record's owner (its
 * title, page and notifier); `rules` says who may do each action (`edit` and `delete`, and any the
 * feature adds, e.g. marketplace's `renew`) — the service, not the route, picks the rule by the
 * action; `show` maps a record to the API shape as `viewer` may see it (what `get`, `insert` and
 * `update` return).
 */
export function ownedRecords<T extends KindTable, TC extends Columns, SC extends Columns, Action extends string, Api>(
  kind: RecordKind<T, TC, SC>,
  rules: ChangeRules<Action | 'edit' | 'delete'>,
  show: (
    ctx: ServiceContext,
    loaded: Loaded<InferSelectModel<T> & OwnedRow>,
    viewer: SessionUser,
  ) => Api | Promise<Api>,
) {
  const { table, messages, notify } = kind;
  type Row = InferSelectModel<T> & OwnedRow;
  type Insert = Omit<InferInsertModel<T>, 'userId' | 'imageFileId'>;
  const t = table as KindTable;

  /** Sends `notices` with the feature's notifier inside the transaction `db`. */
  async function send(ctx: ServiceContext, db: Db, notices: Notice[]): Promise<void> {
    for (const { userId, ...n } of notices) await notify({ ...ctx, db }, userId, n);
  }

  /** Loads a record `viewer` may see, or throws 404 (the kind's `loadVisible`). */
  const loadVisible = kind.loadVisible as (
    ctx: ServiceContext,
    viewer: SessionUser,
    id: string,
  ) => Promise<Loaded<Row>>;

  /** One record as `viewer` may see it (the feature's GET by id): 404 as {@link loadVisible}. */
  async function get(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<Api> {
    return show(ctx, await loadVisible(ctx, viewer, id), viewer);
  }

  /**
   * Loads a record `viewer` may change by `action`: 404 when not visible, 403 unless the owner (or,
   * when `rules[action]` is `ownerOrAdmin`, an admin). The only source of `Changeable` records of
   * this table; a record checked for one action is refused where another is required.
   */
  async function loadChangeable<A extends Action | 'edit' | 'delete'>(
    ctx: ServiceContext,
    viewer: SessionUser,
    id: string,
    action: A,
  ): Promise<Changeable<Loaded<Row>, A>> {
    const loaded = await loadVisible(ctx, viewer, id);
    return allowChange(viewer, loaded.row.userId, loaded, messages.forbidden, rules, action);
  }

  /** The visibility every list of these records uses (the kind's `visible`; campus search reuses it). */
  const listVisible = kind.visible;

  /**
   * Inserts `values` owned by `owner` with the photo `image` (if any), in one transaction that also
   * queues it for saved-alert matching (the kind's `announce`). Returns the record as `owner` sees
   * it (`show`).
   */
  async function insert(ctx: ServiceContext, owner: SessionUser, values: Insert, image: ProcessedFile | null) {
    const row = await ctx.db.transaction(async (tx) => {
      const imageFileId = image ? await putFile(tx, owner.id, image) : null;
      const [inserted] = await tx
        .insert(t)
        .values({ ...values, userId: owner.id, imageFileId } as never)
        .returning();
      const created = inserted as unknown as Row;
      await kind.announce(tx, created.id);
      return created;
    });
    return show(ctx, { row, ownerName: owner.name }, owner);
  }

  /**
   * Partial update (docs/design.md §4) of a checked record: `set` holds the sent fields (undefined = not
   * sent; a value may be SQL over the stored row, e.g. rides move `available_seats` with
   * `total_seats`); `options.image` replaces the photo, `options.removeImage` deletes it, neither
   * keeps it. `options.check` must hold for the stored row, else its `refused` throws;
   * `options.notices` are sent after the change, and every open live stream is told the record
   * changed (lib/live-changes.ts). One transaction; the old photo is deleted with
   * the change. Nothing sent → no write, no notice. Returns the record as `viewer` sees it (`show`).
   */
  async function update(
    ctx: ServiceContext,
    viewer: SessionUser,
    loaded: Changeable<Loaded<Row>, Exclude<Action | 'edit', 'delete'>>,
    set: PgUpdateSetSource<T>,
    options: UpdateOptions<Row> = {},
  ): Promise<Api> {
    const { row, ownerName } = loaded;
    const { check, notices } = options;
    const stored = await ctx.db.transaction(async (tx) => {
      const imageFileId = await newImageFileId(tx, row.userId, options.image ?? null, options.removeImage);
      const changes: Record<string, unknown> = Object.fromEntries(
        Object.entries(set as object).filter(([, v]) => v !== undefined),
      );
      if (imageFileId !== undefined) changes.imageFileId = imageFileId;
      if (!Object.keys(changes).length) return row;
      const [updated] = (await tx
        .update(t)
        .set(changes as never)
        .where(and(eq(t.id, row.id), check?.where))
        .returning()) as unknown as Row[];
      if (!updated) return check ? check.refused(tx) : row;
      if (imageFileId !== undefined) await deleteFiles(tx, [row.imageFileId]);
      if (notices) await send(ctx, tx, await notices(tx, updated, row));
      if (options.announce) await kind.announce(tx, updated.id);
      await publishChanges(tx, [{ type: kind.kind, id: updated.id }]);
      return updated;
    });
    return show(ctx, { row: stored, ownerName }, viewer);
  }

  /**
   * Deletes a checked record and its photo. `options.notices` (gathered before the delete) are sent,
   * then, when an admin deletes someone else's record, its owner is notified (the kind's
   * `adminDeletionNotice`), and every open live stream is told it changed — all in
   * the same transaction.
   */
  async function remove(
    ctx: ServiceContext,
    viewer: SessionUser,
    loaded: Changeable<Loaded<Row>, 'delete'>,
    options: RemoveOptions<Row> = {},
  ): Promise<void> {
    const { row } = loaded;
    await ctx.db.transaction(async (tx) => {
      const notices = (await options.notices?.(tx, row)) ?? [];
      await tx.delete(t).where(eq(t.id, row.id));
      await deleteFiles(tx, [row.imageFileId]);
      if (row.userId !== viewer.id) notices.push(kind.adminDeletionNotice(row));
      await send(ctx, tx, notices);
      await publishChanges(tx, [{ type: kind.kind, id: row.id }]);
    });
  }

  return { loadVisible, get, loadChangeable, listVisible, insert, update, remove };
}

/**
 * The photo change of a partial update, inside its transaction: a new image is stored (owned by
 * `ownerId`) and its id returned; `remove` without an image returns null; otherwise undefined (the
 * photo stays).
 */
async function newImageFileId(
  db: Db,
  ownerId: string,
  image: ProcessedFile | null,
  remove: boolean | undefined,
): Promise<string | null | undefined> {
  if (image) return putFile(db, ownerId, image);
  return remove ? null : undefined;
}
