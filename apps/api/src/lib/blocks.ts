/**
 * What a block between two students changes (docs/privacy.md "Block"): neither sees the other's
 * records in lists, search or by link, the blocked student cannot send the blocker a skill request
 * or join their rides — each refused as if the record or the student did not exist. The block list
 * itself is the privacy feature's (`features/privacy`).
 */
import { and, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { userBlocks } from '../db/schema/privacy.ts';

/** A viewer's id: a value, a prepared statement's placeholder, or null (no viewer: nothing is blocked). */
export type ViewerRef = string | SQL | Placeholder | null;

/** The block rows between `viewer` and `owner`, either way. */
function between(viewer: ViewerRef, owner: AnyPgColumn | string): SQL {
  return or(
    and(sql`${userBlocks.blockerId} = ${viewer}`, sql`${userBlocks.blockedId} = ${owner}`),
    and(sql`${userBlocks.blockerId} = ${owner}`, sql`${userBlocks.blockedId} = ${viewer}`),
  )!;
}

/**
 * True unless `viewer` blocked the student in `owner` or was blocked by them (an anti-join on the
 * block table's key and its `blocked_id` index). A null viewer matches no block.
 */
export function noBlockBetween(viewer: ViewerRef, owner: AnyPgColumn): SQL {
  return sql`not exists (select 1 from ${userBlocks} where ${between(viewer, owner)})`;
}

/** Whether students `a` and `b` have a block between them, either way. */
export async function blockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
