/**
 * Rides page (docs/product-spec.md §2, §4): the URL filters and docs/product-spec.md §4's active-filter count, quick
 * filters toggling in the URL, the first 5 rides with "Show all", "Error Loading Rides" with Try
 * Again, and Join Ride / Cancel Join in the detail dialog with the seats following the server and
 * the docs/product-spec.md §8 alert on failure.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Ride } from '@campus/contract/rides';
import { RIDE_MESSAGES as R } from '@campus/contract/rides-ui';
import { json, stubFetch } from '../../test/http';
import { toast } from '../../lib/toast';
import { LocationProbe, makeUser, renderApp } from '../../test/render';
import RidesPage from './pages/rides-page';
import { QUICK_FILTERS, activeFilterCount, filtersFromParams, toggleQuickFilter } from './ride-filters';
import { rideFormResolver, toRequestFields, type RideFormValues } from './components/ride-form-modal';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

const me = makeUser();
const creatorId = '0190a000-0000-7000-8000-0000000000c1';
const HOUR = 3_600_000;

function ride(overrides: Partial<Ride> = {}): Ride {
  return {
    id: '0190a000-0000-7000-8000-0000000000r1',
    creatorId,
    pickupLocation: 'Railway Station',
    dropLocation: 'IIIT Sonepat Campus',
    departureDateTime: new Date(Date.now() + 5 * HOUR).toISOString(),
    totalSeats: 3,
    availableSeats: 3,
    estimatedCost: 450,
    description: 'After the evening train',
    phoneNumber: null,
    hasPhone: true,
    imageUrl: null,
    imageThumbUrl: null,
    direction: 'toCollege',
    participants: [],
    name: 'Riya Sharma',
    avatar: null,
    creator: { id: creatorId, name: 'Riya Sharma', avatar: null },
    isFull: false,
    hasDeparted: false,
    isJoined: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A fake API over `rides`: join/leave change the seats like the server; `fail` answers 500/409. */
function mockApi(rides: Ride[], opts: { failList?: boolean; failJoin?: boolean } = {}) {
  const calls: string[] = [];
  const store = new Map(rides.map((r) => [r.id, { ...r }]));
  stubFetch(async ({ req }) => {
    const url = req.url;
    const method = req.method;
    const { pathname: path, search } = new URL(url, 'http://x');
    calls.push(`${method} ${path}${search}`);
    if (path === '/api/institute')
      return json(200, { success: true, message: 'OK', data: { ridePlaces: ['Airport'] } });
    const join = /^\/api\/rides\/([^/]+)\/join$/.exec(path);
    if (join) {
      const r = store.get(join[1]!)!;
      if (opts.failJoin) return json(409, { success: false, message: R.full });
      if (method === 'POST')
        Object.assign(r, { availableSeats: r.availableSeats - 1, isJoined: true, phoneNumber: '9812345678' });
      else Object.assign(r, { availableSeats: r.availableSeats + 1, isJoined: false, phoneNumber: null });
      return json(200, { success: true, message: 'OK', data: [] });
    }
    const one = /^\/api\/rides\/([^/]+)$/.exec(path);
    if (one && one[1] !== 'user') return json(200, { success: true, message: 'OK', data: store.get(one[1]!) });
    if (opts.failList) return json(500, { success: false, message: 'Server error. Please try again later.' });
    const limit = Number(new URL(url, 'http://x').searchParams.get('limit') ?? 20);
    const all = [...store.values()];
    return json(200, {
      success: true,
      message: 'OK',
      data: all.slice(0, limit),
      pagination: { page: 1, limit, total: all.length },
    });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
});

function renderPage(url = '/rides') {
  return renderApp(
    <Routes>
      <Route
        path="/rides/:id?"
        element={
          <>
            <RidesPage />
            <LocationProbe name="probe" />
          </>
        }
      />
    </Routes>,
    { auth: { status: 'authenticated', user: me, roles: [] }, initialEntries: [url] },
  );
}

describe('filters in the URL and the active-filter count (docs/product-spec.md §4)', () => {
  it('reads valid filters and drops malformed ones', () => {
    expect(
      filtersFromParams(
        new URLSearchParams(
          'search=%20station%20&dateRange=week&timeFrame=today&minSeats=2&maxPrice=100&direction=toCollege&status=open&sortBy=priceAsc',
        ),
      ),
    ).toEqual({
      search: 'station',
      dateRange: 'week',
      timeFrame: 'today',
      minSeats: 2,
      maxPrice: 100,
      direction: 'toCollege',
      status: 'open',
      sortBy: 'priceAsc',
    });
    expect(
      filtersFromParams(
        new URLSearchParams('dateRange=month&minSeats=9&maxPrice=-1&direction=up&sortBy=x&status=half'),
      ),
    ).toEqual({});
    expect(filtersFromParams(new URLSearchParams('startDate=2026-12-01&dateRange=today'))).toEqual({
      dateRange: 'today',
    });
    expect(
      filtersFromParams(new URLSearchParams('dateRange=custom&startDate=2026-12-01&endDate=2026-12-03')),
    ).toMatchObject({ startDate: '2026-12-01', endDate: '2026-12-03' });
  });

  it('counts every filter but sortBy that is set and not all, plus one for a search term', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ sortBy: 'priceDesc' })).toBe(0);
    expect(activeFilterCount({ status: 'all', direction: undefined, search: '   ' })).toBe(0);
    expect(activeFilterCount({ status: 'open', search: 'gate' })).toBe(2);
    expect(
      activeFilterCount({
        search: 'x',
        status: 'full',
        timeFrame: 'today',
        dateRange: 'custom',
        startDate: '2026-12-01',
        endDate: '2026-12-02',
        minSeats: 2,
        maxPrice: 100,
        direction: 'fromCollege',
        sortBy: 'dateDesc',
      }),
    ).toBe(9);
  });

  it('a quick filter switches on with its values and off by clearing them', () => {
    const today = QUICK_FILTERS.find((q) => q.label === 'Today')!;
    expect(toggleQuickFilter(today, new URLSearchParams('dateRange=custom&startDate=2026-12-01'))).toEqual({
      startDate: '',
      endDate: '',
      dateRange: 'today',
    });
    expect(toggleQuickFilter(today, new URLSearchParams('dateRange=today'))).toEqual({ dateRange: '' });
  });
});

describe('the offer form', () => {
  const values: RideFormValues = {
    pickupLocation: 'Airport',
    dropLocation: 'IIIT Sonepat Campus',
    departure: '',
    totalSeats: '9',
    estimatedCost: '-5',
    phoneNumber: '12345',
    direction: 'toCollege',
    description: '',
  };
  it('shows the spec messages under the form fields', async () => {
    const result = await rideFormResolver(values, undefined, {} as never);
    expect(Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, v?.message]))).toEqual({
      departure: R.departureRequired,
      totalSeats: R.seatsMax,
      estimatedCost: R.costNegative,
      phoneNumber: R.phoneInvalid,
    });
    const past = await rideFormResolver({ ...values, departure: '2020-01-01T10:00' }, undefined, {} as never);
    expect(past.errors.departure?.message).toBe(R.departurePast);
    // Issue 21: at most a year ahead, the contract's bound (the input's max too).
    const far = await rideFormResolver({ ...values, departure: '9999-12-31T10:00' }, undefined, {} as never);
    expect(far.errors.departure?.message).toBe(R.departureTooFar);
  });
  it('sends the departure as an ISO instant', () => {
    expect(toRequestFields({ ...values, departure: '2030-05-01T09:30' }).departureDateTime).toBe(
      new Date('2030-05-01T09:30').toISOString(),
    );
  });
});

describe('rides page', () => {
  it('shows the first 5 rides with route, date, time, seats and View Details, then Show all', async () => {
    const rides = Array.from({ length: 7 }, (_, i) =>
      ride({
        id: `0190a000-0000-7000-8000-00000000000${i}`,
        dropLocation: `Stop ${i}`,
        availableSeats: i % 4,
        isFull: i % 4 === 0,
      }),
    );
    const calls = mockApi(rides);
    renderPage('/rides?direction=toCollege');
    expect(await screen.findByRole('article', { name: /Stop 0/ })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(calls.some((c) => c.includes('/api/rides?direction=toCollege&page=1&limit=5'))).toBe(true);
    const first = screen.getByRole('article', { name: /Stop 0/ });
    expect(within(first).getByText('Full')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: /Stop 1/ })).getByText(/of 3 seats available/),
    ).toBeInTheDocument();
    expect(within(first).getByText(/₹450 total/)).toBeInTheDocument();
    expect(within(first).getByText(/₹113 per head/)).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /View details/ })).toBeInTheDocument();
    // Not the creator: no Edit/Delete.
    expect(within(first).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Show all (7)' }));
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/rides?direction=toCollege&all=1'));
    expect(await screen.findAllByRole('article')).toHaveLength(7);
    // Renders twelve cards: more than the default 5 s on a loaded machine.
  }, 20_000);

  it('the creator sees Edit and Delete, and Delete asks first', async () => {
    mockApi([ride({ creatorId: me.id })]);
    renderPage();
    const card = await screen.findByRole('article', { name: /Railway Station/ });
    expect(within(card).getByRole('button', { name: /^Edit/ })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: /^Delete/ }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Delete' })).toBeInTheDocument();
  });

  it('a quick filter writes the URL, is pressed, and counts in Filters (N)', async () => {
    mockApi([ride()]);
    renderPage('/rides?search=gate');
    await screen.findByRole('article', { name: /Railway Station/ });
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2+ Seats' }));
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/rides?search=gate&minSeats=2'));
    expect(screen.getByRole('button', { name: '2+ Seats' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2+ Seats' }));
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent(/^\/rides\?search=gate$/));
  });

  it('shows Error Loading Rides with Try Again, which loads again', async () => {
    const calls = mockApi([], { failList: true });
    renderPage();
    expect(await screen.findByText(R.errorLoading)).toBeInTheDocument();
    const before = calls.filter((c) => c.startsWith('GET /api/rides?')).length;
    await userEvent.click(screen.getByRole('button', { name: R.tryAgain }));
    await waitFor(() => expect(calls.filter((c) => c.startsWith('GET /api/rides?')).length).toBe(before + 1));
  });

  it('Join Ride takes a seat and reveals the phone; Cancel Join gives it back', async () => {
    const calls = mockApi([ride()]);
    renderPage(`/rides/${ride().id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Railway Station → IIIT Sonepat Campus' });
    expect(await within(dialog).findByText(/of 3 seats available/)).toHaveTextContent('3 of 3 seats available');
    expect(within(dialog).getByText(/Join the ride to see/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join Ride' }));
    expect(await within(dialog).findByRole('button', { name: 'Cancel Join' })).toBeInTheDocument();
    expect(within(dialog).getByText(/of 3 seats available/)).toHaveTextContent('2 of 3 seats available');
    expect(within(dialog).getByRole('link', { name: 'Call 9812345678' })).toHaveAttribute('href', 'tel:+919812345678');
    expect(within(dialog).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/919812345678',
    );
    expect(calls.some((c) => c.startsWith('POST ') && c.endsWith(`/api/rides/${ride().id}/join`))).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Join' }));
    expect(await within(dialog).findByRole('button', { name: 'Join Ride' })).toBeInTheDocument();
    expect(within(dialog).getByText(/of 3 seats available/)).toHaveTextContent('3 of 3 seats available');
    expect(calls.some((c) => c.startsWith('DELETE ') && c.endsWith(`/api/rides/${ride().id}/join`))).toBe(true);
  });

  it('a refused join shows the spec alert with the reason and keeps the seats', async () => {
    mockApi([ride()], { failJoin: true });
    renderPage(`/rides/${ride().id}`);
    const dialog = await screen.findByRole('dialog', { name: /Railway Station/ });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Join Ride' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(`${R.failedJoin} ${R.full}`, undefined));
    expect(within(dialog).getByRole('button', { name: 'Join Ride' })).toBeInTheDocument();
  });

  it('a full ride cannot be joined from the dialog', async () => {
    mockApi([ride({ availableSeats: 0, isFull: true })]);
    renderPage(`/rides/${ride().id}`);
    const dialog = await screen.findByRole('dialog', { name: /Railway Station/ });
    expect(await within(dialog).findByRole('button', { name: 'Ride Full' })).toBeDisabled();
  });
});
