/**
 * The benchmarks' database: embedded PGlite in memory, or, given a PostgreSQL URL, a scratch
 * database created on that server and dropped by `cleanup`.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createPglite, fromPglite, openPostgres, type Database } from '../../apps/api/src/db/client.ts';

/** Opens the benchmark database (`poolSize` connections on PostgreSQL); `label` says which. */
export async function openScratchDatabase(
  pgUrl: string | undefined,
  poolSize: number,
): Promise<{ database: Database; label: string; cleanup: () => Promise<void> }> {
  if (!pgUrl) {
    const database = fromPglite(await createPglite());
    return { database, label: 'PGlite (embedded, in memory)', cleanup: () => database.close() };
  }
  const name = `cc_bench_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  const database = await openPostgres(u.toString(), poolSize);
  return {
    database,
    label: `PostgreSQL (${u.host}, scratch database ${name})`,
    cleanup: async () => {
      await database.close();
      // Let the pool's sockets finish closing before the forced drop (else pg reports their termination).
      await new Promise((r) => setTimeout(r, 500));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
