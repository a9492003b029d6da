/**
 * Attendance and enrollment API through HTTP on a real database:
 * every endpoint for guest, owner, another student (403 on a foreign userId) and admin; every
 * message; percentages, `canMiss` and `mustAttend` against hand-computed tables (0 classes, all
 * present, all absent, exactly at target, target 80, one class short); a future date refused in the
 * institute's time zone just before and after midnight; unenroll removing records atomically; the
 * catalogue's filters and admin writes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ATTENDANCE_MESSAGES as M,
  attendanceOutlook,
  earliestAttendanceDate,
  type AttendanceRecord,
  type Enrollment,
  type OverallStats,
  type Subject,
  type SubjectStats,
  type SubjectWiseEntry,
} from '@campus/contract/attendance';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { attendanceRecords } from '../../db/schema/attendance.ts';
import { addDays, startOfDayIn, todayIn } from '../../lib/dates.ts';
import {
  clientOf,
  createTestApp,
  signUpAndLogin,
  world,
  type Method,
  type SignedIn,
  type TestApp,
} from '../../test/helpers.ts';
import { seedAttendanceDemo } from './attendance.service.ts';

const ADMIN = 'registrar.attendance@iiitsonepat.ac.in';
const TZ = 'Asia/Kolkata';
let t: TestApp;
let student: SignedIn;
let other: SignedIn;
let admin: SignedIn;
let catalogue: Subject[];

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN, TRUST_PROXY: '127.0.0.1' });
  ({ student, other, admin } = (await world(t, ['student', 'other', 'admin'])).users);
  const res = await send('GET', '/api/resources/subjects?limit=100', student);
  catalogue = res.json().data;
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Sends JSON (or nothing) as `who`, from a fresh client IP. */
const send = (method: Method, url: string, who?: SignedIn, payload?: object) =>
  clientOf(t, who).send(method, url, payload);

const today = () => todayIn(TZ);
let nextSubject = 0;
/** A catalogue subject no test used before. */
const freshSubject = () => catalogue[nextSubject++]!;

async function enroll(who: SignedIn, subjectId = freshSubject().id): Promise<number> {
  const res = await send('POST', '/api/enrollments', who, { userId: who.userId, subjectId });
  expect(res.statusCode, res.body).toBe(201);
  return subjectId;
}

async function mark(who: SignedIn, subjectId: number, status: 'Present' | 'Absent', date = today()) {
  const res = await send('POST', '/api/attendance', who, { userId: who.userId, subjectId, date, status });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as AttendanceRecord;
}

/** Inserts `present` Present and `absent` Absent records directly (hand-computed tables). */
async function insertRecords(who: SignedIn, subjectId: number, present: number, absent: number) {
  const rows = [
    ...Array.from({ length: present }, () => 'Present' as const),
    ...Array.from({ length: absent }, () => 'Absent' as const),
  ].map((status, i) => ({ userId: who.userId, subjectId, status, date: addDays(today(), -(i % 60)) }));
  if (rows.length) await t.database.db.insert(attendanceRecords).values(rows);
}

const subjectStats = async (who: SignedIn, subjectId: number): Promise<SubjectStats> =>
  (await send('GET', `/api/attendance/percentage?userId=${who.userId}&subjectId=${subjectId}`, who)).json().data;
const overall = async (who: SignedIn): Promise<OverallStats> =>
  (await send('GET', `/api/attendance/percentage/overall?userId=${who.userId}`, who)).json().data;
const subjectWise = async (who: SignedIn): Promise<SubjectWiseEntry[]> =>
  (await send('GET', `/api/attendance/percentage/subject-wise?userId=${who.userId}`, who)).json().data;

describe('authorization', () => {
  it('refuses guests on every endpoint with 401 "Not authenticated"', async () => {
    const calls: Array<[Method, string]> = [
      ['GET', `/api/attendance?userId=${student.userId}`],
      ['POST', '/api/attendance'],
      ['POST', '/api/attendance/bulk'],
      ['PUT', '/api/attendance/0190a000-0000-7000-8000-000000000000'],
      ['GET', `/api/attendance/percentage?userId=${student.userId}&subjectId=${catalogue[0]!.id}`],
      ['GET', `/api/attendance/percentage/overall?userId=${student.userId}`],
      ['GET', `/api/attendance/percentage/subject-wise?userId=${student.userId}`],
      ['GET', '/api/attendance/target'],
      ['PUT', '/api/attendance/target'],
      ['GET', `/api/enrollments/users/${student.userId}/enrollments`],
      ['POST', '/api/enrollments'],
      ['DELETE', '/api/enrollments'],
      ['GET', '/api/resources/subjects'],
      ['POST', '/api/resources/subjects'],
      ['PUT', `/api/resources/subjects/${catalogue[0]!.id}`],
      ['DELETE', `/api/resources/subjects/${catalogue[0]!.id}`],
    ];
    for (const [method, url] of calls) {
      const res = await send(method, url, undefined, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe(COMMON_MESSAGES.notSignedIn);
    }
  });

  it('refuses a foreign userId with 403 for another student and for an admin, and changes nothing', async () => {
    const subjectId = await enroll(student);
    const record = await mark(student, subjectId, 'Present');
    for (const who of [other, admin]) {
      const calls: Array<[Method, string, object?]> = [
        ['GET', `/api/attendance?userId=${student.userId}`],
        ['POST', '/api/attendance', { userId: student.userId, subjectId, date: today(), status: 'Absent' }],
        ['POST', '/api/attendance/bulk', { userId: student.userId, date: today(), subjectIds: [subjectId] }],
        ['GET', `/api/attendance/percentage?userId=${student.userId}&subjectId=${subjectId}`],
        ['GET', `/api/attendance/percentage/overall?userId=${student.userId}`],
        ['GET', `/api/attendance/percentage/subject-wise?userId=${student.userId}`],
        ['GET', `/api/attendance/target?userId=${student.userId}`],
        ['GET', `/api/enrollments/users/${student.userId}/enrollments`],
        ['POST', '/api/enrollments', { userId: student.userId, subjectId: freshSubject().id }],
        ['DELETE', '/api/enrollments', { userId: student.userId, subjectId }],
      ];
      for (const [method, url, body] of calls) {
        const res = await send(method, url, who, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(M.foreignUser);
      }
      // Someone else's record is not visible: 404.
      const edit = await send('PUT', `/api/attendance/${record.id}`, who, { status: 'Absent' });
      expect(edit.statusCode).toBe(404);
      expect(edit.json().message).toBe(M.recordNotFound);
    }
    const stats = await subjectStats(student, subjectId);
    expect(stats).toMatchObject({ presentDays: 1, absentDays: 0, totalDays: 1 });
  });

  it('lets only an admin add, edit and remove subjects (students 403 with the spec text)', async () => {
    const body = { name: 'Graph Theory', code: 'cs-gt1', branch: 'Computer Science Engineering', semester: 'Fifth' };
    const refused = await send('POST', '/api/resources/subjects', student, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMMON_MESSAGES.adminOnly);
    const res = await send('POST', '/api/resources/subjects', admin, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message: M.subjectCreated, data: { code: 'CS-GT1', credits: 4 } });
    const id = res.json().data.id;
    expect((await send('PUT', `/api/resources/subjects/${id}`, student, { credits: 3 })).statusCode).toBe(403);
    const edit = await send('PUT', `/api/resources/subjects/${id}`, admin, { credits: 3, name: 'Graph Algorithms' });
    expect(edit.json()).toMatchObject({ message: M.subjectUpdated, data: { credits: 3, name: 'Graph Algorithms' } });
    expect((await send('DELETE', `/api/resources/subjects/${id}`, student)).statusCode).toBe(403);
    const del = await send('DELETE', `/api/resources/subjects/${id}`, admin);
    expect(del.json()).toEqual({ success: true, message: M.subjectDeleted });
    expect((await send('DELETE', `/api/resources/subjects/${id}`, admin)).json().message).toBe(M.subjectNotFound);
  });
});

describe('subjects', () => {
  it('serves the seeded catalogue for every branch and semester, filtered by branch, semester and search', async () => {
    const all = await send('GET', '/api/resources/subjects?limit=100', student);
    expect(all.json().pagination.total).toBeGreaterThanOrEqual(280);
    const cse3 = (
      await send('GET', '/api/resources/subjects?branch=Computer Science Engineering&semester=Third', student)
    ).json().data as Subject[];
    expect(cse3.map((s) => s.code)).toEqual(['CS301', 'CS302', 'CS303']);
    expect(cse3.every((s) => s.branch === 'Computer Science Engineering' && s.semester === 'Third')).toBe(true);
    expect(cse3.map((s) => s.name)).toContain('Data Structures');
    const search = (await send('GET', '/api/resources/subjects?search=thermodynamics', student)).json()
      .data as Subject[];
    expect(search.length).toBeGreaterThan(1);
    expect(search.every((s) => /thermodynamics/i.test(s.name))).toBe(true);
    const byCode = (await send('GET', '/api/resources/subjects?search=ma101', student)).json().data as Subject[];
    expect(byCode.length).toBe(10);
    const none = await send('GET', '/api/resources/subjects?search=%25_%25', student);
    expect(none.json().data).toEqual([]);
  });

  it('validates subjects with the contract messages; a taken code is 409; a subject with enrollments cannot be removed', async () => {
    const bad = await send('POST', '/api/resources/subjects', admin, {
      name: ' ',
      code: 'x',
      branch: 'Astrology',
      semester: 'Ninth',
      credits: 11,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ name: M.nameRequired, code: M.codeInvalid, credits: M.creditsInvalid });
    const wrongBranch = await send('POST', '/api/resources/subjects', admin, {
      name: 'Astrology',
      code: 'AS101',
      branch: 'Astrology',
      semester: 'Ninth',
    });
    expect(wrongBranch.statusCode).toBe(400);
    expect(wrongBranch.json().errors).toEqual({ branch: M.branchInvalid, semester: M.semesterInvalid });
    const taken = await send('POST', '/api/resources/subjects', admin, {
      name: 'Data Structures again',
      code: catalogue[0]!.code,
      branch: 'Computer Science Engineering',
      semester: 'Third',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(M.subjectCodeTaken);
    const subjectId = await enroll(other);
    const inUse = await send('DELETE', `/api/resources/subjects/${subjectId}`, admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(M.subjectInUse);
    const rename = await send('PUT', `/api/resources/subjects/${subjectId}`, admin, { code: catalogue[1]!.code });
    expect(rename.statusCode).toBe(409);
  });
});

describe('enrollments', () => {
  it('enrolls, lists (id = the subject’s id, with name and code), refuses a second enrollment and unknown subjects', async () => {
    const who = await signUpAndLogin(t);
    const a = freshSubject();
    const b = freshSubject();
    const res = await send('POST', '/api/enrollments', who, { userId: who.userId, subjectId: a.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: M.enrolled, data: { id: a.id, name: a.name, code: a.code } });
    await enroll(who, b.id);
    const again = await send('POST', '/api/enrollments', who, { userId: who.userId, subjectId: a.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyEnrolled);
    const unknown = await send('POST', '/api/enrollments', who, {
      userId: who.userId,
      subjectId: 2_000_000_000,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.subjectNotFound);
    const list = (await send('GET', `/api/enrollments/users/${who.userId}/enrollments`, who)).json()
      .data as Enrollment[];
    expect(list.map((e) => e.id).sort()).toEqual([a.id, b.id].sort());
    expect(list.every((e) => e.subjectId === e.id && e.name && e.code)).toBe(true);
  });

  it('answers missing ids with the spec’s messages', async () => {
    const noUser = await send('POST', '/api/enrollments', student, { subjectId: catalogue[0]!.id });
    expect(noUser.json()).toMatchObject({ message: M.userIdRequired });
    const unenroll = await send('DELETE', '/api/enrollments', student, { userId: student.userId });
    expect(unenroll.statusCode).toBe(400);
    expect(unenroll.json().message).toBe(M.unenrollIdsRequired);
    const unenrollNoUser = await send('DELETE', '/api/enrollments', student, { subjectId: catalogue[0]!.id });
    expect(unenrollNoUser.json().message).toBe(M.unenrollIdsRequired);
    const pct = await send('GET', `/api/attendance/percentage?userId=${student.userId}`, student);
    expect(pct.statusCode).toBe(400);
    expect(pct.json().message).toBe(M.userAndSubjectRequired);
    const overallNoUser = await send('GET', '/api/attendance/percentage/overall', student);
    expect(overallNoUser.json().message).toBe(M.userIdRequired);
    const wiseNoUser = await send('GET', '/api/attendance/percentage/subject-wise', student);
    expect(wiseNoUser.json().message).toBe(M.userIdRequired);
    const recordsNoUser = await send('GET', '/api/attendance', student);
    expect(recordsNoUser.json().message).toBe(M.userIdRequired);
    const notEnrolled = await send('DELETE', '/api/enrollments', student, {
      userId: student.userId,
      subjectId: freshSubject().id,
    });
    expect(notEnrolled.statusCode).toBe(404);
    expect(notEnrolled.json().message).toBe(M.notEnrolled);
  });

  it('unenrolling removes the subject’s records with the enrollment, and leaves other subjects alone', async () => {
    const who = await signUpAndLogin(t);
    const keep = await enroll(who);
    const drop = await enroll(who);
    await mark(who, keep, 'Present');
    await mark(who, drop, 'Absent');
    await mark(who, drop, 'Present');
    const res = await send('DELETE', '/api/enrollments', who, { userId: who.userId, subjectId: drop });
    expect(res.json()).toEqual({ success: true, message: M.unenrolled });
    const left = (await send('GET', `/api/attendance?userId=${who.userId}`, who)).json().data as AttendanceRecord[];
    expect(left.map((r) => r.subjectId)).toEqual([keep]);
    expect((await overall(who)).totalDays).toBe(1);
    // Re-enrolling starts from nothing.
    await enroll(who, drop);
    expect((await subjectStats(who, drop)).totalDays).toBe(0);
  });

  it('is atomic: when removing the enrollment fails, the records stay', async () => {
    const who = await signUpAndLogin(t);
    const subjectId = await enroll(who);
    await mark(who, subjectId, 'Present');
    await mark(who, subjectId, 'Absent');
    const db = t.database.db;
    await db.execute(sql`CREATE FUNCTION refuse_unenroll() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await db.execute(
      sql`CREATE TRIGGER refuse_unenroll BEFORE DELETE ON enrollments FOR EACH ROW EXECUTE FUNCTION refuse_unenroll()`,
    );
    try {
      const res = await send('DELETE', '/api/enrollments', who, { userId: who.userId, subjectId });
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_unenroll ON enrollments`);
      await db.execute(sql`DROP FUNCTION refuse_unenroll()`);
    }
    expect(await subjectStats(who, subjectId)).toMatchObject({ presentDays: 1, absentDays: 1, totalDays: 2 });
    const list = (await send('GET', `/api/enrollments/users/${who.userId}/enrollments`, who)).json().data;
    expect(list).toHaveLength(1);
  });
});

describe('concurrency (meaningful on PostgreSQL; serialized on PGlite)', () => {
  it('marks racing an unenroll either land before it and go with it, or are refused: no record outlives it', async () => {
    const who = await signUpAndLogin(t);
    const subjectId = await enroll(who);
    await mark(who, subjectId, 'Present');
    const body = { userId: who.userId, subjectId, date: today(), status: 'Present' };
    const [unenrolled, ...marks] = await Promise.all([
      send('DELETE', '/api/enrollments', who, { userId: who.userId, subjectId }),
      ...Array.from({ length: 12 }, () => send('POST', '/api/attendance', who, body)),
    ]);
    expect(unenrolled.statusCode, unenrolled.body).toBe(200);
    for (const m of marks) expect([201, 404], m.body).toContain(m.statusCode);
    const left = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM attendance_records WHERE user_id = ${who.userId} AND subject_id = ${subjectId}`,
    );
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
});

describe('attendance records', () => {
  it('marks Present and Absent (several per day allowed), lists by subject and date, edits its own', async () => {
    const who = await signUpAndLogin(t);
    const subjectId = await enroll(who);
    const yesterday = addDays(today(), -1);
    const first = await send('POST', '/api/attendance', who, {
      userId: who.userId,
      subjectId,
      date: yesterday,
      status: 'Present',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(M.marked);
    expect(first.json().data).toMatchObject({ subjectId, date: yesterday, status: 'Present', userId: who.userId });
    await mark(who, subjectId, 'Absent');
    await mark(who, subjectId, 'Present'); // a lab the same day
    const day = await send('GET', `/api/attendance?userId=${who.userId}&subjectId=${subjectId}&date=${today()}`, who);
    expect(
      day
        .json()
        .data.map((r: AttendanceRecord) => r.status)
        .sort(),
    ).toEqual(['Absent', 'Present']);
    expect(day.json().pagination.total).toBe(2);
    const record = day.json().data.find((r: AttendanceRecord) => r.status === 'Absent') as AttendanceRecord;
    const edit = await send('PUT', `/api/attendance/${record.id}`, who, { status: 'Present' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ message: M.updated, data: { id: record.id, status: 'Present' } });
    expect(await subjectStats(who, subjectId)).toMatchObject({ presentDays: 3, absentDays: 0, percentage: 100 });
    const moved = await send('PUT', `/api/attendance/${record.id}`, who, { status: 'Absent', date: yesterday });
    expect(moved.json().data).toMatchObject({ status: 'Absent', date: yesterday });
  });

  it('refuses bad input with the contract messages and writes nothing', async () => {
    const who = await signUpAndLogin(t);
    const subjectId = await enroll(who);
    const cases: Array<[object, string, number]> = [
      [{ userId: who.userId, subjectId, date: today() }, M.statusRequired, 400],
      [{ userId: who.userId, subjectId, date: today(), status: 'Late' }, M.statusInvalid, 400],
      [{ userId: who.userId, subjectId, status: 'Present' }, M.dateRequired, 400],
      [{ userId: who.userId, subjectId, date: '22-11-2026', status: 'Present' }, M.dateInvalid, 400],
      [{ userId: who.userId, subjectId, date: '2026-02-30', status: 'Present' }, M.dateInvalid, 400],
      [{ userId: who.userId, subjectId, date: addDays(today(), 1), status: 'Present' }, M.dateFuture, 400],
      // Issue 21 item 8: the last 2 years only (year 1 was accepted before).
      [{ userId: who.userId, subjectId, date: '0001-01-01', status: 'Present' }, M.dateTooOld, 400],
      [
        { userId: who.userId, subjectId, date: addDays(earliestAttendanceDate(today()), -1), status: 'Present' },
        M.dateTooOld,
        400,
      ],
      [{ userId: who.userId, date: today(), status: 'Present' }, M.subjectIdRequired, 400],
      [{ userId: who.userId, subjectId: 'cs201', date: today(), status: 'Present' }, M.subjectIdInvalid, 400],
      [{ subjectId, date: today(), status: 'Present' }, M.userIdRequired, 400],
      [{ userId: who.userId, subjectId: freshSubject().id, date: today(), status: 'Present' }, M.notEnrolled, 404],
    ];
    for (const [body, message, status] of cases) {
      const res = await send('POST', '/api/attendance', who, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect((await overall(who)).totalDays).toBe(0);
    const record = await mark(who, subjectId, 'Present');
    const future = await send('PUT', `/api/attendance/${record.id}`, who, {
      status: 'Absent',
      date: addDays(today(), 2),
    });
    expect(future.json().message).toBe(M.dateFuture);
    const ancient = await send('PUT', `/api/attendance/${record.id}`, who, { status: 'Absent', date: '1999-12-31' });
    expect(ancient.json()).toMatchObject({ message: M.dateTooOld, errors: { date: M.dateTooOld } });
    const bulkAncient = await send('POST', '/api/attendance/bulk', who, {
      userId: who.userId,
      date: '1999-12-31',
      subjectIds: [subjectId],
    });
    expect(bulkAncient.statusCode).toBe(400);
    expect(bulkAncient.json().message).toBe(M.dateTooOld);
    const noStatus = await send('PUT', `/api/attendance/${record.id}`, who, {});
    expect(noStatus.json().message).toBe(M.statusRequired);
    for (const id of ['0190a000-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const res = await send('PUT', `/api/attendance/${id}`, who, { status: 'Absent' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(M.recordNotFound);
    }
    expect(await subjectStats(who, subjectId)).toMatchObject({ presentDays: 1, absentDays: 0 });
  });

  it('accepts the earliest date of the window, exactly 2 years before today', async () => {
    const who = await signUpAndLogin(t);
    const subjectId = await enroll(who);
    const oldest = await send('POST', '/api/attendance', who, {
      userId: who.userId,
      subjectId,
      date: earliestAttendanceDate(today()),
      status: 'Present',
    });
    expect(oldest.statusCode, oldest.body).toBe(201);
    expect(earliestAttendanceDate('2026-02-28')).toBe('2024-02-28');
    expect(earliestAttendanceDate('2028-02-29')).toBe('2026-02-28');
  });

  it('bulk-marks every named subject in one transaction, or none when one is not enrolled', async () => {
    const who = await signUpAndLogin(t);
    const a = await enroll(who);
    const b = await enroll(who);
    const res = await send('POST', '/api/attendance/bulk', who, {
      userId: who.userId,
      date: today(),
      subjectIds: [a, b],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(M.bulkMarked(2));
    expect(res.json().data.every((r: AttendanceRecord) => r.status === 'Present')).toBe(true);
    const refused = await send('POST', '/api/attendance/bulk', who, {
      userId: who.userId,
      date: today(),
      status: 'Absent',
      subjectIds: [a, freshSubject().id],
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(M.notEnrolled);
    const dup = await send('POST', '/api/attendance/bulk', who, {
      userId: who.userId,
      date: today(),
      subjectIds: [a, a],
    });
    expect(dup.json().message).toBe(M.subjectIdsDuplicate);
    const empty = await send('POST', '/api/attendance/bulk', who, {
      userId: who.userId,
      date: today(),
      subjectIds: [],
    });
    expect(empty.json().message).toBe(M.subjectIdsRequired);
    expect(await overall(who)).toMatchObject({ presentDays: 2, absentDays: 0, totalDays: 2, subjectCount: 2 });
  });

  it('refuses a future date by the institute’s calendar just before and just after midnight IST', async () => {
    const who = await signUpAndLogin(t);
    const subjectId = await enroll(who);
    // The next midnight in Kolkata (18:30 UTC), whatever the machine's own time zone.
    const tomorrow = addDays(today(), 1);
    const midnight = startOfDayIn(tomorrow, TZ);
    expect(midnight.getUTCHours() * 60 + midnight.getUTCMinutes()).toBe(18 * 60 + 30);
    vi.useFakeTimers({ toFake: ['Date'], now: midnight.getTime() - 1000 });
    const before = await send('POST', '/api/attendance', who, {
      userId: who.userId,
      subjectId,
      date: tomorrow,
      status: 'Present',
    });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({ message: M.dateFuture, errors: { date: M.dateFuture } });
    vi.setSystemTime(midnight.getTime() + 1000);
    const after = await send('POST', '/api/attendance', who, {
      userId: who.userId,
      subjectId,
      date: tomorrow,
      status: 'Present',
    });
    expect(after.statusCode, after.body).toBe(201);
    const dayAfter = await send('POST', '/api/attendance', who, {
      userId: who.userId,
      subjectId,
      date: addDays(tomorrow, 1),
      status: 'Present',
    });
    expect(dayAfter.json().message).toBe(M.dateFuture);
  });

  it('applies an institute time zone other than Kolkata', async () => {
    const utc = await createTestApp(
      { TRUST_PROXY: '127.0.0.1' },
      { configure: (c) => void (c.institute.timezone = 'America/Los_Angeles') },
    );
    try {
      const who = await signUpAndLogin(utc);
      const subjectId = catalogue[0]!.id;
      await utc.app.inject({
        method: 'POST',
        url: '/api/enrollments',
        payload: { userId: who.userId, subjectId },
        headers: { cookie: who.cookie },
      });
      const laToday = todayIn('America/Los_Angeles');
      const res = await utc.app.inject({
        method: 'POST',
        url: '/api/attendance',
        payload: { userId: who.userId, subjectId, date: addDays(laToday, 1), status: 'Present' },
        headers: { cookie: who.cookie },
      });
      expect(res.json().message).toBe(M.dateFuture);
      const ok = await utc.app.inject({
        method: 'POST',
        url: '/api/attendance',
        payload: { userId: who.userId, subjectId, date: laToday, status: 'Present' },
        headers: { cookie: who.cookie },
      });
      expect(ok.statusCode).toBe(201);
    } finally {
      await utc.close();
    }
  });
});

describe('percentages, canMiss and mustAttend (hand-computed)', () => {
  // P present of N classes, target T: percentage (one decimal), canMiss, mustAttend.
  const table: Array<{
    case: string;
    P: number;
    A: number;
    T: number;
    pct: number;
    canMiss: number;
    mustAttend: number;
  }> = [
    { case: '0 classes', P: 0, A: 0, T: 75, pct: 0, canMiss: 0, mustAttend: 0 },
    // 10/10 at 75: ⌊(1000 − 750)/75⌋ = ⌊3.33⌋ = 3 (10/13 = 76.9 %, 10/14 = 71.4 %).
    { case: 'all present', P: 10, A: 0, T: 75, pct: 100, canMiss: 3, mustAttend: 0 },
    // 0/4 at 75: ⌈(300 − 0)/25⌉ = 12 (12/16 = 75 %).
    { case: 'all absent', P: 0, A: 4, T: 75, pct: 0, canMiss: 0, mustAttend: 12 },
    // 3/4 = 75 % exactly: canMiss ⌊0/75⌋ = 0, mustAttend 0.
    { case: 'exactly at target', P: 3, A: 1, T: 75, pct: 75, canMiss: 0, mustAttend: 0 },
    // 9/12 = 75 %: still 0 (9/13 = 69.2 %).
    { case: 'exactly at target, more classes', P: 9, A: 3, T: 75, pct: 75, canMiss: 0, mustAttend: 0 },
    // 8/10 = 80 % at 80: 0 / 0; at 75: ⌊(800 − 750)/75⌋ = 0 (8/11 = 72.7 %).
    { case: 'target 80, exactly', P: 8, A: 2, T: 80, pct: 80, canMiss: 0, mustAttend: 0 },
    // 18/20 at 80: ⌊(1800 − 1600)/80⌋ = 2 (18/22 = 81.8 %, 18/23 = 78.3 %).
    { case: 'target 80, above', P: 18, A: 2, T: 80, pct: 90, canMiss: 2, mustAttend: 0 },
    // 7/10 at 80: ⌈(800 − 700)/20⌉ = 5 (12/15 = 80 %).
    { case: 'target 80, below', P: 7, A: 3, T: 80, pct: 70, canMiss: 0, mustAttend: 5 },
    // 2/3 = 66.7 % at 75: ⌈(225 − 200)/25⌉ = 1 (3/4 = 75 %).
    { case: 'one class short', P: 2, A: 1, T: 75, pct: 66.7, canMiss: 0, mustAttend: 1 },
    // 5/6 = 83.3 %: ⌊(500 − 450)/75⌋ = 0 (5/7 = 71.4 %).
    { case: 'above target, cannot miss one', P: 5, A: 1, T: 75, pct: 83.3, canMiss: 0, mustAttend: 0 },
    // 1/3 = 33.3 % at 95: ⌈(285 − 100)/5⌉ = 37 (38/40 = 95 %).
    { case: 'target 95, far below', P: 1, A: 2, T: 95, pct: 33.3, canMiss: 0, mustAttend: 37 },
  ];

  it.each(table)('attendanceOutlook: $case', ({ P, A, T, canMiss, mustAttend }) => {
    expect(attendanceOutlook(P, P + A, T)).toEqual({ canMiss, mustAttend });
  });

  it('the API answers every row of the table for one subject, subject-wise and overall', async () => {
    for (const row of table) {
      const who = await signUpAndLogin(t);
      if (row.T !== 75) {
        const res = await send('PUT', '/api/attendance/target', who, { target: row.T });
        expect(res.json()).toMatchObject({
          message: M.targetSaved,
          data: { target: row.T, instituteTarget: 75, custom: true },
        });
      }
      const subjectId = await enroll(who);
      await insertRecords(who, subjectId, row.P, row.A);
      const expected = {
        percentage: row.pct,
        presentDays: row.P,
        absentDays: row.A,
        totalDays: row.P + row.A,
        target: row.T,
        canMiss: row.canMiss,
        mustAttend: row.mustAttend,
      };
      expect(await subjectStats(who, subjectId), row.case).toEqual({ subjectId, ...expected });
      const [entry] = await subjectWise(who);
      expect(entry, row.case).toMatchObject({ subjectId, ...expected });
      expect(await overall(who), row.case).toEqual({ ...expected, subjectCount: 1 });
    }
  });

  it('overall counts the classes of every subject; subject-wise lists every enrolled subject with name and code', async () => {
    const who = await signUpAndLogin(t);
    const a = freshSubject();
    const b = freshSubject();
    const c = freshSubject();
    for (const s of [a, b, c]) await enroll(who, s.id);
    await insertRecords(who, a.id, 3, 1); // 75 %
    await insertRecords(who, b.id, 1, 2); // 33.3 %
    const wise = await subjectWise(who);
    expect(wise).toHaveLength(3);
    const byId = new Map(wise.map((e) => [e.subjectId, e]));
    expect(byId.get(a.id)).toMatchObject({ name: a.name, code: a.code, percentage: 75, totalDays: 4 });
    expect(byId.get(b.id)).toMatchObject({ name: b.name, code: b.code, percentage: 33.3, mustAttend: 5 });
    expect(byId.get(c.id)).toMatchObject({ name: c.name, percentage: 0, totalDays: 0, canMiss: 0, mustAttend: 0 });
    // 4 of 7 = 57.1 %; ⌈(525 − 400)/25⌉ = 5.
    expect(await overall(who)).toEqual({
      percentage: 57.1,
      presentDays: 4,
      absentDays: 3,
      totalDays: 7,
      target: 75,
      canMiss: 0,
      mustAttend: 5,
      subjectCount: 3,
    });
  });

  it('stores the student’s own target (75–95), refuses others, and follows the institute again on null', async () => {
    const who = await signUpAndLogin(t);
    const start = await send('GET', '/api/attendance/target', who);
    expect(start.json().data).toEqual({ target: 75, instituteTarget: 75, custom: false });
    for (const target of [74, 96, 80.5, 'high', undefined]) {
      const res = await send('PUT', '/api/attendance/target', who, { target });
      expect(res.statusCode, String(target)).toBe(400);
      expect(res.json().message).toBe(M.targetInvalid);
    }
    expect((await send('PUT', '/api/attendance/target', who, { target: 85 })).json().data.target).toBe(85);
    expect((await overall(who)).target).toBe(85);
    const reset = await send('PUT', '/api/attendance/target', who, { target: null });
    expect(reset.json().data).toEqual({ target: 75, instituteTarget: 75, custom: false });
  });

  it('uses the institute config’s attendanceTarget as the default', async () => {
    const strict = await createTestApp({}, { configure: (c) => void (c.institute.attendanceTarget = 85) });
    try {
      const who = await signUpAndLogin(strict);
      const res = await strict.app.inject({
        method: 'GET',
        url: `/api/attendance/percentage/overall?userId=${who.userId}`,
        headers: { cookie: who.cookie },
      });
      expect(res.json().data).toMatchObject({ target: 85, totalDays: 0 });
    } finally {
      await strict.close();
    }
  });
});

describe('demo data', () => {
  it('enrolls each demo student in subjects of their branch and semester, with weekday classes up to yesterday', async () => {
    const a = await signUpAndLogin(t);
    const b = await signUpAndLogin(t);
    await seedAttendanceDemo(t.app.ctx, {
      students: [
        { id: a.userId, branch: 'Computer Science Engineering', semester: 'Fifth' },
        { id: b.userId, branch: 'Astrology', semester: 'Fifth' },
      ],
    });
    const wise = await subjectWise(a);
    expect(wise.map((e) => e.code)).toEqual(expect.arrayContaining(['CS501', 'CS502', 'CS503']));
    expect(wise.every((e) => e.totalDays === 30 && e.presentDays > 0)).toBe(true);
    const records = (await send('GET', `/api/attendance?userId=${a.userId}&limit=100`, a)).json()
      .data as AttendanceRecord[];
    expect(records.every((r) => r.date < today())).toBe(true);
    expect(await subjectWise(b)).toEqual([]);
  });
});
