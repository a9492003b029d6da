/**
 * Internship Finder page (docs/product-spec.md §2, §4, §8): the form's defaults, the request it sends,
 * the running state with Cancel, results with Remote/On-site and Apply Now in a new tab, sort by
 * stipend, filters kept in the URL (and a URL search run on arrival), empty and error states.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { INTERNSHIP_MESSAGES as M, type InternshipListing } from '@campus/contract/internships';
import { json } from '../../test/http';
import { NETWORK_MESSAGE } from '../../lib/api';
import { LocationProbe, renderApp } from '../../test/render';
import { internshipErrorText } from './internships-api';
import InternshipsPage from './pages/internships-page';
import { sortListings } from './search-params';

const listing = (o: Partial<InternshipListing> & Pick<InternshipListing, 'id' | 'title'>): InternshipListing => ({
  company: 'Acme Labs',
  location: 'Delhi',
  work_from_home: false,
  hybrid: false,
  stipend: '₹ 10,000 /month',
  stipend_min: 10000,
  stipend_max: 10000,
  duration: '3 Months',
  apply_link: `https://internshala.com/internship/detail/${o.id}`,
  posted: null,
  start: null,
  ...o,
});

const LISTINGS = [
  listing({
    id: 'a',
    title: 'Backend Development',
    location: 'Delhi, Gurgaon',
    hybrid: true,
    stipend: '₹ 5,000 /month',
    stipend_min: 5000,
    stipend_max: 5000,
  }),
  listing({
    id: 'b',
    title: 'Machine Learning',
    location: 'Work from home',
    work_from_home: true,
    stipend: '₹ 15,000 - 20,000 /month',
    stipend_min: 15000,
    stipend_max: 20000,
  }),
  listing({ id: 'c', title: 'Software Testing', stipend: 'Competitive stipend', stipend_min: null, stipend_max: null }),
];

/** Stubs fetch: each call's JSON body is recorded; `reply` answers (or never, to test Cancel). */
function mockApi(reply: () => Promise<Response> | Response) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      bodies.push(await input.clone().json());
      return reply();
    }),
  );
  return bodies;
}
const ok = (internships: InternshipListing[], cached = false) =>
  json(200, {
    success: true,
    message: M.found,
    internships,
    source: 'https://internshala.com/internships/software-development-internship/',
    fetchedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    cached,
  });

function renderPage(url = '/intern-connect') {
  return renderApp(
    <Routes>
      <Route
        path="/intern-connect"
        element={
          <>
            <InternshipsPage />
            <LocationProbe name="probe" />
          </>
        }
      />
    </Routes>,
    { initialEntries: [url] },
  );
}

afterEach(() => vi.unstubAllGlobals());

/** Matches a paragraph by its whole text, across inline elements such as <time>. */
const sentence = (re: RegExp) => (_: string, el: Element | null) =>
  el?.tagName === 'P' && re.test(el.textContent ?? '');

describe('Internship Finder', () => {
  it('searches with the form (default field), shows results and keeps the filters in the URL', async () => {
    const bodies = mockApi(() => ok(LISTINGS));
    renderPage();
    expect(screen.getByLabelText('Field of Interest')).toHaveValue('Software Development');
    expect(screen.getByText('Find your next internship')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Location'), 'Delhi');
    await userEvent.type(screen.getByLabelText(/Minimum Stipend/), '5,000');
    await userEvent.click(screen.getByRole('button', { name: 'Find Internships' }));

    expect(await screen.findByRole('heading', { name: 'Internship Results' })).toBeInTheDocument();
    expect(bodies).toEqual([
      { job_category: 'Software Development', location: 'Delhi', work_from_home: false, stipend: 5000, refresh: false },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('path')).toHaveTextContent(
        '/intern-connect?category=Software+Development&location=Delhi&stipend=5000',
      ),
    );
    expect(screen.getByText(sentence(/^3 internships · fetched 5 minutes ago$/))).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Backend Development',
      'Machine Learning',
      'Software Testing',
    ]);
    expect(within(cards[0]!).getByText('On-site')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Hybrid')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Remote')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('₹ 15,000 - 20,000 /month')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('3 Months')).toBeInTheDocument();
    const apply = within(cards[1]!).getByRole('link', { name: /Apply Now/ });
    expect(apply).toHaveAttribute('href', 'https://internshala.com/internship/detail/b');
    expect(apply).toHaveAttribute('target', '_blank');
    expect(apply.getAttribute('rel')).toContain('noopener');
  });

  it("checks the form with the contract's schema, loaded at the first search: a message under the field, no request", async () => {
    const bodies = mockApi(() => ok(LISTINGS));
    renderPage();
    const field = screen.getByLabelText('Field of Interest');
    await userEvent.clear(field);
    await userEvent.type(field, 'x'.repeat(81));
    await userEvent.click(screen.getByRole('button', { name: 'Find Internships' }));
    expect(await screen.findByText(M.categoryLong)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it('sorts by stipend (unknown last) and keeps the sort in the URL', async () => {
    mockApi(() => ok(LISTINGS));
    renderPage('/intern-connect?category=Software+Development');
    await screen.findByRole('heading', { name: 'Internship Results' });
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'stipendHigh');
    const titles = () => screen.getAllByRole('article').map((c) => within(c).getByRole('heading').textContent);
    expect(titles()).toEqual(['Machine Learning', 'Backend Development', 'Software Testing']);
    expect(screen.getByTestId('path')).toHaveTextContent('sort=stipendHigh');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'stipendLow');
    expect(titles()).toEqual(['Backend Development', 'Machine Learning', 'Software Testing']);
  });

  it('runs the search in the URL on arrival, fills the form, and says "from N minutes ago" for a cached answer', async () => {
    const bodies = mockApi(() => ok(LISTINGS.slice(1), true));
    renderPage('/intern-connect?category=Data+Science&remote=1&stipend=10000');
    expect(await screen.findByText(sentence(/^2 internships · from 5 minutes ago$/))).toBeInTheDocument();
    expect(bodies).toEqual([
      { job_category: 'Data Science', location: '', work_from_home: true, stipend: 10000, refresh: false },
    ]);
    expect(screen.getByLabelText('Field of Interest')).toHaveValue('Data Science');
    expect(screen.getByLabelText('Remote Only')).toBeChecked();
    // Refresh asks the server to bypass its cache.
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ job_category: 'Data Science', refresh: true });
  });

  it('shows the running state with the note and elapsed seconds, and Cancel stops it', async () => {
    mockApi(() => new Promise<Response>(() => {}));
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Find Internships' }));
    expect(await screen.findByText(M.running)).toBeInTheDocument();
    expect(screen.getByText(M.runningNote)).toBeInTheDocument();
    expect(screen.getByText(/\d+ s elapsed/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Search cancelled.')).toBeInTheDocument();
    expect(screen.queryByText(M.running)).not.toBeInTheDocument();
  });

  it("shows the server's error text (blocked) with Try again, and an empty result honestly", async () => {
    let answer = () => json(502, { success: false, message: M.blocked });
    mockApi(() => answer());
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Find Internships' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(M.failed);
    expect(alert).toHaveTextContent(M.blocked);
    answer = () => ok([]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
  });

  it('maps failures to the docs/product-spec.md §8 texts', () => {
    expect(internshipErrorText({ status: 'TIMEOUT', message: 'x' })).toBe(M.timeout);
    expect(internshipErrorText({ status: 504, message: M.timeout, serverMessage: M.timeout })).toBe(M.timeout);
    expect(internshipErrorText({ status: 'NETWORK', message: NETWORK_MESSAGE })).toBe(NETWORK_MESSAGE);
    expect(internshipErrorText({ status: 500, message: 'Something went wrong. Please try again.' })).toBe(M.failed);
  });

  it('sortListings keeps the source order for relevance and puts unknown stipends last', () => {
    expect(sortListings(LISTINGS, 'relevance').map((l) => l.id)).toEqual(['a', 'b', 'c']);
    expect(sortListings(LISTINGS, 'stipendLow').map((l) => l.id)).toEqual(['a', 'b', 'c']);
    expect(sortListings([LISTINGS[2]!, ...LISTINGS.slice(0, 2)], 'stipendHigh').map((l) => l.id)).toEqual([
      'b',
      'a',
      'c',
    ]);
  });
});
