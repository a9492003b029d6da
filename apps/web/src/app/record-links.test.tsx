/**
 * Every record kind's link (contract `record-kinds.ts`: `{path}/{id}`, which campus search, the
 * report queue and notifications open) has a route of the web app that renders the record itself —
 * a deep link with the id, not the not-found page — and a page the server renders for it
 * (docs/architecture.md "Add a feature: the checklist"). That the page then shows the record is the
 * journeys' part (e2e).
 */
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RECORD_KIND_LIST } from '@campus/contract/record-kinds';
import NotFoundPage from '../components/not-found-page';
import { pageModulesOf } from '../../page-modules';
import { AppRoutes } from './routes';
import routesSource from './routes.tsx?raw';

const routes = createRoutesFromChildren((AppRoutes() as ReactElement<{ children: ReactNode }>).props.children);
const pageMap = pageModulesOf(routesSource);
const ID = '0192f0c4-7b1e-7c3a-9d2e-5a6b7c8d9e0f';

/** Why the link `path/{id}` does not render a record, or null when it does. */
function deepLinkProblem(routeTable: RouteObject[], path: string): string | null {
  const last = matchRoutes(routeTable, `${path}/${ID}`)?.at(-1);
  if (!last || last.params.id !== ID) return `no route of apps/web/src/app/routes.tsx reads ${path}/:id`;
  const element = last.route.element;
  if (isValidElement(element) && element.type === NotFoundPage) return `${path}/:id opens the not-found page`;
  if (!pageMap[path.split('/')[1]!]) return `${path} has no entry in pageOfSegment (the server's page map)`;
  return null;
}

describe('record links', () => {
  it.each(RECORD_KIND_LIST.map((d) => [d.kind, d.path]))('%s: %s/{id} renders the record', (_kind, path) => {
    expect(deepLinkProblem(routes, path)).toBeNull();
  });

  it('would name a kind whose link has no page', () => {
    expect(deepLinkProblem(routes, '/no-such-kind')).toBe(
      'no route of apps/web/src/app/routes.tsx reads /no-such-kind/:id',
    );
    const notFoundRoute: RouteObject[] = [{ path: 'events/:id', element: <NotFoundPage /> }];
    expect(deepLinkProblem(notFoundRoute, '/events')).toBe('/events/:id opens the not-found page');
    expect(deepLinkProblem(routes, '/profile')).toBe('no route of apps/web/src/app/routes.tsx reads /profile/:id');
  });
});
