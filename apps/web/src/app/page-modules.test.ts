/**
 * The page map the build writes for the server (apps/web/page-modules.ts): read from the route
 * table, one entry per first path segment, and a table the reader cannot follow fails the build.
 */
import { describe, expect, it } from 'vitest';
import { pageModulesOf } from '../../page-modules';
import routes from './routes.tsx?raw';

describe('pageModulesOf', () => {
  it('maps each first segment of the route table to its page import', () => {
    const map = pageModulesOf(routes);
    expect(map['']).toBe('../features/home/pages/home-page');
    expect(map['intern-connect']).toBe('../features/internships/pages/internships-page');
    expect(map.rides).toBe('../features/rides/pages/rides-page');
    // Every lazy page of the table is opened by some segment.
    const imports = [...routes.matchAll(/import\('(\.\.\/features\/[^']+-page)'\)/g)].map((m) => m[1]);
    expect(new Set(Object.values(map))).toEqual(new Set(imports));
  });

  it('refuses a table it cannot read instead of writing an empty map', () => {
    expect(() => pageModulesOf('const x = 1;')).toThrow(/no `const pages/);
    expect(() =>
      pageModulesOf(`const pages = { a: lazy(() => import('./a-page')) }; const pageOfSegment = { a: 'b' };`),
    ).toThrow(/names no page/);
  });
});
