/**
 * The data download's areas are complete (docs/privacy.md, docs/decisions/0800-data-rights-areas.md):
 * every feature folder keeps its data in {@link DATA_AREAS} or is named in
 * {@link FEATURES_WITHOUT_PERSONAL_DATA}, every record kind has its area, and no file name repeats.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECORD_KINDS } from '../../record-kinds.ts';
import { DATA_AREAS, FEATURES_WITHOUT_PERSONAL_DATA, type DataArea } from './privacy.queries.ts';

const FEATURES = readdirSync(new URL('..', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The feature folders neither list names. */
function undeclared(areas: readonly DataArea[], without: readonly string[]): string[] {
  const named = new Set([...areas.map((a) => a.feature), ...without]);
  return FEATURES.filter((f) => !named.has(f)).sort();
}

describe('data areas', () => {
  it('names every feature folder in DATA_AREAS or FEATURES_WITHOUT_PERSONAL_DATA (privacy.queries.ts)', () => {
    expect(undeclared(DATA_AREAS, FEATURES_WITHOUT_PERSONAL_DATA), 'features without a data area').toEqual([]);
    expect(
      FEATURES_WITHOUT_PERSONAL_DATA.filter((f) => !FEATURES.includes(f)),
      'no such folder',
    ).toEqual([]);
  });

  it('would name a feature left out of both', () => {
    expect(
      undeclared(
        DATA_AREAS.filter((a) => a.feature !== 'alerts'),
        FEATURES_WITHOUT_PERSONAL_DATA,
      ),
    ).toEqual(['alerts']);
  });

  it('has an area for every record kind, and one file per area', () => {
    expect(DATA_AREAS.filter((a) => a.kind).map((a) => a.kind)).toEqual(RECORD_KINDS.map((k) => k.kind));
    const files = DATA_AREAS.map((a) => a.file);
    expect(new Set(files).size).toBe(files.length);
  });
});
