/**
 * Authorization-matrix rows of events and clubs (assembled by `test/route-cases.ts`): the world's
 * club is made by the admin with `owner` as its coordinator, so `owner` and admins post, change and
 * see the Going list of its events, and another student gets 403; every signed-in student reads,
 * answers and follows; administrators alone make clubs and name coordinators; the calendar feed
 * file is public, its token being the key.
 */
import { created, everyone, ownerOrAdmin, signedIn, adminOnly } from '../../test/case-kit.ts';
import { nextClientIp } from '../../test/helpers.ts';
import type { RouteCase, World } from '../../test/route-cases.ts';

let clubs = 0;
/** A valid new club (JSON) with a fresh slug. */
export function validClub() {
  clubs += 1;
  return { name: `Matrix Club ${clubs}`, slug: `matrix-club-${clubs}-${Date.now() % 100_000}`, category: 'technical' };
}

/** A valid event (JSON) of club `clubId`, starting `days` days from now, two hours long. */
export function validEvent(clubId: string, days = 3) {
  const start = Date.now() + days * 86_400_000;
  return {
    clubId,
    title: 'Intro to Rust',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 2 * 3_600_000).toISOString(),
    venue: 'Lecture Hall 3',
    description: 'Bring a laptop.',
    registrationUrl: 'https://forms.example.org/rust',
    capacity: 50,
  };
}

/** Sends `method url` as the world's admin; throws unless 200. */
async function asAdmin(w: World, method: 'PUT', url: string, payload: object): Promise<void> {
  const res = await w.t.app.inject({
    method,
    url,
    payload,
    headers: { cookie: w.admin.cookie, 'x-forwarded-for': nextClientIp() },
  });
  if (res.statusCode !== 200) throw new Error(`setup ${method} ${url}: ${res.statusCode} ${res.body}`);
}

/** A fresh club with `owner` as its coordinator; returns its slug and id. */
async function newClub(w: World): Promise<{ slug: string; id: string }> {
  const body = validClub();
  const id = await created(w, { method: 'POST', url: '/api/admin/clubs', payload: body }, w.admin.cookie);
  await asAdmin(w, 'PUT', `/api/admin/clubs/${body.slug}/coordinators`, { emails: [w.owner.email] });
  return { slug: body.slug, id };
}

/** A fresh event of the world's club posted by `owner`. */
const newEvent = (w: World) =>
  created(w, { method: 'POST', url: '/api/events', payload: validEvent(w.clubId) }, w.owner.cookie);

/** The world's records of events and clubs (`World`, test/route-cases.ts). */
export interface EventsRecords {
  /** A club `owner` coordinates. */
  clubId: string;
  clubSlug: string;
  /** An event of that club (never deleted by a case). */
  eventId: string;
}

/** The world's club (coordinated by `owner`) and one event of it. */
export async function eventsWorld(w: World): Promise<void> {
  const club = await newClub(w);
  w.clubId = club.id;
  w.clubSlug = club.slug;
  w.eventId = await newEvent(w);
}

/** `owner`'s current feed URL's path (the rotate row may have replaced it). */
async function ownerFeedPath(w: World): Promise<string> {
  const res = await w.t.app.inject({
    method: 'GET',
    url: '/api/calendar/feed',
    headers: { cookie: w.owner.cookie, 'x-forwarded-for': nextClientIp() },
  });
  return new URL(res.json().data.url as string).pathname;
}

/** The rows of `/api/events…`, `/api/clubs…`, `/api/admin/clubs…` and `/api/calendar…`. */
export const EVENTS_CASES: Record<string, RouteCase> = {
  'GET /api/events': {
    request: (w) => ({ method: 'GET', url: '/api/events', query: { when: 'upcoming', club: w.clubSlug, q: 'rust' } }),
    expect: signedIn(200),
  },
  'GET /api/events/:id': {
    request: (w) => ({ method: 'GET', url: `/api/events/${w.eventId}` }),
    expect: signedIn(200),
  },
  'POST /api/events': {
    request: (w) => ({ method: 'POST', url: '/api/events', payload: validEvent(w.clubId) }),
    expect: ownerOrAdmin(201),
  },
  'PATCH /api/events/:id': {
    request: (w) => ({ method: 'PATCH', url: `/api/events/${w.eventId}`, payload: { description: 'Laptops needed.' } }),
    expect: ownerOrAdmin(200),
  },
  'DELETE /api/events/:id': {
    request: async (w) => ({ method: 'DELETE', url: `/api/events/${await newEvent(w)}` }),
    expect: ownerOrAdmin(200),
  },
  'PUT /api/events/:id/rsvp': {
    request: (w) => ({ method: 'PUT', url: `/api/events/${w.eventId}/rsvp`, payload: { status: 'interested' } }),
    expect: signedIn(200),
  },
  'GET /api/events/:id/going': {
    request: (w) => ({ method: 'GET', url: `/api/events/${w.eventId}/going` }),
    expect: ownerOrAdmin(200),
  },
  'GET /api/events/:id/ics': {
    request: (w) => ({ method: 'GET', url: `/api/events/${w.eventId}/ics` }),
    expect: signedIn(200),
  },
  'GET /api/clubs': {
    request: () => ({ method: 'GET', url: '/api/clubs', query: { category: 'technical' } }),
    expect: signedIn(200),
  },
  'GET /api/clubs/:slug': {
    request: (w) => ({ method: 'GET', url: `/api/clubs/${w.clubSlug}` }),
    expect: signedIn(200),
  },
  'PUT /api/clubs/:slug/follow': {
    request: (w) => ({ method: 'PUT', url: `/api/clubs/${w.clubSlug}/follow` }),
    expect: signedIn(200),
  },
  'DELETE /api/clubs/:slug/follow': {
    request: (w) => ({ method: 'DELETE', url: `/api/clubs/${w.clubSlug}/follow` }),
    expect: signedIn(200),
  },
  'POST /api/admin/clubs': {
    request: () => ({ method: 'POST', url: '/api/admin/clubs', payload: validClub() }),
    expect: adminOnly(201),
  },
  'PATCH /api/admin/clubs/:slug': {
    request: (w) => ({ method: 'PATCH', url: `/api/admin/clubs/${w.clubSlug}`, payload: { description: 'Systems.' } }),
    expect: adminOnly(200),
  },
  'PUT /api/admin/clubs/:slug/coordinators': {
    request: async (w) => ({
      method: 'PUT',
      url: `/api/admin/clubs/${(await newClub(w)).slug}/coordinators`,
      payload: { emails: [w.other.email] },
    }),
    expect: adminOnly(200),
  },
  'POST /api/admin/clubs/import': {
    request: (w) => ({
      method: 'POST',
      url: '/api/admin/clubs/import',
      payload: {
        csv: `slug,name,category,description,coordinators\n${validClub().slug},Imported Club,cultural,Songs,${w.owner.email}\n`,
        dryRun: true,
      },
    }),
    expect: adminOnly(200),
  },
  'GET /api/admin/clubs/:slug/coordinators': {
    request: (w) => ({ method: 'GET', url: `/api/admin/clubs/${w.clubSlug}/coordinators` }),
    expect: adminOnly(200),
  },
  'DELETE /api/admin/clubs/:slug': {
    request: async (w) => ({ method: 'DELETE', url: `/api/admin/clubs/${(await newClub(w)).slug}` }),
    expect: adminOnly(200),
  },
  'GET /api/calendar/feed': {
    request: () => ({ method: 'GET', url: '/api/calendar/feed' }),
    expect: signedIn(200),
  },
  'PATCH /api/calendar/feed': {
    request: () => ({ method: 'PATCH', url: '/api/calendar/feed', payload: { includeClasses: true } }),
    expect: signedIn(200),
  },
  'POST /api/calendar/feed/rotate': {
    request: () => ({ method: 'POST', url: '/api/calendar/feed/rotate' }),
    expect: signedIn(200),
  },
  'GET /api/calendar/:file': {
    request: async (w) => ({ method: 'GET', url: await ownerFeedPath(w) }),
    expect: everyone(200),
  },
};
