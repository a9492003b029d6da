/**
 * Mess menu rules and access (docs/mess.md) — the feature's only export surface. Queries and shapes
 * are in `mess.queries.ts`, the managers' writes (menu, CSV import, day overrides, notices) in
 * `mess.manage.ts`, the in-process cache of a mess's day in `mess.cache.ts`, the default messes and
 * demo data in `mess.seed.ts`.
 *
 * - Every signed-in student reads every mess's menu. A student's own mess is the one they picked
 *   (`PUT /api/mess/mine`), else the one serving their profile's hostel, else none.
 * - Administrators create and edit messes (routes behind `adminOnly`): hostels must be the
 *   institute config's, and a hostel is served by at most one mess (409 naming the other).
 * - Administrators appoint each mess's managers; a manager (and any administrator) reads the
 *   mess's feedback, where other students get 403.
 * - A student rates a meal of a mess that has started, today or in the last 2 days: 1–5 stars and
 *   an optional comment, one rating per meal and day (sending again changes it), at most
 *   60 an hour. The stars count for each dish of that meal; averages read the per-day aggregates
 *   (docs/decisions/0600-mess-rating-aggregate.md), comments only the feedback page.
 * - A mess's managers and administrators post same-day notices to its students (those whose mess
 *   it is, by pick or hostel): each gets it in the bell and by push (category `mess`, which they
 *   may switch off), in the notice's transaction; `/mess` shows the day's notices.
 * - "Now" and the day are the institute's (`ctx.config.institute.timezone`).
 * - `GET /api/mess/today` reads the viewer's own part (their mess, their ratings; one statement)
 *   and the part every student of the mess sees from the in-process cache
 *   (docs/decisions/0601-mess-day-cache.md); every write that changes either part goes through
 *   `changingMess`, which tells every instance.
 */
import { TZDate } from '@date-fns/tz';
import {
  MESS_AVERAGE_DAYS,
  MESS_FEEDBACK_DAYS,
  MESS_MESSAGES as M,
  MESS_RATE_DAYS_BACK,
  MESS_RATINGS_PER_HOUR,
  type Mess,
  type MessBody,
  type MessComment,
  type MessFeedback,
  type MessManagersBody,
  type MessMealState,
  type MessToday,
  type MessWeek,
  type MyMessBody,
  type RateMealBody,
} from '@campus/contract/mess';
import { COMMON_MESSAGES } from '@campus/contract/envelope-ui';
import type { PaginationQuery } from '@campus/contract/envelope';
import type { Admin, SessionUser } from '../../lib/auth.ts';
import { isAdmin } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { addDays, todayIn } from '../../lib/dates.ts';
import { badRequest, conflict, notFound, pgCode, refuse, tooManyRequests } from '../../lib/errors.ts';
import { listPage, type Page } from '../../lib/pages.ts';
import { hit } from '../../lib/rate-limit.ts';
import { ANY_MESS, changingMess, messDayCacheOf, type MessDayShared } from './mess.cache.ts';
import { managedMess } from './mess.manage.ts';
import * as queries from './mess.queries.ts';

export { ensureDefaultMessesAtStart, seedMessDemo } from './mess.seed.ts';

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

type Manager = Mess['managers'][number];

/** A mess in the API shape; `managers` only for an administrator. */
const toMess = (
  row: queries.MessRow,
  viewer: SessionUser,
  opts: { mine?: string | null; managed?: Set<string>; managers?: Manager[] } = {},
): Mess => ({
  id: row.id,
  name: row.name,
  hostels: row.hostels,
  meals: row.meals,
  mine: row.id === opts.mine,
  canManage: isAdmin(viewer) || !!opts.managed?.has(row.id),
  managers: isAdmin(viewer) ? (opts.managers ?? []) : [],
});

/** Every mess's managers of `all`, by mess (read for an administrator only). */
async function managersOf(ctx: ServiceContext, viewer: SessionUser): Promise<Map<string, Manager[]>> {
  const byMess = new Map<string, Manager[]>();
  if (!isAdmin(viewer)) return byMess;
  for (const m of await queries.allManagers(ctx.db))
    byMess.set(m.messId, [...(byMess.get(m.messId) ?? []), { id: m.id, name: m.name ?? '', email: m.email }]);
  return byMess;
}

/** GET /api/mess: every mess by name, the viewer's own marked, those they manage editable. */
export async function listMesses(ctx: ServiceContext, viewer: SessionUser): Promise<Mess[]> {
  const all = await queries.allMesses(ctx.db);
  const [mine, managed, managers] = await Promise.all([
    myMessId(ctx, viewer, all),
    queries.managedBy(ctx.db, viewer.id),
    managersOf(ctx, viewer),
  ]);
  return all.map((row) => toMess(row, viewer, { mine, managed, managers: managers.get(row.id) }));
}

/** The mess a query or body names: 400 "Unknown mess." when there is none. */
async function namedMess(ctx: ServiceContext, id: string): Promise<queries.MessRow> {
  const row = await queries.messById(ctx.db, id);
  if (!row) throw badRequest(M.messUnknown, { mess: M.messUnknown });
  return row;
}

/**
 * The part of mess `messId`'s day `date` that every student sees (null for an unknown mess): the
 * day's menu, each meal's instants in the institute's zone, the dishes' 30-day ratings, the meals'
 * ratings of the day and the day's notices. Six statements; cached per mess and date.
 */
async function loadDay(ctx: ServiceContext, messId: string, date: string): Promise<MessDayShared | null> {
  const row = await queries.messById(ctx.db, messId);
  if (!row) return null;
  const tz = ctx.config.institute.timezone;
  const [day] = await queries.menuOfDays(ctx.db, row, date, 1);
  const names = [...new Set(day!.meals.flatMap((m) => m.dishes.map((d) => d.name)))];
  const [dishAverages, mealRows, notices] = await Promise.all([
    queries.dishAverages(ctx.db, row.id, names, addDays(date, 1 - MESS_AVERAGE_DAYS), date),
    queries.mealDays(ctx.db, row.id, date, date),
    queries.noticesOf(ctx.db, row.id, date),
  ]);
  const none = { average: null, count: 0 };
  const meals = day!.meals.map((m) => {
    const startsAt = instantOf(date, m.start, tz);
    const endsAt = instantOf(date, m.end, tz);
    const mealRow = mealRows.find((r) => r.meal === m.meal);
    return {
      meal: m.meal,
      start: m.start,
      end: m.end,
      startsAtMs: startsAt.getTime(),
      endsAtMs: endsAt.getTime(),
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      dishes: m.dishes.map((d) => ({ ...d, rating: dishAverages.get(d.name) ?? none })),
      rating: mealRow ? queries.summary(mealRow.sum, mealRow.count) : none,
    };
  });
  return { mess: { id: row.id, name: row.name }, closed: day!.closed, note: day!.note, meals, notices };
}

/** `viewer`'s own part of the day `date` (the mess `named`, else theirs): from this instance's cache when it has one. */
function viewerPart(ctx: ServiceContext, viewer: SessionUser, date: string, named: string | undefined) {
  const load = () => queries.viewerDay(ctx.db, viewer.id, date, named);
  const cache = messDayCacheOf(ctx);
  return cache ? cache.viewer(viewer, named, date, load) : load();
}

/** The shared part of mess `messId`'s day `date`: from this instance's cache when it has one. */
function sharedDay(ctx: ServiceContext, messId: string, date: string): Promise<MessDayShared | null> {
  const cache = messDayCacheOf(ctx);
  return cache ? cache.get(messId, date, () => loadDay(ctx, messId, date)) : loadDay(ctx, messId, date);
}

/**
 * GET /api/mess/today: today's meals of `messId` (else the viewer's own mess) in serving order,
 * each `over`, `now`, `next` (the first not yet started) or `later` at `now`, with the viewer's own
 * rating. `mess: null` when the viewer has no mess. 400 for an unknown mess. Both parts from this
 * instance's cache while no change was announced ({@link viewerPart}, {@link sharedDay}).
 */
export async function today(
  ctx: ServiceContext,
  viewer: SessionUser,
  messId: string | undefined,
  now: Date = new Date(),
): Promise<MessToday> {
  const date = todayIn(ctx.config.institute.timezone, now);
  const mine = await viewerPart(ctx, viewer, date, messId);
  const day = mine.messId ? await sharedDay(ctx, mine.messId, date) : null;
  if (!day) {
    if (messId) throw badRequest(M.messUnknown, { mess: M.messUnknown });
    return { mess: null, date, closed: false, note: null, meals: [], notices: [] };
  }
  const at = now.getTime();
  let nextGiven = false;
  const meals = day.meals.map((m) => {
    let state: MessMealState;
    if (at >= m.endsAtMs) state = 'over';
    else if (at >= m.startsAtMs) state = 'now';
    else if (!nextGiven) {
      state = 'next';
      nextGiven = true;
    } else state = 'later';
    return {
      meal: m.meal,
      start: m.start,
      end: m.end,
      startsAt: m.startsAt,
      endsAt: m.endsAt,
      state,
      dishes: m.dishes,
      rating: m.rating,
      myRating: mine.ratings.get(m.meal) ?? null,
    };
  });
  return { mess: day.mess, date, closed: day.closed, note: day.note, meals, notices: day.notices };
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
  await changingMess(ctx, row.id, (tx) => queries.saveChoice(tx, viewer.id, row.id));
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

/**
 * POST /api/mess (administrators): a new mess, audited; every instance's mess cache is emptied (the
 * students of its hostels now see it). 400/409 as {@link checkedBody}; 409 for a taken name.
 */
export async function createMess(ctx: ServiceContext, admin: Admin, body: MessBody): Promise<Mess> {
  const row = await uniqueName(() =>
    changingMess(ctx, ANY_MESS, async (tx) => {
      const made = await queries.insertMess(tx, await checkedBody(ctx, tx, body));
      await queries.audit(tx, { messId: made.id, userId: admin.id, action: 'create', detail: body });
      return made;
    }),
  );
  return toMess(row, admin);
}

/**
 * PUT /api/mess/:id (administrators): a mess's name, hostels and meals, audited (and its cached
 * days dropped on every instance). 404 unknown; else as create.
 */
export async function updateMess(ctx: ServiceContext, admin: Admin, id: string, body: MessBody): Promise<Mess> {
  if (!(await queries.messById(ctx.db, id))) throw notFound(M.notFound);
  const row = await uniqueName(() =>
    changingMess(ctx, id, async (tx) => {
      const changed = await queries.updateMess(tx, id, await checkedBody(ctx, tx, body, id));
      if (!changed) refuse(404, M.notFound);
      await queries.audit(tx, { messId: id, userId: admin.id, action: 'update', detail: body });
      return changed;
    }),
  );
  return toMess(row, admin, { managers: (await managersOf(ctx, admin)).get(id) });
}

/**
 * PUT /api/mess/:id/managers (administrators): replaces the mess's managers with the accounts of
 * `body.emails`, audited. 404 unknown mess; 400 naming an e-mail without an account.
 */
export async function setManagers(
  ctx: ServiceContext,
  admin: Admin,
  id: string,
  body: MessManagersBody,
): Promise<Mess> {
  const row = await queries.messById(ctx.db, id);
  if (!row) throw notFound(M.notFound);
  const emails = [...new Set(body.emails)];
  const found = await queries.usersByEmail(ctx.db, emails);
  const missing = emails.find((e) => !found.some((u) => u.email === e));
  if (missing) throw badRequest(M.managerUnknown(missing), { emails: M.managerUnknown(missing) });
  await ctx.db.transaction(async (tx) => {
    await queries.setManagers(
      tx,
      id,
      found.map((u) => u.id),
    );
    await queries.audit(tx, { messId: id, userId: admin.id, action: 'managers', detail: { emails } });
  });
  return toMess(row, admin, { managers: (await managersOf(ctx, admin)).get(id) });
}

const HOUR_MS = 3_600_000;

/**
 * PUT /api/mess/ratings: stores the viewer's rating of a meal (see the module's rules). 400 for an
 * unknown mess, a day outside today and the last 2 days, a meal not served that day or not yet
 * started; 429 beyond the hourly ceiling.
 */
export async function rateMeal(
  ctx: ServiceContext,
  viewer: SessionUser,
  body: RateMealBody,
  now: Date = new Date(),
): Promise<{ date: string; meal: RateMealBody['meal']; stars: number; comment: string | null }> {
  const row = await namedMess(ctx, body.mess);
  const tz = ctx.config.institute.timezone;
  const today = todayIn(tz, now);
  if (body.date > today || body.date < addDays(today, -MESS_RATE_DAYS_BACK))
    throw badRequest(M.dateOutOfRange, { date: M.dateOutOfRange });
  const [day] = await queries.menuOfDays(ctx.db, row, body.date, 1);
  const meal = day!.meals.find((m) => m.meal === body.meal);
  if (!meal) throw badRequest(M.mealNotServed, { meal: M.mealNotServed });
  if (now < instantOf(body.date, meal.start, tz)) throw badRequest(M.mealNotStarted, { meal: M.mealNotStarted });
  const { count, retryAfterMs } = await hit(ctx.db, `mess-rating:${viewer.id}`, HOUR_MS);
  if (count > MESS_RATINGS_PER_HOUR) throw tooManyRequests(COMMON_MESSAGES.rateLimited, retryAfterMs / 1000);
  const comment = body.comment?.trim() || null;
  const dishes = [...new Set(meal.dishes.map((d) => d.name))];
  await changingMess(ctx, row.id, (tx) =>
    queries.storeRating(
      tx,
      { userId: viewer.id, messId: row.id, date: body.date, meal: body.meal },
      { stars: body.stars, comment, dishes },
    ),
  );
  return { date: body.date, meal: body.meal, stars: body.stars, comment };
}

/**
 * GET /api/mess/:id/feedback (the mess's managers, administrators): each meal's average and count
 * per day over the last 4 weeks, newest day first. 404 unknown; 403 for anyone else.
 */
export async function feedback(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<MessFeedback> {
  const row = await managedMess(ctx, viewer, id);
  const to = todayIn(ctx.config.institute.timezone);
  const from = addDays(to, 1 - MESS_FEEDBACK_DAYS);
  const days: MessFeedback['days'] = [];
  for (const r of await queries.mealDays(ctx.db, id, from, to)) {
    if (r.count <= 0) continue;
    let day = days.find((d) => d.date === r.date);
    if (!day) days.push((day = { date: r.date, meals: [] }));
    day.meals.push({ meal: r.meal, average: queries.summary(r.sum, r.count).average!, count: r.count });
  }
  const order = row.meals.map((m) => m.meal as string);
  for (const d of days) d.meals.sort((a, b) => order.indexOf(a.meal) - order.indexOf(b.meal));
  return { mess: { id: row.id, name: row.name }, from, to, days };
}

/** GET /api/mess/:id/feedback/comments: the comments, newest first (access as {@link feedback}). */
export async function comments(
  ctx: ServiceContext,
  viewer: SessionUser,
  id: string,
  q: PaginationQuery,
): Promise<Page<MessComment>> {
  await managedMess(ctx, viewer, id);
  const list = queries.commentList(id);
  return listPage(ctx.db, q, { ...list, select: ctx.db.select(queries.commentColumns).from(list.from) });
}
