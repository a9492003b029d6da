/**
 * The header's search combobox against a stubbed `GET /api/search`: one request after
 * typing stops, grouped suggestions; the APG combobox keys (docs/web-patterns.md): no option active
 * after typing, arrow + Enter opens a hit's link, Enter without an active option opens /search?q=,
 * typing again leaves the options, Escape closes; the empty and failure states, a guest's "Log in
 * to search" (no request), and the phone panel's icon → full-width box → Escape back to the icon.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_MESSAGES, type SearchData } from '@campus/contract/search';
import type { AuthState } from '../../lib/auth-slice';
import { json, stubFetch } from '../../test/http';
import { LocationProbe, makeUser, renderApp } from '../../test/render';
import HeaderSearch from './components/header-search';
import { allResultsFor, SEARCH_DEBOUNCE_MS, SearchCombobox } from './components/search-combobox';

const found: SearchData = {
  q: 'calc',
  groups: [
    {
      type: 'marketplace',
      total: 2,
      items: [
        {
          id: 'l1',
          title: 'Casio calculator',
          snippet: [
            { text: 'Casio ', match: false },
            { text: 'calc', match: true },
            { text: 'ulator, barely used', match: false },
          ],
          link: '/marketplace/l1',
        },
        { id: 'l2', title: 'Calculus book', snippet: [{ text: 'Calc', match: true }], link: '/marketplace/l2' },
      ],
    },
    { type: 'lost-found', total: 0, items: [] },
    {
      type: 'rides',
      total: 1,
      items: [{ id: 'r1', title: 'Campus → Calcutta', snippet: [], link: '/rides/r1' }],
    },
    { type: 'skills', total: 0, items: [] },
  ],
};
const nothing: SearchData = { q: 'zzz', groups: found.groups.map((g) => ({ ...g, total: 0, items: [] })) };

const signedIn = { status: 'authenticated' as const, user: makeUser() };

/** Stubs the API; `reply` answers /api/search. Returns the search requests' query strings. */
function stubSearch(reply: (q: string) => Response = () => json(200, { success: true, data: found })) {
  const asked: URLSearchParams[] = [];
  stubFetch(({ path, url }) => {
    if (path === '/api/search') {
      asked.push(url.searchParams);
      return reply(url.searchParams.get('q') ?? '');
    }
    return json(404, { success: false, message: 'Not found' });
  });
  return asked;
}

function renderBox(auth: Partial<AuthState> = signedIn) {
  return renderApp(
    <>
      <SearchCombobox />
      <Routes>
        <Route path="*" element={<LocationProbe name="page" />} />
      </Routes>
    </>,
    { auth },
  );
}

/** Renders the box over the stubbed search, types `q` and waits for the calculator hit; returns the user and the input. */
async function typeUntilHits(q: string) {
  stubSearch();
  const user = userEvent.setup();
  renderBox();
  const input = screen.getByRole('combobox', { name: 'Search' });
  await user.type(input, q);
  await screen.findByRole('option', { name: /Casio calculator/ });
  return { user, input };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SearchCombobox', () => {
  it("taking over text typed into the light box before it loaded, shows that text's hits without another key", async () => {
    stubSearch();
    const user = userEvent.setup();
    renderApp(<SearchCombobox autoFocus initialText="calc" />, { auth: signedIn });
    expect(screen.getByRole('combobox', { name: 'Search' })).toHaveValue('calc');
    expect(await screen.findByRole('option', { name: /Casio calculator/ })).toBeVisible();
    // Escape closes that list like any other.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('option', { name: /Casio calculator/ })).toBeNull());
  });

  it('asks the server once, after typing stops, and shows the hits grouped by feature', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked = stubSearch();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderBox();
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'calc');
    expect(asked).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    const list = await screen.findByRole('listbox');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.get('q')).toBe('calc');
    expect(within(list).getByRole('group', { name: 'Marketplace' })).toBeInTheDocument();
    expect(within(list).getByRole('group', { name: 'Rides' })).toBeInTheDocument();
    expect(within(list).queryByRole('group', { name: 'Lost & Found' })).not.toBeInTheDocument();
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Casio calculatorCasio calculator, barely used',
      'Calculus bookCalc',
      'Campus → Calcutta',
      allResultsFor('calc'),
    ]);
    expect(within(list).getByText('calc', { selector: 'mark' })).toBeInTheDocument();
  });

  it('opens the highlighted hit on Enter (arrow keys move the highlight)', async () => {
    const { user, input } = await typeUntilHits('calc');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /Calculus book/ })).toHaveAttribute('data-focus');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('path')).toHaveTextContent('/marketplace/l2');
    expect(input).toHaveValue('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('after typing no option is active: the input names none and Enter opens /search?q=', async () => {
    const { user, input } = await typeUntilHits('calc');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    for (const option of screen.getAllByRole('option')) expect(option).not.toHaveClass('data-focus:bg-accent-soft');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('path')).toHaveTextContent('/search?q=calc');
    // Still expanded for Headless UI (nothing was chosen), it names a listbox that exists (axe: aria-required-attr).
    const expanded = input.getAttribute('aria-expanded') === 'true';
    const controls = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(!expanded || controls !== null).toBe(true);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('arrow down, then Enter, opens the first suggestion, which the input names once moved to', async () => {
    const { user, input } = await typeUntilHits('calc');
    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: /Casio calculator/ });
    expect(input).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveClass('data-focus:bg-accent-soft');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('path')).toHaveTextContent('/marketplace/l1');
  });

  it('typing again leaves the options: Enter searches, and the next arrow starts from the first', async () => {
    const { user, input } = await typeUntilHits('calc');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Calculus book/ }).id);
    await user.type(input, 'u');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Casio calculator/ }).id);
    await user.keyboard('{Backspace}{Enter}');
    expect(screen.getByTestId('path')).toHaveTextContent('/search?q=calc');
  });

  it('arrow up on a closed list opens it at the last option, "All results for …"', async () => {
    const { user, input } = await typeUntilHits('calc');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{ArrowUp}');
    const all = await screen.findByRole('option', { name: allResultsFor('calc') });
    expect(input).toHaveAttribute('aria-activedescendant', all.id);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('path')).toHaveTextContent('/search?q=calc');
  });

  it('opens /search?q= on Enter when no hit is highlighted', async () => {
    const { user } = await typeUntilHits('  calc & co ');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('path')).toHaveTextContent('/search?q=calc+%26+co');
  });

  it('opens /search?q= on Enter after Escape closed the list, and at once before any answer', async () => {
    const { user, input } = await typeUntilHits('calc');
    await user.keyboard('{Escape}{Enter}');
    expect(screen.getByTestId('path')).toHaveTextContent('/search?q=calc');
    await user.type(input, 'bike{Enter}');
    expect(screen.getByTestId('path')).toHaveTextContent('/search?q=bike');
  });

  it('closes the list on Escape and keeps the text', async () => {
    const { user, input } = await typeUntilHits('calc');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('calc');
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
  });

  it('says there is nothing for the query', async () => {
    stubSearch(() => json(200, { success: true, data: nothing }));
    const user = userEvent.setup();
    renderBox();
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText(SEARCH_MESSAGES.noResults('zzz'))).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([allResultsFor('zzz')]);
  });

  it('shows the failure, and asks again when the text changes', async () => {
    stubSearch((q) =>
      q === 'calc' ? json(500, { success: false, message: 'Boom' }) : json(200, { success: true, data: found }),
    );
    const user = userEvent.setup();
    renderBox();
    const input = screen.getByRole('combobox', { name: 'Search' });
    await user.type(input, 'calc');
    expect(await screen.findByText(SEARCH_MESSAGES.failed)).toBeInTheDocument();
    expect(screen.getByRole('option', { name: allResultsFor('calc') })).toBeInTheDocument();
    await user.type(input, 'u');
    expect(await screen.findByRole('option', { name: /Casio calculator/ })).toBeInTheDocument();
    expect(screen.queryByText(SEARCH_MESSAGES.failed)).not.toBeInTheDocument();
  });

  it('asks a guest to log in, without a request', async () => {
    const asked = stubSearch();
    const user = userEvent.setup();
    renderBox({ status: 'unauthenticated', user: null });
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'calc');
    const login = await screen.findByRole('link', { name: SEARCH_MESSAGES.loginToSearch });
    expect(login).toHaveAttribute('href', '/login');
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 50));
    expect(asked).toHaveLength(0);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(login);
    expect(screen.getByTestId('path')).toHaveTextContent('/login');
    expect(screen.getByTestId('from')).toHaveTextContent('/');
  });
});

describe('HeaderSearch', () => {
  // Runs before any other HeaderSearch test: the combobox module is not loaded yet.
  it('takes typing in a light box until the combobox loads, which keeps the text and the focus', async () => {
    stubSearch();
    renderApp(<HeaderSearch />, { auth: signedIn });
    const light = screen.getByRole('combobox', { name: 'Search' });
    expect(light).not.toHaveAttribute('data-headlessui-state');
    fireEvent.change(light, { target: { value: 'calc' } });
    act(() => light.focus());
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Search' })).toHaveAttribute('data-headlessui-state'),
    );
    const box = screen.getByRole('combobox', { name: 'Search' });
    expect(box).toHaveValue('calc');
    expect(box).toHaveFocus();
    expect(await screen.findByRole('option', { name: /Campus → Calcutta/ })).toBeInTheDocument();
  });
});

describe('HeaderSearch on a phone', () => {
  it('opens a focused full-width box from the icon and closes it with Escape', async () => {
    stubSearch();
    const user = userEvent.setup();
    renderApp(<HeaderSearch />, { auth: signedIn });
    const toggle = screen.getByRole('button', { name: 'Open search' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const input = within(panel).getByRole('combobox', { name: 'Search' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it('closes the panel once a hit is opened', async () => {
    stubSearch();
    const user = userEvent.setup();
    renderApp(<HeaderSearch />, { auth: signedIn });
    const toggle = screen.getByRole('button', { name: 'Open search' });
    await user.click(toggle);
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    await user.type(within(panel).getByRole('combobox', { name: 'Search' }), 'calc');
    await user.click(await within(panel).findByRole('option', { name: /Campus → Calcutta/ }));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  });
});
