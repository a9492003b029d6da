/**
 * The benchmarks' databases: opened in the benchmark's own process (embedded PGlite in memory, or
 * a scratch PostgreSQL database), or prepared for a server child process (a PGlite data directory
 * or a scratch PostgreSQL database), each dropped after the run.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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

/**
 * The database a benchmark's server child process opens: a fresh PGlite data directory under the
 * system temp dir (`dataDir`), plus, given a PostgreSQL URL, a scratch database on that server
 * (`databaseUrl`, named `scratchName`). `drop()` removes both; `drop({ keep: true })` keeps the
 * PostgreSQL database (its name is printed) to study query plans.
 */
export async function createServerDatabase(
  pgUrl: string | undefined,
  prefix: string,
): Promise<{
  dataDir: string;
  databaseUrl?: string;
  scratchName?: string;
  drop: (opts?: { keep?: boolean }) => Promise<void>;
}> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `${prefix.replace(/_/g, '-')}-`));
  const removeDir = () => fs.rm(dataDir, { recursive: true, force: true });
  if (!pgUrl) return { dataDir, drop: removeDir };
  const scratchName = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${scratchName}`);
  const u = new URL(pgUrl);
  u.pathname = `/${scratchName}`;
  return {
    dataDir,
    databaseUrl: u.toString(),
    scratchName,
    drop: async ({ keep = false } = {}) => {
      if (keep) console.log(`Kept the database ${scratchName}`);
      else await admin(`DROP DATABASE IF EXISTS ${scratchName} WITH (FORCE)`);
      await removeDir();
    },
  };
}
