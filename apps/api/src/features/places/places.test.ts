/**
 * The places directory through HTTP on a real database: the public list and search (typos,
 * aliases, category), a place by slug, the administrator's add / replace / delete with their
 * refusals, the CSV import's dry run naming bad lines, the all-or-nothing real import and the
 * audit rows; and the hours helpers ("open now", the text form).
 */
import { describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { formatHours, isOpenAt, parseHours, PLACE_MESSAGES as M, type Place } from '@campus/contract/places';
import { placeAudit } from '../../db/schema/places.ts';
import { testWorldHooks } from '../../test/helpers.ts';
import { validPlace } from './places.cases.ts';
import { seedPlacesDemo } from './places.service.ts';

const ADMIN = 'dean.places@iiitsonepat.ac.in';
const w = testWorldHooks(['admin', 'student'], { ADMIN_EMAILS: ADMIN, TRUST_PROXY: '127.0.0.1' });
const HEADER = 'slug,name,category,lat,lng,aliases,description,hours,floor';

describe('places: reading', () => {
  it('finds the Lecture Hall Complex by its alias, a typo and a prefix, and filters by category', async () => {
    await seedPlacesDemo(w.t.app.ctx);
    const names = async (q: string, extra = '') =>
      ((await w.as().get(`/api/places?q=${encodeURIComponent(q)}${extra}`)).json().data as Place[]).map((p) => p.name);
    expect((await names('LHC'))[0]).toBe('Lecture Hall Complex');
    expect((await names('lectre hall'))[0]).toBe('Lecture Hall Complex');
    expect(await names('librar')).toContain('Central Library');
    const atms = await w.as('student').get('/api/places?category=bank');
    expect(atms.statusCode).toBe(200);
    expect((atms.json().data as Place[]).every((p) => p.category === 'bank')).toBe(true);
    const all = await w.as().get('/api/places');
    expect(all.json().pagination.total).toBeGreaterThanOrEqual(40);
  });

  it('answers a place by slug with its hours, and 404 for an unknown or malformed slug', async () => {
    const res = await w.as().get('/api/places/central-library');
    expect(res.statusCode).toBe(200);
    const place = res.json().data as Place;
    expect(place.hoursText).toBe('Mon-Sat 08:00-24:00; Sun 10:00-18:00');
    expect(place.aliases).toContain('CL');
    for (const slug of ['no-such-place', 'Bad_Slug']) {
      const missing = await w.as().get(`/api/places/${slug}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(M.notFound);
    }
  });

  it('refuses a bad category filter with 400', async () => {
    const res = await w.as().get('/api/places?category=castle');
    expect(res.statusCode).toBe(400);
  });
});

describe('places: administration', () => {
  it('adds, renames and deletes a place, each with an audit row; students get 403', async () => {
    const body = validPlace('test-atm');
    expect((await w.as('student').post('/api/admin/places', body)).statusCode).toBe(403);
    const made = await w.as('admin').post('/api/admin/places', { ...body, category: 'bank', name: 'Test ATM' });
    expect(made.statusCode, made.body).toBe(201);
    const twice = await w.as('admin').post('/api/admin/places', body);
    expect([twice.statusCode, twice.json().message]).toEqual([409, M.slugTaken]);
    const renamed = await w.as('admin').put('/api/admin/places/test-atm', { ...body, slug: 'test-atm-2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await w.as().get('/api/places/test-atm')).statusCode).toBe(404);
    const taken = await w.as('admin').put('/api/admin/places/test-atm-2', { ...body, slug: 'main-gate' });
    expect(taken.statusCode).toBe(409);
    expect((await w.as('admin').delete('/api/admin/places/test-atm-2')).statusCode).toBe(200);
    expect((await w.as('admin').delete('/api/admin/places/test-atm-2')).statusCode).toBe(404);
    const trail = await w.t.app.ctx.db.select().from(placeAudit).orderBy(desc(placeAudit.createdAt)).limit(3);
    expect(trail.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
  });

  it('refuses bad fields with the contract messages', async () => {
    const cases: Array<[object, string]> = [
      [{ lat: 123 }, M.latInvalid],
      [{ category: 'castle' }, M.categoryInvalid],
      [{ hours: 'Mon 20:00-08:00' }, M.hoursInvalid],
      [{ slug: 'Not A Slug' }, M.slugInvalid],
    ];
    for (const [change, message] of cases) {
      const res = await w.as('admin').post('/api/admin/places', { ...validPlace(), ...change });
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
  });

  it('a dry run names each bad line and saves nothing; a real import is all or nothing', async () => {
    const csv = [
      HEADER,
      'import-a,Import A,food,28.94,77.10,A1|Alpha,Tea,Daily 08:00-20:00,',
      'import-b,Import B,castle,28.94,77.10,,,,',
      'main-gate,Main Gate,gate,28.9392,77.1010,Gate 1,New text,Daily 00:00-24:00,',
      'import-a,Import A again,food,28.94,77.10,,,,',
      'import-c,Import C,shop,100,77.10,,,,',
    ].join('\n');
    const dry = await w.as('admin').post('/api/admin/places/import', { csv, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data.lines).toEqual([
      { line: 2, slug: 'import-a', action: 'create' },
      { line: 3, slug: 'import-b', action: 'error', message: M.categoryInvalid },
      { line: 4, slug: 'main-gate', action: 'update' },
      { line: 5, slug: 'import-a', action: 'error', message: 'This slug is already on an earlier line' },
      { line: 6, slug: 'import-c', action: 'error', message: M.latInvalid },
    ]);
    const refused = await w.as('admin').post('/api/admin/places/import', { csv });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      'line 3': M.categoryInvalid,
      'line 5': 'This slug is already on an earlier line',
      'line 6': M.latInvalid,
    });
    expect((await w.as().get('/api/places/import-a')).statusCode).toBe(404);

    const good = [HEADER, 'import-a,Import A,food,28.94,77.10,A1|Alpha,Tea,Daily 08:00-20:00,'].join('\n');
    const saved = await w.as('admin').post('/api/admin/places/import', { csv: good });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.saved).toBe(true);
    expect((await w.as().get('/api/places/import-a')).json().data.aliases).toEqual(['A1', 'Alpha']);
    const [last] = await w.t.app.ctx.db.select().from(placeAudit).orderBy(desc(placeAudit.createdAt)).limit(1);
    expect(last!.action).toBe('import');
  });

  it('refuses a CSV with the wrong header', async () => {
    const res = await w.as('admin').post('/api/admin/places/import', { csv: 'name,slug\nA,a', dryRun: true });
    expect([res.statusCode, res.json().message]).toEqual([400, M.csvHeader]);
  });
});

describe('opening hours', () => {
  it('reads and writes the text form', () => {
    const hours = parseHours('Mon-Fri 08:00-13:00, 14:00-18:00; Sat 09:00-13:00')!;
    expect(hours).toHaveLength(11);
    expect(formatHours(hours)).toBe('Mon-Fri 08:00-13:00, 14:00-18:00; Sat 09:00-13:00');
    expect(formatHours(parseHours('Daily 00:00-24:00')!)).toBe('Daily 00:00-24:00');
    expect(parseHours('Fri-Mon 10:00-11:00')!.map((h) => h.day)).toEqual([1, 5, 6, 7]);
    expect(parseHours('')).toEqual([]);
    for (const bad of ['Someday 08:00-09:00', 'Mon 9-5', 'Mon 18:00-08:00', 'Mon-Tue-Wed 08:00-09:00']) {
      expect(parseHours(bad)).toBeNull();
    }
  });

  it('knows "open now" in the institute zone', () => {
    const hours = parseHours('Mon-Fri 09:00-17:30')!;
    // Monday 2026-11-30 09:00 in Kolkata = 03:30 UTC.
    expect(isOpenAt(hours, new Date('2026-11-30T03:30:00Z'), 'Asia/Kolkata')).toBe(true);
    expect(isOpenAt(hours, new Date('2026-11-30T03:29:00Z'), 'Asia/Kolkata')).toBe(false);
    expect(isOpenAt(hours, new Date('2026-11-30T12:00:00Z'), 'Asia/Kolkata')).toBe(false);
    expect(isOpenAt(hours, new Date('2026-11-29T06:00:00Z'), 'Asia/Kolkata')).toBe(false);
    expect(isOpenAt([], new Date(), 'Asia/Kolkata')).toBeNull();
  });
});
