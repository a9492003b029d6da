/**
 * Mess menu rules and access (docs/mess.md) — the feature's only export surface. Queries and shapes
 * are in `mess.queries.ts`, the default messes and demo data in `mess.seed.ts`.
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
  type MenuBody,
  type MessDayBody,
  type MenuImport,
  type MessManagersBody,
  type WeekEntries,
  type MessMealState,
  type MessNotice,
  type MessNoticeBody,
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
import { badRequest, conflict, forbidden, notFound, pgCode, refuse, tooManyRequests } from '../../lib/errors.ts';
import { listPage, type Page } from '../../lib/pages.ts';
import { hit } from '../../lib/rate-limit.ts';
import { notify } from '../notifications/notifications.service.ts';
import { parseMenuCsv } from './mess.parser.ts';
import * as queries from './mess.queries.ts';
import type { WeekMenu } from '../../db/schema/mess.ts';

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
  if (!row) return { mess: null, date, closed: false, note: null, meals: [], notices: [] };
  const [day] = await queries.menuOfDays(ctx.db, row, date, 1);
  const names = [...new Set(day!.meals.flatMap((m) => m.dishes.map((d) => d.name)))];
  const [dishAverages, mealRows, mine, notices] = await Promise.all([
    queries.dishAverages(ctx.db, row.id, names, addDays(date, 1 - MESS_AVERAGE_DAYS), date),
    queries.mealDays(ctx.db, row.id, date, date),
    queries.myRatings(ctx.db, viewer.id, row.id, date),
    queries.noticesOf(ctx.db, row.id, date),
  ]);
  const none = { average: null, count: 0 };
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
      dishes: m.dishes.map((d) => ({ ...d, rating: dishAverages.get(d.name) ?? none })),
      rating: ((r) => (r ? queries.summary(r.sum, r.count) : none))(mealRows.find((r) => r.meal === m.meal)),
      myRating: ((r) => (r ? { stars: r.stars, comment: r.comment } : null))(mine.find((r) => r.meal === m.meal)),
    };
  });
  return { mess: { id: row.id, name: row.name }, date, closed: day!.closed, note: day!.note, meals, notices };
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
  return toMess(row, admin);
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

/** The mess `id` as one that `viewer` may manage: 404 unknown; 403 for someone neither admin nor its manager. */
async function managedMess(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<queries.MessRow> {
  const row = await queries.messById(ctx.db, id);
  if (!row) throw notFound(M.notFound);
  if (!isAdmin(viewer) && !(await queries.isManager(ctx.db, id, viewer.id))) throw forbidden(M.notManager);
  return row;
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
  await ctx.db.transaction((tx) =>
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

/** `entries` as stored: weekday → meal → dishes (a later entry of a day and meal replaces one before). */
function toWeekMenu(entries: WeekEntries): WeekMenu {
  const week: WeekMenu = {};
  for (const e of entries) week[String(e.day)] = { ...week[String(e.day)], [e.meal]: e.dishes };
  return week;
}

/**
 * PUT /api/mess/:id/menu (its managers, administrators): the weekly cycle from `validFrom`, audited.
 * 404 unknown; 403 for anyone else; 400 for a meal the mess does not serve.
 */
export async function saveMenu(ctx: ServiceContext, viewer: SessionUser, id: string, body: MenuBody): Promise<void> {
  const row = await managedMess(ctx, viewer, id);
  const served = row.meals.map((m) => m.meal);
  const stray = body.week.find((e) => !served.includes(e.meal));
  if (stray) throw badRequest(M.mealNotServed, { meal: M.mealNotServed });
  await ctx.db.transaction(async (tx) => {
    await queries.saveCycle(tx, id, body.validFrom, toWeekMenu(body.week), viewer.id);
    await queries.audit(tx, { messId: id, userId: viewer.id, action: 'menu', detail: { validFrom: body.validFrom } });
  });
}

/**
 * POST /api/mess/:id/menu/import (its managers, administrators): the week in a CSV
 * (`mess.parser.ts`). A dry run answers the week and every bad row; an import with a bad row
 * answers 400 naming each (`errors`: "line N" → reason) and stores nothing; else the cycle from
 * `validFrom` (default today) is stored in one transaction with its audit row.
 */
export async function importMenu(
  ctx: ServiceContext,
  viewer: SessionUser,
  id: string,
  text: unknown,
  opts: { dryRun: boolean; validFrom?: string },
): Promise<MenuImport> {
  const row = await managedMess(ctx, viewer, id);
  const validFrom = opts.validFrom ?? todayIn(ctx.config.institute.timezone);
  const parsed =
    typeof text === 'string'
      ? parseMenuCsv(
          text,
          row.meals.map((m) => m.meal),
        )
      : { week: [], errors: [] };
  if (parsed.week.length === 0 && parsed.errors.length === 0) parsed.errors.push({ line: 1, reason: M.csvEmpty });
  const answer = { dryRun: opts.dryRun, validFrom, ...parsed };
  if (opts.dryRun) return answer;
  if (parsed.errors.length > 0)
    throw badRequest(
      M.csvBadRows(parsed.errors.length),
      Object.fromEntries(parsed.errors.map((e) => [`line ${e.line}`, e.reason])),
    );
  await ctx.db.transaction(async (tx) => {
    await queries.saveCycle(tx, id, validFrom, toWeekMenu(parsed.week), viewer.id);
    await queries.audit(tx, {
      messId: id,
      userId: viewer.id,
      action: 'import',
      detail: { validFrom, rows: parsed.week.length },
    });
  });
  return answer;
}

/**
 * PUT /api/mess/:id/days/:date (its managers, administrators): closes the mess that day, or sets a
 * note and meals that replace the cycle's, audited. 404 unknown; 403 anyone else; 400 for a meal
 * the mess does not serve.
 */
export async function saveDay(
  ctx: ServiceContext,
  viewer: SessionUser,
  id: string,
  date: string,
  body: MessDayBody,
): Promise<void> {
  const row = await managedMess(ctx, viewer, id);
  const served = row.meals.map((m) => m.meal);
  if (body.meals?.some((m) => !served.includes(m.meal))) throw badRequest(M.mealNotServed, { meal: M.mealNotServed });
  const meals = body.meals?.length ? Object.fromEntries(body.meals.map((m) => [m.meal, m.dishes])) : null;
  await ctx.db.transaction(async (tx) => {
    await queries.saveDay(tx, { messId: id, date, closed: body.closed, note: body.note ?? null, meals });
    await queries.audit(tx, { messId: id, userId: viewer.id, action: 'day', detail: { date, ...body } });
  });
}

/**
 * POST /api/mess/:id/notices (its managers, administrators): a notice for today, stored and sent to
 * each of the mess's students (`queries.studentsOf`; not the poster) in the bell and by push
 * (category `mess`), all in one transaction. 404 unknown mess; 403 anyone else. Returns the notice
 * and how many students it went to.
 */
export async function postNotice(
  ctx: ServiceContext,
  viewer: SessionUser,
  id: string,
  body: MessNoticeBody,
): Promise<MessNotice & { recipients: number }> {
  const row = await managedMess(ctx, viewer, id);
  const date = todayIn(ctx.config.institute.timezone);
  return ctx.db.transaction(async (tx) => {
    const notice = await queries.insertNotice(tx, { messId: id, date, text: body.text, postedBy: viewer.id });
    const students = (await queries.studentsOf(tx, row)).filter((s) => s !== viewer.id);
    const message = M.noticeBell(row.name, body.text);
    for (const student of students)
      await notify({ ...ctx, db: tx }, student, { message, type: 'update', link: '/mess', push: 'mess' });
    await queries.audit(tx, { messId: id, userId: viewer.id, action: 'notice', detail: { text: body.text } });
    return { ...notice, recipients: students.length };
  });
}
