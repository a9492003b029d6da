/**
 * The events feed's page through HTTP on a real database (docs/decisions/0702-events-feed-cache.md,
 * docs/performance.md "The events feed"): every viewer reads the same shared page with their own
 * answers and rights — each event equal to its own page's answer and to the contract; a write shows
 * at once on the instance that made it and, through the live channel's NOTIFY, on another instance
 * reading the same database; an event leaves the upcoming tab when it ends; the tabs read the events
 * on now, later and past in order, pages included; a block hides the poster's events both ways,
 * in the feed and on the club's page, and a block or a club's new coordinators reach a viewer's
 * state kept on another instance; a compressed answer is each viewer's own, compressed once
 * for every viewer who sees the page alike.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { eventList, type CampusEvent } from '@campus/contract/events';
import { buildApp, type App } from '../../app.ts';
import { events } from '../../db/schema/events.ts';
import { nextClientIp, testWorldHooks, type SignedIn } from '../../test/helpers.ts';
import { validClub, validEvent } from './events.cases.ts';

const ADMIN = 'dean.feedpage@iiitsonepat.ac.in';
// A page is kept up to 60 s here, so only an invalidation (or an event's end) can refresh it in a test.
const w = testWorldHooks(['coord', 'poster', 'student', 'fan', 'admin', 'reader', 'goer'], {
  ADMIN_EMAILS: ADMIN,
  TRUST_PROXY: '127.0.0.1',
  EVENTS_FEED_CACHE_TTL_MS: '60000',
});
const {
  t,
  users: { coord, poster, student, fan, reader, goer },
} = w;

const stamp = Date.now().toString(36);
let club: { id: string; slug: string };
let second: App;

/** Makes a club as the admin with `coordinators`; returns it. */
async function makeClub(coordinators: SignedIn[]) {
  const body = validClub();
  const res = await w.as('admin').post('/api/admin/clubs', body);
  expect(res.statusCode, res.body).toBe(201);
  const set = await w.as('admin').put(`/api/admin/clubs/${body.slug}/coordinators`, {
    emails: coordinators.map((c) => c.email),
  });
  expect(set.statusCode, set.body).toBe(200);
  return res.json().data as { id: string; slug: string };
}

/** Posts an event of the club as `who`, `days` from now; returns it. */
async function post(title: string, who: SignedIn = coord, days = 3): Promise<CampusEvent> {
  const res = await w.as(who).post('/api/events', { ...validEvent(club.id, days), title });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** The feed's answer for `who` at `query` (on `app`, default the world's), held to the contract's schema. */
async function feed(who: SignedIn | 'admin', query: string, app?: App) {
  const url = `/api/events?${query}`;
  const res = app
    ? await app.inject({
        method: 'GET',
        url,
        headers: { cookie: (who as SignedIn).cookie, 'x-forwarded-for': nextClientIp() },
      })
    : await w.as(who).get(url);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(() => eventList.parse(body)).not.toThrow();
  return { items: body.data as CampusEvent[], total: body.pagination.total as number };
}

beforeAll(async () => {
  club = await makeClub([coord, poster]);
  // A second instance of the API on the same database (another process in production).
  second = await buildApp({ config: t.config, database: t.database, logger: false });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
});

describe('the shared page', () => {
  it('gives every viewer each event as its own page does, with their own answer and rights', async () => {
    const word = `Kestrel${stamp}`;
    const first = await post(`${word} one`, coord, 2);
    const next = await post(`${word} two`, poster, 4);
    expect((await w.as(student).put(`/api/events/${first.id}/rsvp`, { status: 'going' })).statusCode).toBe(200);
    expect((await w.as(fan).put(`/api/events/${next.id}/rsvp`, { status: 'interested' })).statusCode).toBe(200);

    for (const who of [student, fan, coord, 'admin'] as const) {
      const { items, total } = await feed(who, `q=${word}`);
      expect(total).toBe(2);
      const own = await Promise.all(
        [first, next].map(async (e) => (await w.as(who).get(`/api/events/${e.id}`)).json().data as CampusEvent),
      );
      expect(items).toStrictEqual(own);
    }
    const mine = (await feed(student, `q=${word}`)).items;
    expect(mine.map((e) => [e.myRsvp, e.canManage, e.goingCount])).toEqual([
      ['going', false, 1],
      ['none', false, 0],
    ]);
    expect((await feed(fan, `q=${word}`)).items.map((e) => e.myRsvp)).toEqual(['none', 'interested']);
    expect((await feed(coord, `q=${word}`)).items.every((e) => e.canManage)).toBe(true);
  });

  it('shows a write at once on its instance and, by the live channel, on another', async () => {
    const word = `Ibis${stamp}`;
    const e = await post(`${word} night`);
    expect((await feed(fan, `q=${word}`, second)).items.map((x) => x.goingCount)).toEqual([0]);
    expect((await feed(fan, `q=${word}`)).items.map((x) => x.goingCount)).toEqual([0]);

    expect((await w.as(student).put(`/api/events/${e.id}/rsvp`, { status: 'going' })).statusCode).toBe(200);
    expect((await feed(fan, `q=${word}`)).items.map((x) => x.goingCount)).toEqual([1]);
    // Within the NOTIFY's latency, long before the page's 60 s limit.
    await vi.waitFor(async () =>
      expect((await feed(fan, `q=${word}`, second)).items.map((x) => x.goingCount)).toEqual([1]),
    );

    const renamed = await w.as(coord).send('PATCH', `/api/events/${e.id}`, { title: `${word} morning` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await feed(fan, `q=${word}`)).items.map((x) => x.title)).toEqual([`${word} morning`]);
    await vi.waitFor(async () =>
      expect((await feed(fan, `q=${word}`, second)).items.map((x) => x.title)).toEqual([`${word} morning`]),
    );
  });

  it('lets an event leave the upcoming tab when it ends, and reads on-now, later and past events in order', async () => {
    const word = `Plover${stamp}`;
    const ending = await post(`${word} ending`);
    const later = await post(`${word} later`, coord, 6);
    const past = await post(`${word} past`);
    const hour = 3_600_000;
    // Moved in the database itself, as time would move them: no write announces it.
    await t.database.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - hour), endsAt: new Date(Date.now() + 4000) })
      .where(eq(events.id, ending.id));
    await t.database.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 3 * hour), endsAt: new Date(Date.now() - 2 * hour) })
      .where(eq(events.id, past.id));

    const up = await feed(student, `q=${word}`);
    expect(up.items.map((e) => [e.title, e.group])).toEqual([
      [`${word} ending`, 'today'],
      [`${word} later`, 'week'],
    ]);
    // Pages: the event on now fills page 1, the later one page 2.
    expect((await feed(student, `q=${word}&limit=1&page=1`)).items.map((e) => e.id)).toEqual([ending.id]);
    expect((await feed(student, `q=${word}&limit=1&page=2`)).items.map((e) => e.id)).toEqual([later.id]);
    expect((await feed(student, `q=${word}&when=past`)).items.map((e) => e.id)).toEqual([past.id]);

    await vi.waitFor(
      async () => expect((await feed(student, `q=${word}`)).items.map((e) => e.id)).toEqual([later.id]),
      { timeout: 15_000, interval: 250 },
    );
    expect((await feed(student, `q=${word}&when=past`)).items.map((e) => e.id)).toEqual([ending.id, past.id]);
  });
});

describe('blocks', () => {
  it('hide the poster’s events both ways, in the feed and on the club’s page, and no one else’s', async () => {
    const word = `Heron${stamp}`;
    const theirs = await post(`${word} by poster`, poster);
    const others = await post(`${word} by coord`, coord);
    // Filled for everyone before the blocks.
    expect((await feed(student, `q=${word}`)).items.map((e) => e.id)).toEqual([theirs.id, others.id]);

    expect((await w.as(fan).post('/api/users/blocks', { userId: poster.userId })).statusCode).toBe(201);
    expect((await w.as(poster).post('/api/users/blocks', { userId: student.userId })).statusCode).toBe(201);

    for (const who of [fan, student]) {
      const seen = await feed(who, `q=${word}`);
      expect(seen.items.map((e) => e.id)).toEqual([others.id]);
      expect(seen.total).toBe(1);
      const page = (await w.as(who).get(`/api/clubs/${club.slug}`)).json().data.upcoming as CampusEvent[];
      expect(page.some((e) => e.id === theirs.id)).toBe(false);
      expect(page.some((e) => e.id === others.id)).toBe(true);
    }
    expect((await feed(coord, `q=${word}`)).items.map((e) => e.id)).toEqual([theirs.id, others.id]);
  });

  it('take effect on another instance that kept the viewer’s page, through the live channel', async () => {
    const word = `Avocet${stamp}`;
    const theirs = await post(`${word} by poster`, poster);
    expect((await feed(reader, `q=${word}`, second)).items.map((e) => e.id)).toEqual([theirs.id]);
    expect((await w.as(reader).post('/api/users/blocks', { userId: poster.userId })).statusCode).toBe(201);
    expect((await feed(reader, `q=${word}`)).items).toEqual([]);
    await vi.waitFor(async () => expect((await feed(reader, `q=${word}`, second)).items).toEqual([]));
    expect((await w.as(reader).delete(`/api/users/blocks/${poster.userId}`)).statusCode).toBe(200);
    expect((await feed(reader, `q=${word}`)).items.map((e) => e.id)).toEqual([theirs.id]);
    await vi.waitFor(async () =>
      expect((await feed(reader, `q=${word}`, second)).items.map((e) => e.id)).toEqual([theirs.id]),
    );
  });
});

describe('coordinators', () => {
  it('manage their club’s events in the feed from their appointment on, on every instance', async () => {
    const word = `Godwit${stamp}`;
    const e = await post(`${word} meet`);
    for (const app of [undefined, second])
      expect((await feed(goer, `q=${word}`, app)).items.map((x) => x.canManage)).toEqual([false]);
    const set = await w.as('admin').put(`/api/admin/clubs/${club.slug}/coordinators`, {
      emails: [coord.email, poster.email, goer.email],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await feed(goer, `q=${word}`)).items.map((x) => [x.id, x.canManage])).toEqual([[e.id, true]]);
    await vi.waitFor(async () =>
      expect((await feed(goer, `q=${word}`, second)).items.map((x) => x.canManage)).toEqual([true]),
    );
    const reset = await w.as('admin').put(`/api/admin/clubs/${club.slug}/coordinators`, {
      emails: [coord.email, poster.email],
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await feed(goer, `q=${word}`)).items.map((x) => x.canManage)).toEqual([false]);
  });
});

describe('compressed answers', () => {
  /** `who`'s feed at `query` with `accept-encoding` (none: uncompressed), its headers and decoded text. */
  async function fetchFeed(who: SignedIn | 'admin', query: string, encoding?: 'br' | 'gzip') {
    const signedIn = who === 'admin' ? w.users.admin : who;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events?${query}`,
      headers: {
        cookie: signedIn.cookie,
        'x-forwarded-for': nextClientIp(),
        ...(encoding && { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const text =
      res.headers['content-encoding'] === 'br'
        ? zlib.brotliDecompressSync(res.rawPayload).toString()
        : res.headers['content-encoding'] === 'gzip'
          ? zlib.gunzipSync(res.rawPayload).toString()
          : res.body;
    return { headers: res.headers, text };
  }

  it('gives each viewer their own answer, compressed once for the viewers who see the page alike', async () => {
    const word = `Egret${stamp}`;
    const posted: CampusEvent[] = [];
    for (let i = 0; i < 6; i++) posted.push(await post(`${word} ${i}`, coord, 2 + i));
    expect((await w.as(goer).put(`/api/events/${posted[0]!.id}/rsvp`, { status: 'going' })).statusCode).toBe(200);
    const query = `q=${word}`;
    // Filled (after the last write) by an uncompressed read: every answer below reads the same page.
    const plain = await fetchFeed(reader, query);
    expect(Buffer.byteLength(plain.text)).toBeGreaterThan(2048);

    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    try {
      for (const who of [reader, goer, coord, 'admin', reader, poster] as const) {
        const own = (await fetchFeed(who, query)).text;
        for (const encoding of ['br', 'gzip'] as const) {
          const got = await fetchFeed(who, query, encoding);
          expect(got.headers['content-encoding']).toBe(encoding);
          expect(got.headers.vary).toMatch(/accept-encoding/);
          expect(got.headers['content-length']).toBeDefined();
          expect(got.text).toBe(own);
          expect(() => eventList.parse(JSON.parse(got.text))).not.toThrow();
        }
      }
      // Three different answers — the reader's (no answer, no right), the goer's (a Going) and the
      // one of the coordinators and the admin (a right to every event) — each compressed once.
      expect(brotli).toHaveBeenCalledTimes(3);
    } finally {
      brotli.mockRestore();
    }
    const mine = JSON.parse((await fetchFeed(goer, query, 'br')).text).data as CampusEvent[];
    expect(mine.map((e) => e.myRsvp)).toEqual(['going', 'none', 'none', 'none', 'none', 'none']);
  });
});
