/**
 * Events pages: the feed grouped Today / This week / Later with its empty and error states and
 * the filters in the URL; an event's page with Going (the server's "full" refusal shown) and the
 * coordinator's Going list; editing an event (the filled form, a refusal keeping the input); the
 * calendar feed's dialog (address, options, new address); a club's page with Follow.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { CampusEvent, ClubDetail } from '@campus/contract/events';
import { CALENDAR_FEED_UI as F, EVENT_MESSAGES as E, EVENTS_UI as U } from '@campus/contract/events-ui';
import { json, stubFetch } from '../../test/http';
import { LocationProbe, makeUser, renderApp } from '../../test/render';
import EventsPage from './pages/events-page';
import ClubPage from './pages/club-page';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

const HOUR = 3_600_000;
const club = {
  id: '0190a000-0000-7000-8000-0000000000c1',
  slug: 'coding-club',
  name: 'Coding Club',
  category: 'technical' as const,
};

function event(overrides: Partial<CampusEvent> = {}): CampusEvent {
  return {
    id: '0190a000-0000-7000-8000-0000000000e1',
    posterId: '0190a000-0000-7000-8000-0000000000p1',
    club,
    title: 'Contest night',
    startsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    endsAt: new Date(Date.now() + 4 * HOUR).toISOString(),
    venue: 'Lab 2',
    venuePlace: null,
    description: 'Bring a laptop.',
    registrationUrl: null,
    capacity: 1,
    goingCount: 0,
    interestedCount: 0,
    imageUrl: null,
    imageThumbUrl: null,
    cancelledAt: null,
    group: 'today',
    myRsvp: 'none',
    canManage: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const ok = (data: unknown, pagination?: object) => json(200, { success: true, message: 'OK', data, pagination });

afterEach(() => vi.unstubAllGlobals());

function render(url: string) {
  return renderApp(
    <Routes>
      <Route path="/events/:id?" element={<EventsPage />} />
      <Route path="/clubs/:slug" element={<ClubPage />} />
      <Route path="*" element={<LocationProbe name="probe" />} />
    </Routes>,
    { auth: { status: 'authenticated', user: makeUser(), roles: [] }, initialEntries: [url] },
  );
}

describe('the feed', () => {
  it('groups upcoming events under Today, This week and Later, with filters sent from the URL', async () => {
    const calls: string[] = [];
    stubFetch(({ req }) => {
      const u = new URL(req.url, 'http://x');
      calls.push(`${u.pathname}${u.search}`);
      if (u.pathname === '/api/clubs')
        return ok([
          { ...club, description: '', logoUrl: null, followerCount: 1, isFollowing: false, isCoordinator: false },
        ]);
      const items = [
        event(),
        event({ id: 'e2', title: 'Robot race', group: 'week' }),
        event({
          id: 'e3',
          title: 'Winter concert',
          group: 'later',
          venue: 'LHC',
          venuePlace: { slug: 'lecture-hall-complex', name: 'Lecture Hall Complex' },
        }),
      ];
      return ok(items, { page: 1, limit: 20, total: 3 });
    });
    render('/events?club=coding-club');
    expect(await screen.findByRole('heading', { name: 'Today' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This week' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Later' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Robot race' })).toHaveAttribute('href', '/events/e2');
    // A venue that names a place of the campus map links to it; another stays text.
    expect(screen.getByRole('link', { name: 'LHC' })).toHaveAttribute('href', '/map/lecture-hall-complex');
    expect(screen.queryByRole('link', { name: 'Lab 2' })).toBeNull();
    expect(calls.some((c) => c.startsWith('/api/events?') && c.includes('club=coding-club'))).toBe(true);
    expect(screen.queryByRole('button', { name: U.newEvent })).toBeNull();
  });

  it('shows the empty state, and the error state with Try again', async () => {
    let fail = true;
    stubFetch(({ req }) => {
      const u = new URL(req.url, 'http://x');
      if (u.pathname === '/api/clubs') return ok([]);
      if (fail) return json(500, { success: false, message: 'Server error. Please try again later.' });
      return ok([], { page: 1, limit: 20, total: 0 });
    });
    render('/events');
    expect(await screen.findByText(U.loadFailed)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(U.empty)).toBeInTheDocument();
  });
});

describe('an event’s page', () => {
  it('says Going, shows the full refusal, and lists Going for a coordinator', async () => {
    let stored = event({ canManage: true });
    stubFetch(({ req }) => {
      const u = new URL(req.url, 'http://x');
      if (u.pathname.endsWith('/going'))
        return ok([{ userId: 'u1', name: 'Riya Sharma', email: 'riya@iiitsonepat.ac.in' }]);
      if (u.pathname.endsWith('/rsvp')) {
        if (stored.goingCount >= 1) return json(409, { success: false, message: E.full });
        stored = { ...stored, goingCount: 1, myRsvp: 'going' };
        return ok(stored);
      }
      return ok(stored);
    });
    render(`/events/${stored.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contest night' })).toBeInTheDocument();
    expect(await screen.findByText(/Riya Sharma/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: U.addToCalendar })).toHaveAttribute('href', `/api/events/${stored.id}/ics`);
    const going = screen.getByRole('button', { name: U.going });
    await userEvent.click(going);
    expect(await screen.findByRole('button', { name: U.going, pressed: true })).toBeInTheDocument();
    stored = { ...stored, myRsvp: 'interested' };
    await userEvent.click(screen.getByRole('button', { name: U.interested }));
    await userEvent.click(await screen.findByRole('button', { name: U.going }));
    expect(await screen.findByText(E.full)).toBeInTheDocument();
  });
});

describe('editing an event', () => {
  /** Answers multipart saves with `reply`, recording each request's method, URL and text parts. */
  function stubXhr(reply: () => { status: number; body: unknown }) {
    const sent: Array<{ method: string; url: string; parts: Record<string, string> }> = [];
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        status = 0;
        responseText = '';
        upload = {};
        onload: (() => void) | null = null;
        private call = { method: '', url: '' };
        open(method: string, url: string) {
          this.call = { method, url };
        }
        setRequestHeader() {}
        send(form: FormData) {
          const parts = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
          sent.push({ ...this.call, parts });
          const { status, body } = reply();
          this.status = status;
          this.responseText = JSON.stringify(body);
          queueMicrotask(() => this.onload?.());
        }
      },
    );
    return sent;
  }

  it('opens the filled form, keeps the input and shows the server’s field message, then saves a PATCH', async () => {
    const stored = event({ canManage: true, registrationUrl: 'https://example.com/r' });
    stubFetch(({ req }) => {
      if (new URL(req.url, 'http://x').pathname.endsWith('/going')) return ok([]);
      return ok(stored);
    });
    let refuse = true;
    const sent = stubXhr(() =>
      refuse
        ? {
            status: 400,
            body: { success: false, message: 'Validation failed', errors: { venue: 'Venue is taken.' } },
          }
        : { status: 200, body: { success: true, message: E.updated, data: { ...stored, title: 'Contest night 2' } } },
    );
    render(`/events/${stored.id}`);
    await userEvent.click(await screen.findByRole('button', { name: U.edit }));
    const form = await screen.findByRole('dialog', { name: 'Edit event' });
    const title = within(form).getByLabelText('Title');
    expect(title).toHaveValue('Contest night');
    expect(within(form).getByLabelText('Club')).toBeDisabled();
    await userEvent.clear(title);
    await userEvent.type(title, 'Contest night 2');
    await userEvent.clear(within(form).getByLabelText('Registration link (optional)'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Venue is taken.')).toBeInTheDocument();
    expect(title).toHaveValue('Contest night 2');
    expect(sent[0]!.method).toBe('PATCH');
    expect(sent[0]!.url).toBe(`/api/events/${stored.id}`);
    expect(sent[0]!.parts).toMatchObject({ title: 'Contest night 2', remove_url: 'true' });
    // Unchanged times and the club are not sent.
    expect(Object.keys(sent[0]!.parts)).not.toContain('startsAt');
    expect(Object.keys(sent[0]!.parts)).not.toContain('clubId');
    refuse = false;
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit event' })).toBeNull());
    expect(sent).toHaveLength(2);
  });
});

describe('the calendar feed', () => {
  it('shows the address, saves an option at once and gets a new address after a confirmation', async () => {
    let feed = { url: 'https://campus.example/api/calendar/abc.ics', includeClasses: false, includeRides: false };
    const patches: unknown[] = [];
    stubFetch(async ({ req }) => {
      const u = new URL(req.url, 'http://x');
      if (u.pathname === '/api/calendar/feed' && req.method === 'PATCH') {
        const body = (await req.json()) as object;
        patches.push(body);
        feed = { ...feed, ...body };
        return ok(feed);
      }
      if (u.pathname === '/api/calendar/feed/rotate') {
        feed = { ...feed, url: 'https://campus.example/api/calendar/new.ics' };
        return ok(feed);
      }
      if (u.pathname === '/api/calendar/feed') return ok(feed);
      if (u.pathname === '/api/clubs') return ok([]);
      return ok([], { page: 1, limit: 20, total: 0 });
    });
    render('/events');
    await userEvent.click(await screen.findByRole('button', { name: F.title }));
    const dialog = await screen.findByRole('dialog', { name: F.title });
    expect(await within(dialog).findByLabelText(F.url)).toHaveValue(feed.url);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: F.includeClasses }));
    expect(await within(dialog).findByRole('checkbox', { name: F.includeClasses, checked: true })).toBeInTheDocument();
    expect(patches).toEqual([{ includeClasses: true }]);
    await userEvent.click(within(dialog).getByRole('button', { name: F.rotate }));
    const confirm = await screen.findByRole('dialog', { name: F.rotate });
    await userEvent.click(within(confirm).getByRole('button', { name: F.rotate }));
    expect(await within(dialog).findByDisplayValue('https://campus.example/api/calendar/new.ics')).toBeInTheDocument();
  });
});

describe('a club’s page', () => {
  it('shows the club and follows it', async () => {
    let detail: ClubDetail = {
      ...club,
      description: 'Contests and talks.',
      logoUrl: null,
      followerCount: 3,
      isFollowing: false,
      isCoordinator: false,
      coordinators: [{ userId: 'u1', name: 'Riya Sharma' }],
      upcoming: [event()],
    };
    stubFetch(({ req }) => {
      if (req.method === 'PUT') {
        detail = { ...detail, isFollowing: true, followerCount: 4 };
        return ok(detail);
      }
      return ok(detail);
    });
    render('/clubs/coding-club');
    expect(await screen.findByRole('heading', { level: 1, name: 'Coding Club' })).toBeInTheDocument();
    expect(screen.getByText('3 followers')).toBeInTheDocument();
    const list = screen.getByRole('list');
    expect(within(list).getByRole('link', { name: 'Contest night' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: U.follow }));
    expect(await screen.findByText('4 followers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: U.following, pressed: true })).toBeInTheDocument();
  });
});
