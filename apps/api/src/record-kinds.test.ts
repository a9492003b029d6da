/**
 * The features that read other features' records — campus search, reports and file access — name
 * no other feature's table (docs/architecture.md "Building blocks"): they reach records through the
 * record kinds (`src/record-kinds.ts`) and other features' services. This test reads their source
 * (tests and authorization rows aside) and fails on an import of another feature's schema module
 * or on a table of one — its export name in code, its SQL name in SQL text. `users` is the account
 * table every feature and `lib/auth.ts` read (owner names, who is active), not a feature's record.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { RECORD_KIND_LIST, type RecordKindDeclaration } from '@campus/contract/record-kinds';
import { recordKind, type AnyRecordKind } from './lib/record-kinds.ts';
import { marketplaceKind } from './features/marketplace/marketplace.kind.ts';
import { RECORD_KINDS } from './record-kinds.ts';

const src = path.dirname(fileURLToPath(import.meta.url));
const FEATURES_READING_RECORDS = ['search', 'reports', 'files'];
/** Schema modules every feature may read (see above). */
const SHARED = ['users'];
/** Feature folders. */
const features = fs.readdirSync(path.join(src, 'features'));

/** Each feature's tables (from `db/schema/<feature>.ts`): export name and SQL name. */
async function tablesByFeature(): Promise<Map<string, { name: string; sqlName: string }[]>> {
  const byFeature = new Map<string, { name: string; sqlName: string }[]>();
  for (const file of fs.readdirSync(path.join(src, 'db/schema'))) {
    const feature = file.replace(/\.ts$/, '');
    if (!features.includes(feature) || SHARED.includes(feature)) continue;
    const module = (await import(path.join(src, 'db/schema', file))) as Record<string, unknown>;
    const tables = Object.entries(module)
      .filter(([, value]) => is(value, PgTable))
      .map(([name, table]) => ({ name, sqlName: getTableName(table as PgTable) }));
    byFeature.set(feature, tables);
  }
  return byFeature;
}

/** The source of a feature (no tests, no authorization rows), by file. */
function sourceOf(feature: string): Map<string, string> {
  const dir = path.join(src, 'features', feature);
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !/\.(test|test-d|cases)\.ts$/.test(f));
  return new Map(files.map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
}

/**
 * `code` without comments and quoted strings (a route path such as '/rides' or a search type named
 * like a table is not a use of it); template literals stay, so SQL text and `${table}` are read.
 */
function codeOf(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
    .replace(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g, "''");
}

/** Where `feature`'s source names a table of another feature: `file: what`. */
function namedTables(feature: string, tables: Map<string, { name: string; sqlName: string }[]>): string[] {
  const found: string[] = [];
  for (const [file, source] of sourceOf(feature)) {
    const code = codeOf(source);
    for (const [owner, ofOwner] of tables) {
      if (owner === feature) continue;
      if (new RegExp(`db/schema/${owner}\\.ts`).test(source)) found.push(`${file}: imports db/schema/${owner}.ts`);
      for (const { name, sqlName } of ofOwner)
        for (const word of new Set([name, sqlName]))
          if (new RegExp(`(?<![\\w.$-])${word}(?![\\w-])`).test(code)) found.push(`${file}: ${owner}'s table ${word}`);
    }
  }
  return found;
}

/** Every record kind a `features/<f>/*.kind.ts` file exports, as `<file>: <export>`. */
async function declaredKinds(): Promise<Map<AnyRecordKind, string>> {
  const found = new Map<AnyRecordKind, string>();
  for (const feature of features)
    for (const file of fs.readdirSync(path.join(src, 'features', feature)).filter((f) => f.endsWith('.kind.ts'))) {
      const module = (await import(path.join(src, 'features', feature, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module))
        if (value && typeof value === 'object' && 'loadVisible' in value && 'table' in value)
          found.set(value as AnyRecordKind, `features/${feature}/${file}: ${name}`);
    }
  return found;
}

/** The declared kinds that `listed` misses, by name. */
function unlisted(declared: Map<AnyRecordKind, string>, listed: readonly AnyRecordKind[]): string[] {
  return [...declared].filter(([kind]) => !listed.includes(kind)).map(([, name]) => name);
}

describe('the list of record kinds', () => {
  it('lists every kind a *.kind.ts declares in RECORD_KINDS (src/record-kinds.ts)', async () => {
    const declared = await declaredKinds();
    expect(declared.size).toBeGreaterThan(0);
    expect(unlisted(declared, RECORD_KINDS), 'kinds missing from RECORD_KINDS in apps/api/src/record-kinds.ts').toEqual(
      [],
    );
  });

  it('would name a kind left out of RECORD_KINDS', async () => {
    const declared = await declaredKinds();
    const listed = RECORD_KINDS.filter((kind) => kind.kind !== 'ride');
    expect(unlisted(declared, listed)).toEqual(['features/rides/rides.kind.ts: rideKind']);
  });

  it('has one API kind for each kind of the contract (packages/contract/src/record-kinds.ts), in its order', () => {
    expect(RECORD_KINDS.map((kind) => kind.kind)).toEqual(RECORD_KIND_LIST.map((d) => d.kind));
  });

  it('refuses to build a kind whose search spec disagrees with its contract declaration', () => {
    expect(() => recordKind({ ...marketplaceKind, search: undefined })).toThrow(
      'Record kind "listing" is searchable in packages/contract/src/record-kinds.ts but its recordKind() declares no `search`.',
    );
  });

  it('takes each kind’s page and capabilities from its contract declaration', () => {
    for (const kind of RECORD_KINDS) {
      const declared: RecordKindDeclaration = RECORD_KIND_LIST.find((d) => d.kind === kind.kind)!;
      expect(kind.link('0')).toBe(`${declared.path}/0`);
      expect(kind.searchType).toBe(declared.search?.type ?? null);
      expect(Boolean(kind.search)).toBe(Boolean(declared.search));
      expect(kind.alertType).toBe(declared.alerts?.type ?? null);
    }
  });
});

describe('features reading other features’ records', () => {
  it.each(FEATURES_READING_RECORDS)('%s names no table of another feature', async (feature) => {
    expect(namedTables(feature, await tablesByFeature())).toEqual([]);
  });

  it('would see a table named in code or SQL text, not in a comment or a route string', async () => {
    const tables = await tablesByFeature();
    const named = (text: string) => {
      const code = codeOf(text);
      return [...tables.values()]
        .flat()
        .filter(({ name, sqlName }) =>
          [name, sqlName].some((word) => new RegExp(`(?<![\\w.$-])${word}(?![\\w-])`).test(code)),
        );
    };
    expect(named('db.select().from(marketplaceItems)').map((t) => t.name)).toEqual(['marketplaceItems']);
    expect(named('sql`SELECT 1 FROM rides WHERE x`').map((t) => t.name)).toEqual(['rides']);
    expect(named("// rides\nconst link = '/rides';")).toEqual([]);
  });

  it('lists every kind of record once, each with its own table, name, report type, search group and alert list', () => {
    const distinct = (values: unknown[]) => {
      const set = values.filter((v) => v !== null);
      return new Set(set).size === set.length;
    };
    expect(RECORD_KINDS.length).toBeGreaterThan(0);
    for (const of of ['table', 'kind', 'reportType', 'searchType', 'alertType'] as const)
      expect(distinct(RECORD_KINDS.map((k) => k[of])), of).toBe(true);
  });
});
