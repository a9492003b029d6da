/**
 * Vitest global setup: migrates ONE template database per run (docs/design.md §2): a PGlite data-dir dump
 * (`loadDataDir` per test file, ~0.8 s) or, with TEST_DATABASE_URL, a PostgreSQL template database
 * that each test file clones with CREATE DATABASE … TEMPLATE.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, fromPglite, openPostgres } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `cc_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const u = new URL(url);
    u.pathname = `/${template}`;
    const db = await openPostgres(u.toString(), 2);
    await runMigrations(db);
    await db.close();
    project.provide('pgTemplate', template);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
      await admin.end();
    };
  }
  const client = await createPglite();
  const database = fromPglite(client);
  await runMigrations(database);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'cc-template-')), 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await fs.rm(path.dirname(file), { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}
