/**
 * Ride sharing API through HTTP on a real database: every
 * endpoint for guest, creator, another student and admin; every validation message of docs/product-spec.md §5;
 * join and cancel with their seats, refusals and notifications; partial edits, the seat floor and
 * deletion; the caller's rides; departed and full rides in the list; each filter and sort checked
 * property-style against an independent oracle over generated rides, including the institute's
 * day boundaries and week edges. The concurrency suite needs PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import {
  RIDE_DIRECTIONS,
  RIDE_MESSAGES as R,
  RIDE_SORTS,
  latestDeparture,
  type Ride,
  type RideParticipant,
} from '@campus/contract/rides';
import { files } from '../../db/schema/files.ts';
import { rideParticipants, rides } from '../../db/schema/rides.ts';
import { users } from '../../db/schema/users.ts';
import { buildApp } from '../../app.ts';
import { openPostgres } from '../../db/client.ts';
import { createSession } from '../../lib/auth.ts';
import {
  clientOf,
  createTestApp,
  nextClientIp,
  signUpAndLogin,
  testWorldHooks,
  type Method,
  type SignedIn,
  type TestApp,
} from '../../test/helpers.ts';
import { jpeg, multipartForm } from '../../test/multipart.ts';
import { validRide } from './rides.cases.ts';
import { seedRidesDemo } from './rides.service.ts';

const ADMIN = 'warden.rides@iiitsonepat.ac.in';
const TZ = 'Asia/Kolkata';
const DAY = 86_400_000;
const w = testWorldHooks(['creator', 'other', 'third', 'admin'], { ADMIN_EMAILS: ADMIN, TRUST_PROXY: '127.0.0.1' });
const {
  t,
  users: { creator, other, third, admin },
} = w;

beforeAll(async () => {
  await named(creator, 'Riya Sharma');
  await named(other, 'Arjun Mehta');
});

/** Sends JSON (or nothing) as `who`, from a fresh client IP (per-IP ceilings are for real clients). */
const send = (method: Method, url: string, who?: SignedIn, payload?: object, app = t) =>
  clientOf(app, who).send(method, url, payload);

async function named(who: SignedIn, name: string) {
  expect((await send('PUT', '/api/users/update', who, { name })).statusCode).toBe(200);
}

/** Offers a ride as `who` (default creator) and returns it. */
async function offer(overrides: Record<string, unknown> = {}, who = creator): Promise<Ride> {
  const res = await send('POST', '/api/rides', who, { ...validRide(), ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const getRide = async (id: string, who = creator): Promise<Ride> =>
  (await send('GET', `/api/rides/${id}`, who)).json().data;

/** Inserts a ride directly (for states the API refuses to create: departed, or exact instants). */
async function insertRide(values: Partial<typeof rides.$inferInsert> & { departureAt: Date }, userId = creator.userId) {
  const totalSeats = values.totalSeats ?? 3;
  const [row] = await t.database.db
    .insert(rides)
    .values({
      userId,
      pickupLocation: 'Main Gate',
      dropLocation: 'Airport',
      totalSeats,
      availableSeats: totalSeats,
      phoneNumber: '9812345678',
      ...values,
    })
    .returning();
  return row!;
}

describe('authorization', () => {
  it('refuses guests on every endpoint with 401', async () => {
    const ride = await offer();
    const calls: Array<[Method, string]> = [
      ['GET', '/api/rides'],
      ['GET', '/api/rides/user/rides'],
      ['GET', `/api/rides/${ride.id}`],
      ['POST', '/api/rides'],
      ['PUT', `/api/rides/${ride.id}`],
      ['DELETE', `/api/rides/${ride.id}`],
      ['POST', `/api/rides/${ride.id}/join`],
      ['DELETE', `/api/rides/${ride.id}/join`],
    ];
    for (const [method, url] of calls) {
      const res = await send(method, url, undefined, method === 'GET' ? undefined : validRide());
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await getRide(ride.id)).totalSeats).toBe(3);
  });

  it('another student reads but may not edit or delete (403); an admin may delete but not edit', async () => {
    const ride = await offer();
    expect((await send('GET', `/api/rides/${ride.id}`, other)).statusCode).toBe(200);
    const edit = await send('PUT', `/api/rides/${ride.id}`, other, { totalSeats: 5 });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(R.forbidden);
    expect((await send('PUT', `/api/rides/${ride.id}`, admin, { totalSeats: 5 })).statusCode).toBe(403);
    expect((await send('DELETE', `/api/rides/${ride.id}`, other)).statusCode).toBe(403);
    expect((await getRide(ride.id)).totalSeats).toBe(3);
    const del = await send('DELETE', `/api/rides/${ride.id}`, admin);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(R.deleted);
    expect((await send('GET', `/api/rides/${ride.id}`, creator)).statusCode).toBe(404);
    const notes = await w.notificationsOf(creator);
    expect(notes.map((n) => n.message)).toContain(R.adminDeleted('Railway Station → IIIT Sonepat Campus'));
  });

  it('answers unknown and malformed ids with 404 "Ride not found"', async () => {
    for (const id of ['0190a000-0000-7000-8000-000000000000', 'not-a-uuid']) {
      for (const [method, url] of [
        ['GET', `/api/rides/${id}`],
        ['PUT', `/api/rides/${id}`],
        ['DELETE', `/api/rides/${id}`],
        ['POST', `/api/rides/${id}/join`],
        ['DELETE', `/api/rides/${id}/join`],
      ] as Array<[Method, string]>) {
        const res = await send(method, url, other, method === 'PUT' ? { totalSeats: 2 } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe(R.notFound);
      }
    }
  });

  it('rides of a deactivated creator leave the list and are 404 for students, visible to admins', async () => {
    const gone = await signUpAndLogin(t);
    const ride = await offer({ pickupLocation: 'Deactivated Depot' }, gone);
    const off = await send('POST', `/api/users/admin/users/${gone.userId}/deactivate`, admin);
    expect(off.statusCode).toBe(200);
    expect((await send('GET', `/api/rides/${ride.id}`, other)).statusCode).toBe(404);
    expect((await send('POST', `/api/rides/${ride.id}/join`, other)).statusCode).toBe(404);
    expect((await send('GET', `/api/rides/${ride.id}`, admin)).statusCode).toBe(200);
    const list = await send('GET', '/api/rides?search=Deactivated%20Depot', other);
    expect(list.json().data).toEqual([]);
  });
});

describe('create', () => {
  it('offers a ride from JSON: the caller is the creator whatever the body says; seats all available', async () => {
    const payload = { ...validRide(), creatorId: other.userId };
    const res = await send('POST', '/api/rides', creator, payload);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(R.created);
    const ride: Ride = res.json().data;
    expect(ride).toMatchObject({
      creatorId: creator.userId,
      pickupLocation: 'Railway Station',
      dropLocation: 'IIIT Sonepat Campus',
      totalSeats: 3,
      availableSeats: 3,
      estimatedCost: 450,
      phoneNumber: '9812345678',
      hasPhone: true,
      direction: 'toCollege',
      participants: [],
      name: 'Riya Sharma',
      creator: { id: creator.userId, name: 'Riya Sharma', avatar: null },
      isFull: false,
      hasDeparted: false,
      isJoined: false,
      imageUrl: null,
    });
    expect(ride.departureDateTime).toBe(payload.departureDateTime);
  });

  it('offers a ride from multipart with a photo; empty cost is null, direction defaults to other', async () => {
    const v = validRide();
    const body = multipartForm({ ...v, totalSeats: '2', estimatedCost: '', description: '', direction: '' }, [
      { field: 'image', filename: 'cab.jpg', content: await jpeg(), type: 'image/jpeg' },
    ]);
    const res = await w.as('creator').form('POST', '/api/rides', body);
    expect(res.statusCode, res.body).toBe(201);
    const ride: Ride = res.json().data;
    expect(ride).toMatchObject({
      totalSeats: 2,
      availableSeats: 2,
      estimatedCost: null,
      description: '',
      direction: 'other',
    });
    expect(ride.imageUrl).toMatch(/\/api\/files\/[0-9a-f-]{36}$/);
    expect(new Date(ride.departureDateTime).toISOString()).toBe(new Date(v.departureDateTime).toISOString());
  });

  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['no pickup', { pickupLocation: '' }, 'pickupLocation', R.pickupRequired],
    ['blank pickup', { pickupLocation: '   ' }, 'pickupLocation', R.pickupRequired],
    ['no drop', { dropLocation: undefined }, 'dropLocation', R.dropRequired],
    ['no departure', { departureDateTime: '' }, 'departureDateTime', R.departureRequired],
    [
      'a past departure',
      { departureDateTime: new Date(Date.now() - 60_000).toISOString() },
      'departureDateTime',
      R.departurePast,
    ],
    ['a malformed departure', { departureDateTime: 'tomorrow 5pm' }, 'departureDateTime', R.departureInvalid],
    // Issue 21 item 8: from now to 1 year ahead (year 9999 was accepted before).
    ['a departure in year 9999', { departureDateTime: '9999-12-31T10:00:00Z' }, 'departureDateTime', R.departureTooFar],
    [
      'a departure a year and a day ahead',
      { departureDateTime: new Date(latestDeparture() + DAY).toISOString() },
      'departureDateTime',
      R.departureTooFar,
    ],
    ['0 seats', { totalSeats: 0 }, 'totalSeats', R.seatsMin],
    ['no seats', { totalSeats: undefined }, 'totalSeats', R.seatsMin],
    ['9 seats', { totalSeats: 9 }, 'totalSeats', R.seatsMax],
    ['2.5 seats', { totalSeats: 2.5 }, 'totalSeats', R.seatsWhole],
    ['a negative cost', { estimatedCost: -10 }, 'estimatedCost', R.costNegative],
    ['a negative cost as text', { estimatedCost: '-10' }, 'estimatedCost', R.costNegative],
    ['a fractional cost', { estimatedCost: 10.5 }, 'estimatedCost', R.costWhole],
    ['a huge cost', { estimatedCost: 2_147_483_648 }, 'estimatedCost', R.costTooHigh],
    ['no phone', { phoneNumber: '' }, 'phoneNumber', R.phoneRequired],
    ['a 9-digit phone', { phoneNumber: '981234567' }, 'phoneNumber', R.phoneInvalid],
    ['letters in the phone', { phoneNumber: '98123abcde' }, 'phoneNumber', R.phoneInvalid],
    ['an unknown direction', { direction: 'sideways' }, 'direction', R.directionInvalid],
    ['a long description', { description: 'x'.repeat(501) }, 'description', R.descriptionLong],
    ['a long pickup', { pickupLocation: 'x'.repeat(101) }, 'pickupLocation', R.pickupLong],
    ['the same places', { dropLocation: 'railway station' }, 'dropLocation', R.samePlaces],
  ];
  it.each(cases)('refuses %s with the contract message, writing nothing', async (_label, change, field, message) => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(rides);
    const res = await send('POST', '/api/rides', creator, { ...validRide(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(rides);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });

  it('accepts a departure just inside a year ahead', async () => {
    const ride = await offer({ departureDateTime: new Date(latestDeparture() - DAY).toISOString() });
    expect(Date.parse(ride.departureDateTime)).toBeGreaterThan(Date.now() + 360 * DAY);
  });

  it('gives the first failing field as message and every field in errors for an empty body', async () => {
    const res = await send('POST', '/api/rides', creator, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: R.pickupRequired,
      errors: {
        pickupLocation: R.pickupRequired,
        dropLocation: R.dropRequired,
        departureDateTime: R.departureRequired,
        totalSeats: R.seatsMin,
        phoneNumber: R.phoneRequired,
      },
    });
  });

  it('accepts the limits exactly: 1 and 8 seats, cost 0, +91 phone', async () => {
    expect((await offer({ totalSeats: 1 })).availableSeats).toBe(1);
    const eight = await offer({ totalSeats: 8, estimatedCost: 0, phoneNumber: '+91 98123-45678' });
    expect(eight).toMatchObject({ totalSeats: 8, availableSeats: 8, estimatedCost: 0, phoneNumber: '9812345678' });
  });
});

describe('join and cancel', () => {
  it('joining takes a seat and returns the participants with their participant object; cancelling returns it', async () => {
    const ride = await offer();
    const join = await send('POST', `/api/rides/${ride.id}/join`, other);
    expect(join.statusCode).toBe(200);
    expect(join.json().message).toBe(R.joined);
    const participants: RideParticipant[] = join.json().data;
    expect(participants).toHaveLength(1);
    expect(participants[0]).toMatchObject({
      rideId: ride.id,
      userId: other.userId,
      participant: { id: other.userId, name: 'Arjun Mehta', avatar: null },
    });
    const seen = await getRide(ride.id, other);
    expect(seen).toMatchObject({ availableSeats: 2, isJoined: true, phoneNumber: '9812345678' });
    const leave = await send('DELETE', `/api/rides/${ride.id}/join`, other);
    expect(leave.statusCode).toBe(200);
    expect(leave.json()).toMatchObject({ message: R.left, data: [] });
    expect(await getRide(ride.id, other)).toMatchObject({ availableSeats: 3, isJoined: false, phoneNumber: null });
  });

  it('shows the phone to the creator, participants and admins only', async () => {
    const ride = await offer();
    expect((await getRide(ride.id, creator)).phoneNumber).toBe('9812345678');
    expect(await getRide(ride.id, third)).toMatchObject({ phoneNumber: null, hasPhone: true });
    expect((await getRide(ride.id, admin)).phoneNumber).toBe('9812345678');
    const list = (await send('GET', `/api/rides?limit=100`, third)).json().data as Ride[];
    expect(list.find((r) => r.id === ride.id)?.phoneNumber).toBeNull();
  });

  it('notifies the creator of a join and a cancel, linking to the ride', async () => {
    const ride = await offer({ pickupLocation: 'ISBT Bus Stand' });
    await send('POST', `/api/rides/${ride.id}/join`, other);
    await send('DELETE', `/api/rides/${ride.id}/join`, other);
    const notes = (await w.notificationsOf(creator)).filter((n) => n.link === `/rides/${ride.id}`);
    expect(notes.map((n) => n.message)).toEqual([
      expect.stringMatching(/^Arjun Mehta left your ride ISBT Bus Stand → IIIT Sonepat Campus on /),
      expect.stringMatching(/^Arjun Mehta joined your ride ISBT Bus Stand → IIIT Sonepat Campus on /),
    ]);
  });

  it('refuses a second join (409), the creator (403), a full ride (409) and changes nothing', async () => {
    const ride = await offer({ totalSeats: 1 });
    expect((await send('POST', `/api/rides/${ride.id}/join`, other)).statusCode).toBe(200);
    const again = await send('POST', `/api/rides/${ride.id}/join`, other);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(R.alreadyJoined);
    const own = await send('POST', `/api/rides/${ride.id}/join`, creator);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(R.ownRide);
    const full = await send('POST', `/api/rides/${ride.id}/join`, third);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(R.full);
    const after = await getRide(ride.id);
    expect(after).toMatchObject({ availableSeats: 0, isFull: true });
    expect(after.participants.map((p) => p.userId)).toEqual([other.userId]);
  });

  it('refuses leaving a ride not joined (404) and the creator leaving (403)', async () => {
    const ride = await offer();
    const notJoined = await send('DELETE', `/api/rides/${ride.id}/join`, other);
    expect(notJoined.statusCode).toBe(404);
    expect(notJoined.json().message).toBe(R.notJoined);
    const own = await send('DELETE', `/api/rides/${ride.id}/join`, creator);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(R.creatorCannotLeave);
  });

  it('a departed ride can be neither joined nor left nor edited (409)', async () => {
    const row = await insertRide({ departureAt: new Date(Date.now() - 60_000), totalSeats: 3, availableSeats: 2 });
    await t.database.db.insert(rideParticipants).values({ rideId: row.id, userId: other.userId });
    const join = await send('POST', `/api/rides/${row.id}/join`, third);
    expect(join.statusCode).toBe(409);
    expect(join.json().message).toBe(R.departed);
    const leave = await send('DELETE', `/api/rides/${row.id}/join`, other);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().message).toBe(R.departed);
    const edit = await send('PUT', `/api/rides/${row.id}`, creator, { description: 'late' });
    expect(edit.statusCode).toBe(409);
    const seen = await getRide(row.id, other);
    expect(seen).toMatchObject({ availableSeats: 2, hasDeparted: true, isJoined: true });
  });
});

describe('update', () => {
  it('changes only the sent fields; seats move availableSeats by the same amount', async () => {
    const ride = await offer({ totalSeats: 4 });
    await send('POST', `/api/rides/${ride.id}/join`, other);
    const res = await send('PUT', `/api/rides/${ride.id}`, creator, { totalSeats: 6, description: 'Two big bags ok' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(R.updated);
    expect(res.json().data).toMatchObject({
      totalSeats: 6,
      availableSeats: 5,
      description: 'Two big bags ok',
      estimatedCost: 450,
      pickupLocation: 'Railway Station',
    });
    const cleared = await send('PUT', `/api/rides/${ride.id}`, creator, { remove_cost: true, totalSeats: 1 });
    expect(cleared.json().data).toMatchObject({ estimatedCost: null, totalSeats: 1, availableSeats: 0, isFull: true });
  });

  it('refuses fewer seats than joined students, changing nothing', async () => {
    const ride = await offer({ totalSeats: 3 });
    await send('POST', `/api/rides/${ride.id}/join`, other);
    await send('POST', `/api/rides/${ride.id}/join`, third);
    const res = await send('PUT', `/api/rides/${ride.id}`, creator, { totalSeats: 1, description: 'changed' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.totalSeats).toBe(R.seatsBelowJoined(2));
    expect(await getRide(ride.id)).toMatchObject({ totalSeats: 3, availableSeats: 1, description: ride.description });
  });

  it('validates sent fields with the spec messages', async () => {
    const ride = await offer();
    for (const [body, field, message] of [
      [{ totalSeats: 9 }, 'totalSeats', R.seatsMax],
      [{ estimatedCost: -1 }, 'estimatedCost', R.costNegative],
      [{ departureDateTime: new Date(Date.now() - DAY).toISOString() }, 'departureDateTime', R.departurePast],
      [{ departureDateTime: '9999-12-31T10:00:00Z' }, 'departureDateTime', R.departureTooFar],
      [{ phoneNumber: '12345' }, 'phoneNumber', R.phoneInvalid],
      [{ dropLocation: 'Railway Station' }, 'dropLocation', R.samePlaces],
    ] as Array<[object, string, string]>) {
      const res = await send('PUT', `/api/rides/${ride.id}`, creator, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
  });

  it('notifies every participant when the time or a place changes, not for other edits', async () => {
    const ride = await offer({ pickupLocation: 'Airport' });
    await send('POST', `/api/rides/${ride.id}/join`, other);
    await send('POST', `/api/rides/${ride.id}/join`, third);
    await send('PUT', `/api/rides/${ride.id}`, creator, { description: 'no change of plan' });
    const link = `/rides/${ride.id}`;
    expect((await w.notificationsOf(other)).filter((n) => n.link === link)).toEqual([]);
    const later = new Date(Date.now() + 4 * DAY).toISOString();
    expect((await send('PUT', `/api/rides/${ride.id}`, creator, { departureDateTime: later })).statusCode).toBe(200);
    for (const who of [other, third]) {
      const notes = (await w.notificationsOf(who)).filter((n) => n.link === link);
      expect(notes.map((n) => n.message)).toEqual([
        expect.stringMatching(/^A ride you joined changed: now Airport → IIIT Sonepat Campus on /),
      ]);
    }
  });
});

describe('delete', () => {
  it('the creator deletes the ride, its participations and photo; participants are notified', async () => {
    const body = multipartForm({ ...validRide(), totalSeats: '3', estimatedCost: '300' }, [
      { field: 'image', filename: 'cab.jpg', content: await jpeg(), type: 'image/jpeg' },
    ]);
    const created = await w.as('creator').form('POST', '/api/rides', body);
    const ride: Ride = created.json().data;
    const fileId = new URL(ride.imageUrl!).pathname.split('/').pop()!;
    await send('POST', `/api/rides/${ride.id}/join`, third);
    const res = await send('DELETE', `/api/rides/${ride.id}`, creator);
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(rideParticipants).where(eq(rideParticipants.rideId, ride.id))).toEqual([]);
    expect(await t.database.db.select().from(files).where(eq(files.id, fileId))).toEqual([]);
    const notes = await w.notificationsOf(third);
    expect(notes[0]!.message).toMatch(
      /^The ride Railway Station → IIIT Sonepat Campus on .* you joined was cancelled by its creator\.$/,
    );
    expect(
      (await w.notificationsOf(creator)).some(
        (n) =>
          n.message.startsWith('An administrator removed your ride Railway Station → IIIT Sonepat Campus') &&
          n.link === `/rides/${ride.id}`,
      ),
    ).toBe(false);
  });
});

describe('the caller’s rides', () => {
  it('lists offered and joined rides, upcoming first (soonest first), then departed ones', async () => {
    const me = await signUpAndLogin(t);
    const soon = await offer({ departureDateTime: new Date(Date.now() + DAY).toISOString() }, me);
    const later = await offer({ departureDateTime: new Date(Date.now() + 5 * DAY).toISOString() });
    await send('POST', `/api/rides/${later.id}/join`, me);
    const past = await insertRide({ departureAt: new Date(Date.now() - DAY) }, me.userId);
    const older = await insertRide({ departureAt: new Date(Date.now() - 3 * DAY) }, me.userId);
    await offer({}, other); // someone else's ride
    const res = await send('GET', '/api/rides/user/rides', me);
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Ride[]).map((r) => r.id)).toEqual([soon.id, later.id, past.id, older.id]);
    expect(res.json().pagination).toEqual({ page: 1, limit: 50, total: 4 }); // unpaged: up to 50 rides
  });
});

describe('the list', () => {
  it('keeps full rides (marked), drops departed ones, and paginates', async () => {
    const tag = `Kund ${Date.now()}`;
    const full = await offer({ pickupLocation: tag, totalSeats: 1 });
    await send('POST', `/api/rides/${full.id}/join`, other);
    await insertRide({ pickupLocation: tag, departureAt: new Date(Date.now() - 1000) });
    const open = await offer({ pickupLocation: tag, departureDateTime: new Date(Date.now() + 2 * DAY).toISOString() });
    const res = await send('GET', `/api/rides?search=${encodeURIComponent(tag)}`, third);
    const list = res.json().data as Ride[];
    expect(list.map((r) => r.id)).toEqual([open.id, full.id]);
    expect(list[1]).toMatchObject({ isFull: true, availableSeats: 0 });
    const onePage = await send('GET', `/api/rides?search=${encodeURIComponent(tag)}&limit=1&page=2`, third);
    expect(onePage.json().data.map((r: Ride) => r.id)).toEqual([full.id]);
    expect(onePage.json().pagination).toEqual({ page: 2, limit: 1, total: 2 });
  });

  it('refuses malformed filters with 400', async () => {
    for (const q of [
      'dateRange=month',
      'minSeats=9',
      'minSeats=0',
      'maxPrice=-1',
      'sortBy=random',
      'status=half',
      'startDate=2026-02-30',
      'dateRange=custom&startDate=2026-12-05&endDate=2026-12-01',
      'limit=101',
    ]) {
      expect((await send('GET', `/api/rides?${q}`, other)).statusCode, q).toBe(400);
    }
  });
});

describe('demo data', () => {
  it('seeds upcoming rides whose seats match their participants', async () => {
    const d = await createTestApp();
    try {
      const students = [await signUpAndLogin(d), await signUpAndLogin(d), await signUpAndLogin(d)];
      await seedRidesDemo(d.app.ctx, { students: students.map((x) => ({ id: x.userId })) });
      const res = await send('GET', '/api/rides?limit=100', students[0], undefined, d);
      const list = res.json().data as Ride[];
      expect(list.length).toBe(6);
      for (const r of list) expect(r.availableSeats).toBe(r.totalSeats - r.participants.length);
      expect(list.some((r) => r.participants.length > 0)).toBe(true);
    } finally {
      await d.close();
    }
  });
});

/** `yyyy-MM-dd` of `at` in the institute's zone (the oracle's own computation, via Intl). */
const localDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(at);
/** Calendar arithmetic on `yyyy-MM-dd` (UTC noon avoids any offset question). */
const plusDays = (d: string, n: number) => new Date(Date.parse(`${d}T12:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const weekday = (d: string) => ((new Date(`${d}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

describe('filters and sorts over generated rides (property-style)', () => {
  let f: TestApp;
  let viewer: SignedIn;
  const all: Array<{
    id: string;
    pickup: string;
    drop: string;
    at: Date;
    cost: number | null;
    seats: number;
    available: number;
    direction: string;
  }> = [];

  beforeAll(async () => {
    f = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    viewer = await signUpAndLogin(f);
    const owner = await signUpAndLogin(f);
    // Instants at the institute's midnight ± 1 minute for the next 15 days (IST is UTC+05:30),
    // plus noon, plus a few departed rides.
    const today = localDate(new Date());
    const instants: Date[] = [];
    for (let d = -1; d <= 15; d++) {
      const day = plusDays(today, d);
      const midnight = Date.parse(`${day}T00:00:00+05:30`);
      instants.push(
        new Date(midnight - 60_000),
        new Date(midnight),
        new Date(midnight + 60_000),
        new Date(midnight + 12 * 3600_000),
      );
    }
    const places = [
      'Railway Station',
      'Airport',
      'ISBT Bus Stand',
      'Main Gate',
      'IIIT Sonepat Campus',
      'Murthal Dhaba',
    ];
    const rng = fc.sample(
      fc.record({
        pickup: fc.constantFrom(...places),
        drop: fc.constantFrom(...places),
        cost: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
        seats: fc.integer({ min: 1, max: 8 }),
        taken: fc.integer({ min: 0, max: 8 }),
        direction: fc.constantFrom(...RIDE_DIRECTIONS),
      }),
      { numRuns: instants.length, seed: 11 },
    );
    const values = instants.map((at, i) => {
      const g = rng[i]!;
      const available = Math.max(0, g.seats - g.taken);
      all.push({
        id: '',
        pickup: g.pickup,
        drop: g.drop,
        at,
        cost: g.cost,
        seats: g.seats,
        available,
        direction: g.direction,
      });
      return {
        userId: owner.userId,
        pickupLocation: g.pickup,
        dropLocation: g.drop,
        departureAt: at,
        totalSeats: g.seats,
        availableSeats: available,
        estimatedCost: g.cost,
        phoneNumber: '9812345678',
        direction: g.direction,
      };
    });
    const inserted = await f.database.db.insert(rides).values(values).returning({ id: rides.id });
    inserted.forEach((r, i) => (all[i]!.id = r.id));
  }, 60_000);
  afterAll(async () => {
    await f?.close();
  });

  const query = fc.record(
    {
      search: fc.constantFrom('station', 'AIR', 'gate', 'campus', 'dhaba', 'isbt'),
      dateRange: fc.constantFrom('today', 'tomorrow', 'week', 'nextWeek', 'custom'),
      startOffset: fc.integer({ min: -1, max: 14 }),
      span: fc.integer({ min: 0, max: 5 }),
      timeFrame: fc.constantFrom('today', 'tomorrow'),
      minSeats: fc.integer({ min: 1, max: 8 }),
      maxPrice: fc.integer({ min: 0, max: 400 }),
      direction: fc.constantFrom(...RIDE_DIRECTIONS, 'all'),
      status: fc.constantFrom('all', 'open', 'full'),
      sortBy: fc.constantFrom(...RIDE_SORTS),
    },
    { requiredKeys: ['sortBy'] },
  );

  it('each filter and sort returns exactly the right rides in the right order', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const now = Date.now();
        const today = localDate(new Date(now));
        const startDate = q.dateRange === 'custom' ? plusDays(today, q.startOffset ?? 0) : undefined;
        const endDate = q.dateRange === 'custom' ? plusDays(startDate!, q.span ?? 0) : undefined;
        const params = new URLSearchParams({ limit: '100', sortBy: q.sortBy });
        for (const [k, v] of Object.entries({ ...q, startOffset: undefined, span: undefined, startDate, endDate }))
          if (v !== undefined && k !== 'sortBy') params.set(k, String(v));
        const res = await send('GET', `/api/rides?${params}`, viewer, undefined, f);
        expect(res.statusCode, res.body).toBe(200);
        const got = (res.json().data as Ride[]).map((r) => r.id);

        const inDays = (d: string, from: string, to: string) => d >= from && d <= to;
        const dayOk = (d: string, range: string | undefined) => {
          switch (range) {
            case 'today':
              return d === today;
            case 'tomorrow':
              return d === plusDays(today, 1);
            case 'week':
              return inDays(d, today, plusDays(today, 7 - weekday(today)));
            case 'nextWeek': {
              const monday = plusDays(today, 8 - weekday(today));
              return inDays(d, monday, plusDays(monday, 6));
            }
            case 'custom':
              return inDays(d, startDate!, endDate!);
            default:
              return true;
          }
        };
        const s = q.search?.toLowerCase();
        const expected = all
          .filter((r) => r.at.getTime() > now)
          .filter((r) => !s || r.pickup.toLowerCase().includes(s) || r.drop.toLowerCase().includes(s))
          .filter((r) => dayOk(localDate(r.at), q.dateRange) && dayOk(localDate(r.at), q.timeFrame))
          .filter((r) => q.minSeats === undefined || r.available >= q.minSeats)
          .filter((r) => q.maxPrice === undefined || (r.cost !== null && r.cost <= q.maxPrice))
          .filter((r) => !q.direction || q.direction === 'all' || r.direction === q.direction)
          .filter((r) => !q.status || q.status === 'all' || (q.status === 'open' ? r.available > 0 : r.available === 0))
          .sort((a, b) => {
            const byDate = a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : 1);
            const cost = (x: number | null, dir: 1 | -1) => (x === null ? Infinity : dir * x);
            switch (q.sortBy) {
              case 'dateDesc':
                return -byDate;
              case 'priceAsc':
                return cost(a.cost, 1) - cost(b.cost, 1) || byDate;
              case 'priceDesc':
                return cost(a.cost, -1) - cost(b.cost, -1) || byDate;
              case 'seatsDesc':
                return b.available - a.available || byDate;
              default:
                return byDate;
            }
          })
          .map((r) => r.id);
        expect(got, params.toString()).toEqual(expected);
        expect(res.json().pagination.total).toBe(expected.length);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('puts the day boundaries at the institute’s midnight: 23:59 is yesterday, 00:00 is the day', async () => {
    const today = localDate(new Date());
    const tomorrow = plusDays(today, 1);
    const midnight = Date.parse(`${tomorrow}T00:00:00+05:30`);
    const res = await send('GET', `/api/rides?dateRange=tomorrow&limit=100`, viewer, undefined, f);
    const ids = (res.json().data as Ride[]).map((r) => r.id);
    const before = all.find((r) => r.at.getTime() === midnight - 60_000)!;
    const at = all.find((r) => r.at.getTime() === midnight)!;
    const dayEnd = all.find((r) => r.at.getTime() === Date.parse(`${plusDays(tomorrow, 1)}T00:00:00+05:30`))!;
    expect(ids).toContain(at.id);
    expect(ids).not.toContain(before.id);
    expect(ids).not.toContain(dayEnd.id);
  });
});

/**
 * Concurrency: real parallel transactions need PostgreSQL — PGlite is one in-process
 * connection that runs every query in turn, so a race cannot happen there. A second app instance
 * with a pool of 40 connections on the same database sends the requests.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('seats under concurrency (PostgreSQL)', () => {
  let big: Awaited<ReturnType<typeof buildApp>>;
  let closeBig: () => Promise<void>;

  beforeAll(async () => {
    const result = (await t.database.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${result.rows[0]!.name}`;
    // 200 transactions queue on one ride row: on a busy CI machine that takes seconds, so this
    // correctness suite lifts the production time limits and group share (they have their own
    // tests in time-limits.test.ts).
    const database = await openPostgres(
      url.toString(),
      40,
      { statementTimeoutMs: 60_000, lockTimeoutMs: 60_000, idleInTransactionTimeoutMs: 60_000 },
      { perGroup: 40, waitMs: 60_000, reserved: 2 },
    );
    big = await buildApp({ config: t.config, database, logger: false });
    await big.ready();
    closeBig = async () => {
      await big.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await closeBig?.();
  });

  /** `n` students signed in by inserting them and their sessions directly (fast). */
  async function students(n: number): Promise<string[]> {
    const stamp = Date.now().toString(36);
    const rows = await t.database.db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          email: `racer${stamp}.${String(i).padStart(8, '0')}@iiitsonepat.ac.in`,
          username: `racer${stamp}${i}`,
          passwordHash: 'x',
          name: `Racer ${i}`,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id });
    return Promise.all(rows.map(async (r) => `cc_session=${await createSession(t.database.db, r.id)}`));
  }
  const hit = (method: Method, url: string, cookie: string) =>
    big.inject({ method, url, headers: { cookie, 'x-forwarded-for': nextClientIp() } });

  async function seatsOf(id: string) {
    const [row] = await t.database.db.select().from(rides).where(eq(rides.id, id));
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rideParticipants)
      .where(eq(rideParticipants.rideId, id));
    return { total: row!.totalSeats, available: row!.availableSeats, participants: Number(n) };
  }

  it('200 concurrent joins by 200 students on a 3-seat ride: exactly 3 participants, 0 seats left', async () => {
    const ride = await offer({ totalSeats: 3 });
    const cookies = await students(200);
    const answers = await Promise.all(cookies.map((c) => hit('POST', `/api/rides/${ride.id}/join`, c)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(197);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(R.full);
    expect(await seatsOf(ride.id)).toEqual({ total: 3, available: 0, participants: 3 });
  }, 120_000);

  it('50 concurrent joins by one student: one participation', async () => {
    const ride = await offer({ totalSeats: 5 });
    const [cookie] = await students(1);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => hit('POST', `/api/rides/${ride.id}/join`, cookie!)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(await seatsOf(ride.id)).toEqual({ total: 5, available: 4, participants: 1 });
  }, 120_000);

  it('joins and cancels racing leave availableSeats = totalSeats − participants', async () => {
    const ride = await offer({ totalSeats: 4 });
    const cookies = await students(40);
    // The first 20 join first; then they cancel while the other 20 join, twice over.
    await Promise.all(cookies.slice(0, 20).map((c) => hit('POST', `/api/rides/${ride.id}/join`, c)));
    for (let round = 0; round < 2; round++) {
      await Promise.all(
        cookies.flatMap((c, i) => [
          hit(i < 20 ? 'DELETE' : 'POST', `/api/rides/${ride.id}/join`, c),
          hit(i < 20 ? 'POST' : 'DELETE', `/api/rides/${ride.id}/join`, c),
        ]),
      );
      const s = await seatsOf(ride.id);
      expect(s.available).toBe(s.total - s.participants);
      expect(s.available).toBeGreaterThanOrEqual(0);
    }
    // And editing the seats while students join never drops below the joined ones.
    const edits = await Promise.all([
      ...cookies.map((c) => hit('POST', `/api/rides/${ride.id}/join`, c)),
      big.inject({
        method: 'PUT',
        url: `/api/rides/${ride.id}`,
        payload: { totalSeats: 2 },
        headers: { cookie: creator.cookie, 'x-forwarded-for': nextClientIp() },
      }),
    ]);
    expect(edits.every((r) => r.statusCode < 500)).toBe(true);
    const s = await seatsOf(ride.id);
    expect(s.available).toBe(s.total - s.participants);
    expect(s.participants).toBeLessThanOrEqual(s.total);
  }, 120_000);
});
