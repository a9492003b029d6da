/**
 * Prepared statements for hot queries: a query is built by Drizzle once per database
 * and statement shape, then executed with placeholders — no SQL text is built per request, and
 * PostgreSQL parses it once per connection (a named statement) and may keep a generic plan.
 */
import type { Db } from '../db/client.ts';

/**
 * Returns `get(db, shape)`, which builds the statement of `shape` for `db` with `build(db, name,
 * shape)` on first use and caches it. `prefix` + the shape's index make the statement's name
 * (unique per process: PostgreSQL keys named statements by name on each connection).
 */
export function preparedStatements<P, S extends string = ''>(
  prefix: string,
  build: (db: Db, name: string, shape: S) => P,
) {
  const cache = new WeakMap<Db, Map<S, P>>();
  const shapes = new Map<S, number>();
  return (db: Db, shape: S = '' as S): P => {
    let byShape = cache.get(db);
    if (!byShape) cache.set(db, (byShape = new Map()));
    let statement = byShape.get(shape);
    if (!statement) {
      if (!shapes.has(shape)) shapes.set(shape, shapes.size);
      statement = build(db, `${prefix}_${shapes.get(shape)}`, shape);
      byShape.set(shape, statement);
    }
    return statement;
  };
}
