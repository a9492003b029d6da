/**
 * The mess managers' writes (docs/mess.md "Changing the menu", "Notices"): the weekly cycle as JSON
 * or from a CSV, one day's override and the same-day notices — for the mess's managers and
 * administrators (403 for anyone else, 404 for an unknown mess), each audited in `mess_audit` and
 * run through `changingMess` (`mess.cache.ts`), so every instance's cached day of the mess goes
 * with the commit. The routes call these; `mess.service.ts` keeps the students' reads, ratings and
 * the administrators' messes.
 */
import {
  MESS_MESSAGES as M,
  type MenuBody,
  type MenuImport,
  type MessDayBody,
  type MessNotice,
  type MessNoticeBody,
  type WeekEntries,
} from '@campus/contract/mess';
import type { SessionUser } from '../../lib/auth.ts';
import { isAdmin } from '../../lib/auth.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { todayIn } from '../../lib/dates.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { notify } from '../notifications/notifications.service.ts';
import type { WeekMenu } from '../../db/schema/mess.ts';
import { changingMess } from './mess.cache.ts';
import { parseMenuCsv } from './mess.parser.ts';
import * as queries from './mess.queries.ts';

/** The mess `id` as one that `viewer` may manage: 404 unknown; 403 for someone neither admin nor its manager. */
export async function managedMess(ctx: ServiceContext, viewer: SessionUser, id: string): Promise<queries.MessRow> {
  const row = await queries.messById(ctx.db, id);
  if (!row) throw notFound(M.notFound);
  if (!isAdmin(viewer) && !(await queries.isManager(ctx.db, id, viewer.id))) throw forbidden(M.notManager);
  return row;
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
  await changingMess(ctx, id, async (tx) => {
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
  await changingMess(ctx, id, async (tx) => {
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
  await changingMess(ctx, id, async (tx) => {
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
  return changingMess(ctx, id, async (tx) => {
    const notice = await queries.insertNotice(tx, { messId: id, date, text: body.text, postedBy: viewer.id });
    const students = (await queries.studentsOf(tx, row)).filter((s) => s !== viewer.id);
    const message = M.noticeBell(row.name, body.text);
    for (const student of students)
      await notify({ ...ctx, db: tx }, student, { message, type: 'update', link: '/mess', push: 'mess' });
    await queries.audit(tx, { messId: id, userId: viewer.id, action: 'notice', detail: { text: body.text } });
    return { ...notice, recipients: students.length };
  });
}
