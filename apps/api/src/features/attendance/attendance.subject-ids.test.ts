/**
 * Integer subject ids: ids round-trip as numbers through the catalogue,
 * enrollments, attendance records and percentages (a string of digits accepted, anything else
 * refused with the contract's 400/404); and migration 0013 keeps every enrollment and record on
 * the same subject: a database migrated up to 0012 is seeded, its counts, every student's
 * per-subject percentages and every row's subject code are recorded, 0013 is applied, and all of
 * them are compared. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ATTENDANCE_MESSAGES as M,
  SUBJECT_ID_MAX,
  type AttendanceRecord,
  type Enrollment,
  type Subject,
  type SubjectStats,
  type SubjectWiseEntry,
} from '@campus/contract/attendance';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { MIGRATIONS_FOLDER, runMigrations } from '../../db/migrate.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { todayIn } from '../../lib/dates.ts';
import { createTestApp, openTestDatabase, world, type TestApp, type TestWorld } from '../../test/helpers.ts';
import * as attendance from './attendance.service.ts';

const ADMIN = 'registrar.subjectids@iiitsonepat.ac.in';
const today = () => todayIn('Asia/Kolkata');

describe('integer subject ids through the API', () => {
  let t: TestApp;
  let w: TestWorld<'student' | 'admin'>;
  let catalogue: Subject[];

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: ADMIN, TRUST_PROXY: '127.0.0.1' });
    w = await world(t, ['student', 'admin']);
    catalogue = (await w.as('student').get('/api/resources/subjects?limit=100')).json().data;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the catalogue answers integer ids, numbered in the seeded order', () => {
    expect(catalogue.length).toBeGreaterThan(10);
    for (const s of catalogue) expect(Number.isInteger(s.id) && s.id > 0).toBe(true);
    // 0009's first subject is the first id.
    expect(catalogue.find((s) => s.code === 'MA101-CS')?.id).toBe(1);
  });

  it('round-trips through enrollments, records and percentages, digits strings accepted', async () => {
    const me = w.users.student;
    const as = w.as('student');
    const [a, b] = [catalogue[0]!, catalogue[1]!];
    const enrolA = await as.post('/api/enrollments', { userId: me.userId, subjectId: a.id });
    expect(enrolA.statusCode, enrolA.body).toBe(201);
    expect(enrolA.json().data).toMatchObject({ id: a.id, subjectId: a.id, code: a.code });
    const enrolB = await as.post('/api/enrollments', { userId: me.userId, subjectId: String(b.id) });
    expect(enrolB.statusCode, enrolB.body).toBe(201);
    expect(enrolB.json().data).toMatchObject({ id: b.id, subjectId: b.id });

    const list = (await as.get(`/api/enrollments/users/${me.userId}/enrollments`)).json().data as Enrollment[];
    expect(list.map((e) => e.id).sort((x, y) => x - y)).toEqual([a.id, b.id].sort((x, y) => x - y));

    const mark = await as.post('/api/attendance', {
      userId: me.userId,
      subjectId: String(a.id),
      date: today(),
      status: 'Present',
    });
    expect(mark.statusCode, mark.body).toBe(201);
    expect((mark.json().data as AttendanceRecord).subjectId).toBe(a.id);
    const bulk = await as.post('/api/attendance/bulk', {
      userId: me.userId,
      date: today(),
      status: 'Absent',
      subjectIds: [a.id, String(b.id)],
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    expect((bulk.json().data as AttendanceRecord[]).map((r) => r.subjectId).sort((x, y) => x - y)).toEqual(
      [a.id, b.id].sort((x, y) => x - y),
    );

    const recordsOfA = (await as.get(`/api/attendance?userId=${me.userId}&subjectId=${a.id}`)).json()
      .data as AttendanceRecord[];
    expect(recordsOfA).toHaveLength(2);
    expect(recordsOfA.every((r) => r.subjectId === a.id)).toBe(true);

    const stats = (await as.get(`/api/attendance/percentage?userId=${me.userId}&subjectId=${a.id}`)).json()
      .data as SubjectStats;
    expect(stats).toMatchObject({ subjectId: a.id, presentDays: 1, absentDays: 1, percentage: 50 });
    const wise = (await as.get(`/api/attendance/percentage/subject-wise?userId=${me.userId}`)).json()
      .data as SubjectWiseEntry[];
    expect(wise.find((e) => e.subjectId === b.id)).toMatchObject({ code: b.code, percentage: 0, totalDays: 1 });

    const out = await as.delete('/api/enrollments', { userId: me.userId, subjectId: String(b.id) });
    expect(out.statusCode, out.body).toBe(200);
    const after = (await as.get(`/api/enrollments/users/${me.userId}/enrollments`)).json().data as Enrollment[];
    expect(after.map((e) => e.id)).toEqual([a.id]);
  });

  it('refuses ids that are not whole numbers with the contract’s 400 and 404', async () => {
    const me = w.users.student;
    const as = w.as('student');
    for (const bad of ['abc', '0190a000-0000-7000-8000-000000000000', 1.5, 0, -3, SUBJECT_ID_MAX + 1, '1e3', true]) {
      const res = await as.post('/api/enrollments', { userId: me.userId, subjectId: bad });
      expect(res.statusCode, `${String(bad)}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe(M.subjectIdInvalid);
    }
    const unknown = await as.post('/api/enrollments', { userId: me.userId, subjectId: SUBJECT_ID_MAX });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.subjectNotFound);
    const badQuery = await as.get(`/api/attendance/percentage?userId=${me.userId}&subjectId=x1`);
    expect(badQuery.statusCode).toBe(400);
    const badBulk = await as.post('/api/attendance/bulk', { userId: me.userId, date: today(), subjectIds: ['a'] });
    expect(badBulk.statusCode).toBe(400);
    expect(badBulk.json().message).toBe(M.subjectIdInvalid);
    const missing = await as.post('/api/enrollments', { userId: me.userId });
    expect(missing.json().message).toBe(M.subjectIdRequired);
  });

  it('admin routes take the integer in the path; a malformed one answers 404', async () => {
    const admin = w.as('admin');
    const created = await admin.post('/api/resources/subjects', {
      name: 'Integer Ids',
      code: 'INT-101',
      branch: 'Computer Science Engineering',
      semester: 'Third',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect(id).toBeGreaterThan(Math.max(...catalogue.map((s) => s.id)));
    const renamed = await admin.put(`/api/resources/subjects/${id}`, { name: 'Integer Ids II' });
    expect(renamed.json().data).toMatchObject({ id, name: 'Integer Ids II' });
    for (const bad of ['abc', '0190a000-0000-7000-8000-000000000000', '1.5', String(SUBJECT_ID_MAX + 1)]) {
      const res = await admin.put(`/api/resources/subjects/${bad}`, { name: 'x' });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().message).toBe(M.subjectNotFound);
    }
    expect((await admin.delete(`/api/resources/subjects/${SUBJECT_ID_MAX}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/resources/subjects/${id}`)).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// Migration 0013 on a seeded copy

/** The tag of the migration under test; the database is first migrated up to the one before. */
const MIGRATION = '0013_subject_integer_ids';

/** A copy of the migrations folder whose journal ends just before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-migrations-'));
  await fs.cp(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await fs.writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

/** Rows of a raw SQL statement (both drivers answer `{ rows }`). */
async function rows<T>(database: Database, text: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

/**
 * Real-looking data before the migration: 6 students, 3 subjects an admin added after the seeded
 * catalogue, about a fifth of (student, subject) pairs enrolled, each with 1–12 classes of mixed
 * status, and one enrollment without records.
 */
async function seedBeforeMigration(database: Database): Promise<void> {
  const statements = [
    `INSERT INTO users (id, email, password_hash, username, branch, semester)
     SELECT gen_random_uuid(), 'student' || g || '.2023000' || g || '@iiitsonepat.ac.in', 'x', 'student' || g,
            'Computer Science Engineering', 'Third'
     FROM generate_series(1, 6) AS g`,
    `INSERT INTO subjects (id, name, code, branch, semester, credits, created_at)
     SELECT gen_random_uuid(), 'Elective ' || g, 'EL90' || g, 'Computer Science Engineering', 'Third', 3,
            now() + g * interval '1 minute'
     FROM generate_series(1, 3) AS g`,
    `INSERT INTO enrollments (id, user_id, subject_id)
     SELECT gen_random_uuid(), u.id, s.id FROM users u CROSS JOIN subjects s
     WHERE abs(hashtext(u.email || s.code)) % 5 = 0 OR s.code = 'EL901'`,
    `INSERT INTO attendance_records (id, user_id, subject_id, date, status)
     SELECT gen_random_uuid(), e.user_id, e.subject_id, current_date - g,
            CASE WHEN abs(hashtext(e.id::text || g)) % 3 = 0 THEN 'Absent' ELSE 'Present' END
     FROM enrollments e JOIN subjects s ON s.id = e.subject_id
     CROSS JOIN LATERAL generate_series(1, 1 + abs(hashtext(e.id::text)) % 12) AS g
     WHERE s.code <> 'EL902'`,
  ];
  for (const statement of statements) await database.db.execute(sql.raw(statement));
}

/** What must not change: counts, each student's per-subject figures, and each row's subject code. */
async function snapshot(database: Database) {
  const counts = await rows(
    database,
    `SELECT (SELECT count(*)::int FROM subjects) AS subjects, (SELECT count(*)::int FROM enrollments) AS enrollments,
            (SELECT count(*)::int FROM attendance_records) AS records, (SELECT count(*)::int FROM users) AS users`,
  );
  const percentages = await rows(
    database,
    `SELECT u.email, s.code,
            count(r.id) FILTER (WHERE r.status = 'Present')::int AS present, count(r.id)::int AS total,
            coalesce(round(100.0 * count(r.id) FILTER (WHERE r.status = 'Present') / nullif(count(r.id), 0), 1), 0)::float8 AS percentage
     FROM enrollments e JOIN users u ON u.id = e.user_id JOIN subjects s ON s.id = e.subject_id
     LEFT JOIN attendance_records r ON r.user_id = e.user_id AND r.subject_id = e.subject_id
     GROUP BY u.email, s.code ORDER BY u.email, s.code`,
  );
  const records = await rows(
    database,
    `SELECT r.id, u.email, s.code, r.date::text AS date, r.status FROM attendance_records r
     JOIN subjects s ON s.id = r.subject_id JOIN users u ON u.id = r.user_id ORDER BY r.id`,
  );
  const enrollments = await rows(
    database,
    `SELECT e.id, u.email, s.code FROM enrollments e JOIN subjects s ON s.id = e.subject_id
     JOIN users u ON u.id = e.user_id ORDER BY e.id`,
  );
  return { counts, percentages, records, enrollments };
}

describe(`migration ${MIGRATION}`, () => {
  it('keeps counts, percentages and every record’s subject on a seeded copy', async () => {
    const database = await openTestDatabase({ migrated: false });
    const before = await migrationsBefore(MIGRATION);
    try {
      await runMigrations(database, before);
      await seedBeforeMigration(database);
      const old = await snapshot(database);
      expect(old.counts[0]).toMatchObject({ users: 6 });
      expect((old.counts[0] as { records: number }).records).toBeGreaterThan(20);
      const oldIds = await rows<{ code: string }>(database, `SELECT code FROM subjects ORDER BY created_at, id`);

      await runMigrations(database);

      const now = await snapshot(database);
      expect(now.counts).toEqual(old.counts);
      expect(now.percentages).toEqual(old.percentages);
      expect(now.records).toEqual(old.records);
      expect(now.enrollments).toEqual(old.enrollments);
      // Numbered 1…n in the stable order (created_at, then the old id).
      const numbered = await rows<{ id: number; code: string }>(database, `SELECT id, code FROM subjects ORDER BY id`);
      expect(numbered.map((s) => s.code)).toEqual(oldIds.map((s) => s.code));
      expect(numbered.map((s) => Number(s.id))).toEqual(numbered.map((_, i) => i + 1));

      // The app's own figures agree with the recorded ones.
      const config = loadConfig({ DATA_DIR: os.tmpdir(), APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' });
      const ctx = { db: database.db, config } as unknown as ServiceContext;
      const students = await rows<{ id: string; email: string }>(
        database,
        `SELECT id, email FROM users ORDER BY email`,
      );
      const fromApp: unknown[] = [];
      for (const s of students) {
        const scope = attendance.ownScope({ id: s.id, roles: [] } as never, s.id);
        for (const e of await attendance.subjectWisePercentages(ctx, scope))
          fromApp.push({
            email: s.email,
            code: e.code,
            present: e.presentDays,
            total: e.totalDays,
            percentage: e.percentage,
          });
      }
      const byKey = (x: unknown) => `${(x as { email: string }).email} ${(x as { code: string }).code}`;
      expect(fromApp.sort((x, y) => byKey(x).localeCompare(byKey(y)))).toEqual(
        [...old.percentages].sort((x, y) => byKey(x).localeCompare(byKey(y))),
      );

      // The identity continues after the last id; the foreign keys hold.
      const [added] = await rows<{ id: number }>(
        database,
        `INSERT INTO subjects (name, code, branch, semester) VALUES ('After', 'AFTER-1', 'Civil Engineering', 'First') RETURNING id`,
      );
      expect(Number(added!.id)).toBe(numbered.length + 1);
      await expect(database.db.execute(sql.raw(`DELETE FROM subjects WHERE code = 'EL901'`))).rejects.toThrow();
      await expect(
        database.db.execute(
          sql.raw(
            `INSERT INTO attendance_records (id, user_id, subject_id, date, status)
             SELECT gen_random_uuid(), id, ${Number(added!.id)}, current_date, 'Present' FROM users LIMIT 1`,
          ),
        ),
      ).rejects.toThrow();
    } finally {
      await database.close();
      await fs.rm(before, { recursive: true, force: true });
    }
  });
});
