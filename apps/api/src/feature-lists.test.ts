/**
 * The lists a feature registers in are complete (docs/architecture.md "Add a feature: the
 * checklist"): every folder of `src/features/` is named, once, in the demo seeders (or the features
 * without demo data), in the route-case tables, and in the test world's parts (or the features
 * without one); no list names a folder that does not exist; every route module a feature exports
 * is registered in the app's `FEATURES` list.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEATURES as ROUTE_MODULES } from './app.ts';
import { DEMO_SEEDERS, FEATURES_WITHOUT_DEMO_DATA } from './seed.ts';
import { FEATURE_CASES, FEATURE_WORLDS, FEATURES_WITHOUT_WORLD } from './test/route-cases.ts';

/** The feature folders, sorted. */
const FEATURES = readdirSync(new URL('./features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** `names` sorted, after checking that none repeats. */
function once(names: readonly string[]): string[] {
  expect(
    names.filter((name, i) => names.indexOf(name) !== i),
    'named twice',
  ).toEqual([]);
  return [...names].sort();
}

/** Every route plugin exported by a `features/<f>/*.routes.ts` file, as `<file>: <export>`. */
async function exportedRouteModules(): Promise<Map<unknown, string>> {
  const found = new Map<unknown, string>();
  for (const feature of FEATURES)
    for (const file of readdirSync(new URL(`./features/${feature}`, import.meta.url)).filter((f) =>
      f.endsWith('.routes.ts'),
    )) {
      const url = new URL(`./features/${feature}/${file}`, import.meta.url).href;
      const module = (await import(url)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module))
        if (typeof value === 'function') found.set(value, `features/${feature}/${file}: ${name}`);
    }
  return found;
}

/** The exported route modules that `registered` misses, by name. */
function unregistered(exported: Map<unknown, string>, registered: readonly unknown[]): string[] {
  return [...exported].filter(([plugin]) => !registered.includes(plugin)).map(([, name]) => name);
}

describe('feature lists', () => {
  it('finds the feature folders', () => {
    expect(FEATURES).toContain('rides');
  });

  it('names every feature in DEMO_SEEDERS or FEATURES_WITHOUT_DEMO_DATA (seed.ts)', () => {
    expect(once([...DEMO_SEEDERS.map((s) => s.feature), ...FEATURES_WITHOUT_DEMO_DATA])).toEqual(FEATURES);
  });

  it('has the route cases of every feature in FEATURE_CASES (test/route-cases.ts)', () => {
    expect(once(Object.keys(FEATURE_CASES))).toEqual(FEATURES);
  });

  it('names every feature in FEATURE_WORLDS or FEATURES_WITHOUT_WORLD (test/route-cases.ts)', () => {
    expect(once([...FEATURE_WORLDS.map((w) => w.feature), ...FEATURES_WITHOUT_WORLD])).toEqual(FEATURES);
  });

  it('registers every exported route module in FEATURES (app.ts)', async () => {
    const exported = await exportedRouteModules();
    expect(exported.size).toBeGreaterThan(10);
    expect(
      unregistered(
        exported,
        ROUTE_MODULES.map((f) => f.routes),
      ),
      'route modules missing from FEATURES in apps/api/src/app.ts',
    ).toEqual([]);
  });

  it('would name a route module left out of FEATURES', async () => {
    const exported = await exportedRouteModules();
    const registered = ROUTE_MODULES.map((f) => f.routes).filter(
      (r) => exported.get(r) !== 'features/rides/rides.routes.ts: ridesRoutes',
    );
    expect(unregistered(exported, registered)).toEqual(['features/rides/rides.routes.ts: ridesRoutes']);
  });
});
