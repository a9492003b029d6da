/**
 * The lists a feature registers in are complete (docs/architecture.md "The places a new feature
 * touches"): every folder of `src/features/` is named, once, in the demo seeders (or the features
 * without demo data), in the route-case tables, and in the test world's parts (or the features
 * without one); no list names a folder that does not exist.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
});
