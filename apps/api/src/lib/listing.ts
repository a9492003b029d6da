/**
 * Records a student posts with an optional photo (marketplace items, lost & found items; later
 * rides): loading them with the access check (DESIGN §4: 404 when not visible, 403 when visible but
 * not changeable), and creating, partially updating and deleting them together with their photo in
 * one transaction (DESIGN §6). Each feature keeps its own table, messages, fields and queries and
 * gets these operations from {@link ownedRecords}.
 */
import {
  and,
  eq,
  isNotNull,
  notExists,
  sql,
  type InferInsertModel,
  type InferSelectModel,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { allowChange, type Changeable, type ChangeRules } from './access.ts';
import { isAdmin, type SessionUser } from './auth.ts';
import { deleteFiles, putFile } from './blob-store.ts';
import type { ServiceContext } from './context.ts';
import { notFound } from './errors.ts';
import type { ProcessedFile } from './images.ts';

/** Escapes `%`, `_` and `\` so a search term matches literally inside ILIKE. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A table of records owned by a user, with an optional photo. */
export type OwnedTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn; imageFileId: AnyPgColumn };

/** The columns every owned record has. */
interface OwnedRow {
  id: string;
  userId: string;
  imageFileId: string | null;
}

/** A stored record with its owner's display name. */
export interface Loaded<Row> {
  row: Row;
  ownerName: string | null;
}

/** The feature's messages about its records (its `…_MESSAGES` constant has these keys). */
export interface OwnedRecordsMessages {
  notFound: string;
  forbidden: string;
  /** The notice its owner gets when an administrator deletes the record (`name` = its title). */
  adminDeleted: (name: string) => string;
}

/**
 * Tells a user something (the notifications feature's `notify`, handed in by the feature so that
 * `lib/` knows no feature — issue 22). Runs inside the caller's transaction (`ctx.db`).
 */
export type OwnerNotifier = (
  ctx: ServiceContext,
  userId: string,
  notice: { message: string; type: 'system'; link: string },
) => Promise<void>;

/** How the owner of a record an administrator deleted is told (see {@link ownedRecords}). */
export interface AdminDeletionNotice<Row> {
  /** The page the notice opens (e.g. `/marketplace`). */
  link: string;
  /** Sends it (the feature passes notifications' `notify`). */
  notify: OwnerNotifier;
  /** Names a record in the notice (default: its `itemName`). */
  title?: (row: Row) => string;
}

/**
 * The access-checked operations on one feature's table of owned records (issue 8: the one skeleton
 * marketplace, lost & found and later features share). `notice` says how an admin deletion is
 * announced to the record's owner; `rules` says who may do each action (`edit` and `delete`, and
 * any the feature adds, e.g. marketplace's `renew`) — the service, not the route, picks the rule by
 * the action (issue 22).
 */
export function ownedRecords<T extends OwnedTable, Action extends string>(
  table: T,
  messages: OwnedRecordsMessages,
  notice: AdminDeletionNotice<InferSelectModel<T>>,
  rules: ChangeRules<Action | 'edit' | 'delete'>,
) {
  const { link, notify } = notice;
  const title = notice.title ?? ((row: InferSelectModel<T>) => String((row as { itemName?: unknown }).itemName));
  type Row = InferSelectModel<T> & OwnedRow;
  type Insert = Omit<InferInsertModel<T>, 'userId' | 'imageFileId'>;
  const t = table as unknown as OwnedTable;

  /**
   * Loads a record `viewer` may see, or throws 404 (unknown id, or a record of a deactivated owner
   * for anyone but an admin). Ids are UUIDs already (route params schema).
   */
  async function loadVisible(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<Loaded<Row>> {
    const [found] = await ctx.db
      .select({ row: t, ownerName: users.name, ownerDeactivatedAt: users.deactivatedAt })
      .from(t)
      .innerJoin(users, eq(users.id, t.userId))
      .where(eq(t.id, id));
    if (!found || (found.ownerDeactivatedAt && !isAdmin(viewer))) throw notFound(messages.notFound);
    return { row: found.row as unknown as Row, ownerName: found.ownerName };
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

  /**
   * The visibility every list of these records uses (DESIGN §4): the owner is not deactivated. An
   * anti-join (deactivated owners are few), over `t` — the table or an alias of it.
   */
  function listVisible(db: Db, t: OwnedTable = table): SQL {
    return notExists(
      db
        .select({ one: sql`1` })
        .from(users)
        .where(and(eq(users.id, t.userId), isNotNull(users.deactivatedAt))),
    );
  }

  /** Inserts `values` owned by `owner` with the photo `image` (if any), in one transaction. */
  async function insert(ctx: ServiceContext, owner: SessionUser, values: Insert, image: ProcessedFile | null) {
    return ctx.db.transaction(async (tx) => {
      const imageFileId = image ? await putFile(tx, owner.id, image) : null;
      const [row] = await tx
        .insert(t)
        .values({ ...values, userId: owner.id, imageFileId } as never)
        .returning();
      return row as unknown as Row;
    });
  }

  /**
   * Partial update (DESIGN §4) of a checked record: `set` holds the sent fields; a new `image`
   * replaces the photo, `removeImage` deletes it, neither keeps it. One transaction; the old photo
   * is deleted with the change. Returns the stored row.
   */
  async function update(
    ctx: ServiceContext,
    loaded: Changeable<Loaded<Row>, Exclude<Action | 'edit', 'delete'>>,
    set: PgUpdateSetSource<T>,
    image: ProcessedFile | null,
    removeImage: boolean | undefined,
  ): Promise<Row> {
    const { row } = loaded;
    return ctx.db.transaction(async (tx) => {
      const imageFileId = await newImageFileId(tx, row.userId, image, removeImage);
      const changes: Record<string, unknown> = Object.fromEntries(
        Object.entries(set as object).filter(([, v]) => v !== undefined),
      );
      if (imageFileId !== undefined) changes.imageFileId = imageFileId;
      if (!Object.keys(changes).length) return row;
      const [updated] = await tx
        .update(t)
        .set(changes as never)
        .where(eq(t.id, row.id))
        .returning();
      if (imageFileId !== undefined) await deleteFiles(tx, [row.imageFileId]);
      return (updated as unknown as Row | undefined) ?? row;
    });
  }

  /**
   * Deletes a checked record and its photo. When an admin deletes someone else's record, its owner
   * is notified (`notice.notify`) in the same transaction.
   */
  async function remove(
    ctx: ServiceContext,
    viewer: SessionUser,
    loaded: Changeable<Loaded<Row>, 'delete'>,
  ): Promise<void> {
    const { row } = loaded;
    await ctx.db.transaction(async (tx) => {
      await tx.delete(t).where(eq(t.id, row.id));
      await deleteFiles(tx, [row.imageFileId]);
      if (row.userId !== viewer.id)
        await notify({ ...ctx, db: tx }, row.userId, {
          message: messages.adminDeleted(title(row)),
          type: 'system',
          link,
        });
    });
  }

  return { loadVisible, loadChangeable, listVisible, insert, update, remove };
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
