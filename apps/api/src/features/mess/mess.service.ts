/**
 * Mess menu rules and access (docs/mess.md) — the feature's only export surface. Queries and shapes
 * are in `mess.queries.ts`, the default messes and demo data in `mess.seed.ts`.
 *
 * - Every signed-in student reads every mess's menu. A student's own mess is the one they picked
 *   (`PUT /api/mess/mine`), else the one serving their profile's hostel, else none.
 * - Administrators create and edit messes (routes behind `adminOnly`): hostels must be the
 *   institute config's, and a hostel is served by at most one mess (409 naming the other).
 * - "Now" and the day are the institute's (`ctx.config.institute.timezone`).
 */
import { TZDate } from '@date-fns/tz';
import {
  MESS_MESSAGES as M,
  type Mess,
  type MessBody,
  type MessMealState,
  type MessToday,
  type MessWeek,
  type MyMessBody,
} from '@campus/contract/mess';
import type { Admin, SessionUser } from '../../lib/auth.ts';
import { isAdmin } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { todayIn } from '../../lib/dates.ts';
import { badRequest, conflict, notFound, pgCode, refuse } from '../../lib/errors.ts';
import * as queries from './mess.queries.ts';

export { ensureDefaultMesses, seedMessDemo } from './mess.seed.ts';

/** The instant `time` (`HH:mm`) of `date` (`yyyy-MM-dd`) in `timezone`. */
function instantOf(date: string, time: string, timezone: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, mo - 1, d, h, mi, 0, 0, timezone).getTime());
}

/** The id of `viewer`'s mess among `all`: their pick, else the one serving their hostel, else null. */
async function myMessId(ctx: ServiceContext, viewer: SessionUser, all: queries.MessRow[]): Promise<string | null> {
  const { messId, hostel } = await queries.choiceAndHostel(ctx.db, viewer.id);
  if (messId) return messId;
  return (hostel && all.find((m) => m.hostels.includes(hostel))?.id) || null;
}

const toMess = (row: queries.MessRow, mine: string | null, viewer: SessionUser): Mess => ({
  id: row.id,
  name: row.name,
  hostels: row.hostels,
  meals: row.meals,
  mine: row.id === mine,
  canManage: isAdmin(viewer),
});

/** GET /api/mess: every mess by name, the viewer's own marked. */
export async function listMesses(ctx: ServiceContext, viewer: SessionUser): Promise<Mess[]> {
  const all = await queries.allMesses(ctx.db);
  const mine = await myMessId(ctx, viewer, all);
  return all.map((row) => toMess(row, mine, viewer));
}

/** The mess a query or body names: 400 "Unknown mess." when there is none. */
async function namedMess(ctx: ServiceContext, id: string): Promise<queries.MessRow> {
  const row = await queries.messById(ctx.db, id);
  if (!row) throw badRequest(M.messUnknown, { mess: M.messUnknown });
  return row;
}

/**
 * GET /api/mess/today: today's meals of `messId` (else the viewer's own mess) in serving order,
 * each `over`, `now`, `next` (the first not yet started) or `later` at `now`. `mess: null` when
 * the viewer has no mess. 400 for an unknown mess.
 */
export async function today(
  ctx: ServiceContext,
  viewer: SessionUser,
  messId: string | undefined,
  now: Date = new Date(),
): Promise<MessToday> {
  const tz = ctx.config.institute.timezone;
  const date = todayIn(tz, now);
  let row: queries.MessRow | undefined;
  if (messId) row = await namedMess(ctx, messId);
  else {
    const all = await queries.allMesses(ctx.db);
    const mine = await myMessId(ctx, viewer, all);
    row = all.find((m) => m.id === mine);
  }
  if (!row) return { mess: null, date, closed: false, note: null, meals: [] };
  const [day] = await queries.menuOfDays(ctx.db, row, date, 1);
  let nextGiven = false;
  const meals = day!.meals.map((m) => {
    const startsAt = instantOf(date, m.start, tz);
    const endsAt = instantOf(date, m.end, tz);
    let state: MessMealState;
    if (now >= endsAt) state = 'over';
    else if (now >= startsAt) state = 'now';
    else if (!nextGiven) {
      state = 'next';
      nextGiven = true;
    } else state = 'later';
    return {
      meal: m.meal,
      start: m.start,
      end: m.end,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      state,
      dishes: m.dishes.map((d) => ({ ...d, rating: { average: null, count: 0 } })),
      rating: { average: null, count: 0 },
      myRating: null,
    };
  });
  return { mess: { id: row.id, name: row.name }, date, closed: day!.closed, note: day!.note, meals };
}

/** GET /api/mess/:id/week: the 7 days from `from` (default today). 404 for an unknown mess. */
export async function week(ctx: ServiceContext, id: string, from: string | undefined): Promise<MessWeek> {
  const row = await queries.messById(ctx.db, id);
  if (!row) throw notFound(M.notFound);
  const start = from ?? todayIn(ctx.config.institute.timezone);
  return { mess: { id: row.id, name: row.name }, from: start, days: await queries.menuOfDays(ctx.db, row, start, 7) };
}

/** PUT /api/mess/mine: remembers the viewer's mess. 400 for an unknown mess. */
export async function chooseMess(
  ctx: ServiceContext,
  viewer: SessionUser,
  body: MyMessBody,
): Promise<{ mess: string }> {
  const row = await namedMess(ctx, body.mess);
  await queries.saveChoice(ctx.db, viewer.id, row.id);
  return { mess: row.id };
}

/**
 * The body's hostels checked: each one of the institute config's (400), none served by another
 * mess (409 naming it). Meals are stored in serving order.
 */
async function checkedBody(
  ctx: ServiceContext,
  tx: typeof ctx.db,
  body: MessBody,
  exceptId?: string,
): Promise<MessBody> {
  const known = new Set(ctx.config.institute.hostels);
  const hostels = [...new Set(body.hostels)];
  if (hostels.some((h) => !known.has(h))) refuse(400, M.hostelsInvalid);
  for (const other of await queries.otherMesses(tx, exceptId)) {
    const taken = hostels.find((h) => other.hostels.includes(h));
    if (taken) refuse(409, M.hostelTaken(taken, other.name));
  }
  return { ...body, hostels, meals: [...body.meals].sort((a, b) => a.start.localeCompare(b.start)) };
}

/** Runs `work`, answering 409 "A mess with this name already exists." on the unique name. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (pgCode(err) === '23505') throw conflict(M.nameTaken);
    throw err;
  }
}

/** POST /api/mess (administrators): a new mess, audited. 400/409 as {@link checkedBody}; 409 for a taken name. */
export async function createMess(ctx: ServiceContext, admin: Admin, body: MessBody): Promise<Mess> {
  const row = await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const made = await queries.insertMess(tx, await checkedBody(ctx, tx, body));
      await queries.audit(tx, { messId: made.id, userId: admin.id, action: 'create', detail: body });
      return made;
    }),
  );
  return toMess(row, null, admin);
}

/** PUT /api/mess/:id (administrators): a mess's name, hostels and meals, audited. 404 unknown; else as create. */
export async function updateMess(ctx: ServiceContext, admin: Admin, id: string, body: MessBody): Promise<Mess> {
  if (!(await queries.messById(ctx.db, id))) throw notFound(M.notFound);
  const row = await uniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const changed = await queries.updateMess(tx, id, await checkedBody(ctx, tx, body, id));
      if (!changed) refuse(404, M.notFound);
      await queries.audit(tx, { messId: id, userId: admin.id, action: 'update', detail: body });
      return changed;
    }),
  );
  return toMess(row, null, admin);
}
