/**
 * The clubs CSV import (docs/architecture.md "Features in detail", Events and clubs): a dry run
 * names each bad line by its number and saves nothing; a real import with a bad line saves nothing
 * either (400, `errors` keyed `line N`); a clean import creates and updates clubs with their
 * coordinators in one transaction and writes one `club_audit` row; the header and administrators
 * only are enforced. Every administrator's club change writes its audit row.
 */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLUB_CSV_COLUMNS, CLUB_MESSAGES } from '@campus/contract/events';
import { clubAudit, clubs } from '../../db/schema/events.ts';
import { testWorldHooks } from '../../test/helpers.ts';

const ADMIN = 'dean.clubs@iiitsonepat.ac.in';
const w = testWorldHooks(['coord', 'other', 'admin'], { ADMIN_EMAILS: ADMIN, TRUST_PROXY: '127.0.0.1' });
const {
  t,
  users: { coord, other },
} = w;

const HEADER = CLUB_CSV_COLUMNS.join(',');
const stamp = () => Date.now() % 1_000_000;
const importCsv = (csv: string, dryRun = false) => w.as('admin').post('/api/admin/clubs/import', { csv, dryRun });
const lastAudit = async () =>
  (await t.app.ctx.db.select().from(clubAudit).orderBy(desc(clubAudit.createdAt), desc(clubAudit.id)).limit(1))[0];
const clubBySlug = async (slug: string) => (await t.app.ctx.db.select().from(clubs).where(eq(clubs.slug, slug)))[0];

describe('clubs CSV import', () => {
  it('dry-runs: names each bad line by its number, and saves nothing', async () => {
    const s = stamp();
    const csv = [
      HEADER,
      `drama-${s},Drama Society,cultural,Plays and skits,${coord.email}`,
      `Bad Slug,Quiz Club,academic,,`,
      `chess-${s},Chess Club,boardgames,,`,
      `drama-${s},Drama Again,cultural,,`,
      `music-${s},Music Club,cultural,,nobody@iiitsonepat.ac.in`,
      `robotics-${s},,technical,,`,
    ].join('\n');
    const res = await importCsv(csv, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(CLUB_MESSAGES.checked(6));
    const body = res.json().data;
    expect(body.saved).toBe(false);
    expect(body.lines).toEqual([
      { line: 2, slug: `drama-${s}`, action: 'create' },
      { line: 3, slug: 'Bad Slug', action: 'error', message: CLUB_MESSAGES.slugInvalid },
      { line: 4, slug: `chess-${s}`, action: 'error', message: CLUB_MESSAGES.categoryInvalid },
      { line: 5, slug: `drama-${s}`, action: 'error', message: CLUB_MESSAGES.slugRepeated },
      {
        line: 6,
        slug: `music-${s}`,
        action: 'error',
        message: CLUB_MESSAGES.coordinatorUnknown('nobody@iiitsonepat.ac.in'),
      },
      { line: 7, slug: `robotics-${s}`, action: 'error', message: CLUB_MESSAGES.nameRequired },
    ]);
    expect(await clubBySlug(`drama-${s}`)).toBeUndefined();
  });

  it('refuses a whole import with a bad line (nothing saved), and saves a clean one in full with one audit row', async () => {
    const s = stamp();
    const refused = await importCsv(
      [HEADER, `film-${s},Film Club,cultural,,`, `quiz-${s},Quiz Club,trivia,,`].join('\n'),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CLUB_MESSAGES.importRefused);
    expect(refused.json().errors).toEqual({ 'line 3': CLUB_MESSAGES.categoryInvalid });
    expect(await clubBySlug(`film-${s}`)).toBeUndefined();

    // A known slug is updated (its coordinators replaced when the cell is not empty), a new one created.
    const made = await w.as('admin').post('/api/admin/clubs', { slug: `film-${s}`, name: 'Film', category: 'social' });
    expect(made.statusCode, made.body).toBe(201);
    const csv = [
      HEADER,
      `film-${s},Film Club,cultural,"Screenings, every Friday",${coord.email};${other.email.toUpperCase()}`,
      `quiz-${s},Quiz Club,academic,,`,
    ].join('\r\n');
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(CLUB_MESSAGES.imported(2));
    expect(res.json().data).toEqual({
      saved: true,
      lines: [
        { line: 2, slug: `film-${s}`, action: 'update' },
        { line: 3, slug: `quiz-${s}`, action: 'create' },
      ],
    });
    const film = await w.as('admin').get(`/api/clubs/film-${s}`);
    expect(film.json().data).toMatchObject({
      name: 'Film Club',
      category: 'cultural',
      description: 'Screenings, every Friday',
    });
    const coordinators = await w.as('admin').get(`/api/admin/clubs/film-${s}/coordinators`);
    expect(
      coordinators
        .json()
        .data.map((c: { email: string }) => c.email)
        .sort(),
    ).toEqual([coord.email, other.email].sort());
    expect((await w.as('admin').get(`/api/clubs/quiz-${s}`)).json().data.name).toBe('Quiz Club');
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: 'import',
      subject: '2 clubs',
      detail: { created: [`quiz-${s}`], updated: [`film-${s}`] },
    });
  });

  it('refuses a wrong header and a student (403)', async () => {
    const header = await importCsv('slug,name\nx,y');
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toBe(CLUB_MESSAGES.csvHeader);
    const student = await w.as('coord').post('/api/admin/clubs/import', { csv: `${HEADER}\n`, dryRun: true });
    expect(student.statusCode).toBe(403);
  });

  it('writes an audit row for each administrator’s change of a club', async () => {
    const slug = `audited-${stamp()}`;
    await w.as('admin').post('/api/admin/clubs', { slug, name: 'Audited', category: 'sports' });
    expect(await lastAudit()).toMatchObject({ action: 'create', subject: slug });
    await w.json('PATCH', `/api/admin/clubs/${slug}`, w.users.admin.cookie, { name: 'Audited Club' });
    expect(await lastAudit()).toMatchObject({
      action: 'update',
      subject: slug,
      detail: { after: { name: 'Audited Club' } },
    });
    await w.as('admin').put(`/api/admin/clubs/${slug}/coordinators`, { emails: [coord.email] });
    expect(await lastAudit()).toMatchObject({
      action: 'coordinators',
      subject: slug,
      detail: { emails: [coord.email] },
    });
    await w.as('admin').delete(`/api/admin/clubs/${slug}`);
    expect(await lastAudit()).toMatchObject({ action: 'delete', subject: slug });
  });
});
