/**
 * The /search page against a stubbed `GET /api/search`: the groups with their counts
 * (a capped one as "100+") and hits (matched words in `<mark>`, links to the records), "See all
 * in …" with the feature's search parameter filled, the document title, searching again, and the
 * empty, no-query and error states.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { SEARCH_COUNT_CAP, SEARCH_MESSAGES, type SearchData } from '@campus/contract/search';
import { json, stubFetch } from '../../test/http';
import { LocationProbe, makeUser, renderApp } from '../../test/render';
import SearchPage, { RESULTS_PER_GROUP } from './pages/search-page';
import { BUSY_RETRY } from './search-api';

const found: SearchData = {
  q: 'calc',
  groups: [
    {
      type: 'marketplace',
      total: 7,
      items: [
        {
          id: 'l1',
          title: 'Casio calculator',
          snippet: [
            { text: 'Casio ', match: false },
            { text: 'calc', match: true },
            { text: 'ulator', match: false },
          ],
          link: '/marketplace/l1',
        },
      ],
    },
    { type: 'lost-found', total: 0, items: [] },
    { type: 'rides', total: 0, items: [] },
    {
      type: 'skills',
      total: 1,
      items: [{ id: 's1', title: 'Asha Verma', snippet: [{ text: 'Calculus', match: true }], link: '/skill-exchange' }],
    },
    {
      type: 'places',
      total: 1,
      items: [
        {
          id: 'p1',
          title: 'Calcutta Canteen',
          snippet: [{ text: 'Food', match: false }],
          link: '/map/calcutta-canteen',
        },
      ],
    },
  ],
};

function renderPage(path: string) {
  return renderApp(
    <Routes>
      <Route path="search" element={<SearchPage />} />
      <Route path="*" element={<LocationProbe name="elsewhere" />} />
    </Routes>,
    { auth: { status: 'authenticated', user: makeUser() }, initialEntries: [path] },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('SearchPage', () => {
  it('shows each group with its hits and a See all link with the search filled in', async () => {
    const asked: URLSearchParams[] = [];
    stubFetch(({ url }) => {
      asked.push(url.searchParams);
      return json(200, { success: true, data: found });
    });
    renderPage('/search?q=calc');
    const market = await screen.findByRole('region', { name: /Marketplace/ });
    expect(asked[0]!.get('q')).toBe('calc');
    expect(asked[0]!.get('limit')).toBe(String(RESULTS_PER_GROUP));
    expect(within(market).getByRole('link', { name: 'Casio calculator' })).toHaveAttribute('href', '/marketplace/l1');
    expect(within(market).getByText('calc', { selector: 'mark' })).toBeInTheDocument();
    expect(within(market).getByRole('link', { name: SEARCH_MESSAGES.seeAll('Marketplace') })).toHaveAttribute(
      'href',
      '/marketplace?search=calc',
    );
    const skills = screen.getByRole('region', { name: /Skill Exchange/ });
    expect(within(skills).getByRole('link', { name: SEARCH_MESSAGES.seeAll('Skill Exchange') })).toHaveAttribute(
      'href',
      '/skill-exchange',
    );
    // A place opens on the campus map; "See all" opens the map's own search.
    const places = screen.getByRole('region', { name: /Campus map/ });
    expect(within(places).getByRole('link', { name: 'Calcutta Canteen' })).toHaveAttribute(
      'href',
      '/map/calcutta-canteen',
    );
    expect(within(places).getByRole('link', { name: SEARCH_MESSAGES.seeAll('Campus map') })).toHaveAttribute(
      'href',
      '/map?q=calc',
    );
    expect(screen.queryByRole('region', { name: /Rides/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search results for “calc”');
    expect(document.title).toBe('Search results for “calc” · Campus Companion');
  });

  it('shows the count of each group, and a capped count as 100+', async () => {
    const capped: SearchData = {
      ...found,
      groups: found.groups.map((g) => (g.type === 'skills' ? { ...g, total: SEARCH_COUNT_CAP, totalCapped: true } : g)),
    };
    stubFetch(() => json(200, { success: true, data: capped }));
    renderPage('/search?q=calc');
    const market = await screen.findByRole('region', { name: /Marketplace/ });
    expect(within(market).getByRole('heading', { level: 2 })).toHaveTextContent('Marketplace(7)');
    const skills = screen.getByRole('region', { name: /Skill Exchange/ });
    expect(within(skills).getByRole('heading', { level: 2 })).toHaveTextContent('Skill Exchange(100+)');
  });

  it('searches again from its own box', async () => {
    const asked: string[] = [];
    stubFetch(({ url }) => {
      asked.push(url.searchParams.get('q')!);
      return json(200, { success: true, data: found });
    });
    const user = userEvent.setup();
    renderPage('/search?q=calc');
    await screen.findByRole('region', { name: /Marketplace/ });
    const box = screen.getByRole('searchbox', { name: 'Search again' });
    await user.clear(box);
    await user.type(box, 'cycle{Enter}');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Search results for “cycle”');
    expect(asked).toEqual(['calc', 'cycle']);
  });

  it('says when nothing matched', async () => {
    stubFetch(() =>
      json(200, {
        success: true,
        data: { q: 'zzz', groups: found.groups.map((g) => ({ ...g, total: 0, items: [] })) },
      }),
    );
    renderPage('/search?q=zzz');
    expect(await screen.findByText(SEARCH_MESSAGES.noResults('zzz'))).toBeInTheDocument();
  });

  it('asks for something to search without a query, and sends nothing', () => {
    const fetch = stubFetch(() => json(200, { success: true, data: found }));
    renderPage('/search');
    expect(screen.getByText(SEARCH_MESSAGES.queryRequired)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the failure with Retry', async () => {
    let fail = true;
    stubFetch(() =>
      fail ? json(500, { success: false, message: 'Down' }) : json(200, { success: true, data: found }),
    );
    const user = userEvent.setup();
    renderPage('/search?q=calc');
    expect(await screen.findByText(SEARCH_MESSAGES.failed)).toBeInTheDocument();
    expect(screen.getByText('Down')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: /Marketplace/ })).toBeInTheDocument();
  });

  it('tries a search the server refused as busy again after its Retry-After, and shows the results', async () => {
    let calls = 0;
    stubFetch(() =>
      ++calls === 1
        ? json(503, { success: false, message: COMMON_MESSAGES.busy })
        : json(200, { success: true, data: found }),
    );
    renderPage('/search?q=calc');
    expect(
      await screen.findByRole('region', { name: /Marketplace/ }, { timeout: BUSY_RETRY.afterMs * 3 }),
    ).toBeInTheDocument();
    expect(calls).toBe(2);
    expect(screen.queryByText(SEARCH_MESSAGES.failed)).not.toBeInTheDocument();
  });
});
