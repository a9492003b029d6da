/**
 * The timetable routes through HTTP on a real database (docs/attendance-outlook.md): today's
 * classes and their marks, the undo, the term's outlook against hand-computed figures, a day-off
 * plan, changes to the week, refusals and bad input, the next term's outlook between terms, and
 * the start-up check of the timetable.
 * The test institute's term runs from 14 days before today to 13 days after, with a holiday the day
 * after tomorrow; CSE Third has a class of CS301 at 00:00–00:01 and one of CS302 at 23:58–23:59 on
 * every day of the week, so today always has one class that has ended and one that has not (but
 * in the three minutes around midnight, institute time).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTENDANCE_MESSAGES as M,
  type AttendanceOutlook,
  type AttendanceToday,
  type ClassChange,
  type SubjectOutlook,
  type TimetableSettings,
} from '@campus/contract/attendance';
import { WEEKDAYS, type ClassTimetable } from '@campus/contract/institute';
import { ConfigError, loadInstituteConfig } from '../../config.ts';
import { addDays, isoWeekday, todayIn } from '../../lib/dates.ts';
import { createTestApp, world, type TestApp, type TestWorld } from '../../test/helpers.ts';

const CSE = 'Computer Science Engineering';
const today = todayIn('Asia/Kolkata');
const TIMETABLE: ClassTimetable = {
  branch: CSE,
  semester: 'Third',
  classes: WEEKDAYS.flatMap((day) => [
    { day, start: '00:00', end: '00:01', subjectCode: 'CS301', room: 'LH-1' },
    { day, start: '23:58', end: '23:59', subjectCode: 'CS302' },
  ]),
};

let t: TestApp;
let w: TestWorld<'student' | 'other' | 'newcomer' | 'admin'>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp(
    { TRUST_PROXY: '127.0.0.1', ADMIN_EMAILS: 'timetable.admin@iiitsonepat.ac.in' },
    {
      configure: (config) => {
        config.institute.terms = [{ name: 'Test term', start: addDays(today, -14), end: addDays(today, 13) }];
        config.institute.academicCalendar.entries = [
          { date: addDays(today, 2), title: 'Founders’ Day', kind: 'holiday' },
          { date: addDays(today, 1), title: 'Club fair', kind: 'event' },
        ];
        config.institute.classTimetables = [TIMETABLE];
      },
    },
  );
  w = await world(t, ['student', 'other', 'newcomer', 'admin']);
  for (const who of ['student', 'other'] as const) {
    const saved = await w.as(who).put('/api/users/update', { branch: CSE, semester: 'Third' });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const enrolled = await w.as('student').get(`/api/enrollments/users/${w.users.student.userId}/enrollments`);
  for (const e of enrolled.json().data as Array<{ code: string; subjectId: number }>) ids[e.code] = e.subjectId;
  expect(Object.keys(ids).sort()).toEqual(['CS301', 'CS302', 'CS303']);
});
afterAll(async () => {
  await t?.close();
});

const todayOf = async (who: 'student' | 'other' | 'newcomer') => {
  const res = await w.as(who).get('/api/attendance/today');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AttendanceToday;
};
const outlookOf = async (query = '') => {
  const res = await w.as('student').get(`/api/attendance/outlook${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as AttendanceOutlook;
  return { ...data, by: Object.fromEntries(data.subjects.map((s) => [s.code, s])) as Record<string, SubjectOutlook> };
};
const mark = async (code: string, date: string, status: 'Present' | 'Absent') => {
  const res = await w
    .as('student')
    .post('/api/attendance', { userId: w.users.student.userId, subjectId: ids[code], date, status });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
};

describe('GET /api/attendance/today', () => {
  it('lists today’s classes in order with no marks yet, and this week’s earlier classes as unmarked', async () => {
    const data = await todayOf('student');
    expect(data).toMatchObject({ date: today, hasTimetable: true, term: { name: 'Test term' } });
    expect(data.classes.map((c) => [c.start, c.end, c.code, c.room, c.record])).toEqual([
      ['00:00', '00:01', 'CS301', 'LH-1', null],
      ['23:58', '23:59', 'CS302', null, null],
    ]);
    // Monday to yesterday, two classes a day (the holiday is after today).
    expect(data.unmarked).toHaveLength(2 * (isoWeekday(today) - 1));
    expect(data.unmarked.every((c) => c.date < today)).toBe(true);
  });

  it('gives a mark to its class, and the undo removes it; another student cannot remove it', async () => {
    const id = await mark('CS301', today, 'Present');
    let data = await todayOf('student');
    expect(data.classes[0]!.record).toMatchObject({ id, status: 'Present' });
    expect(data.classes[1]!.record).toBeNull();

    expect((await w.as('other').delete(`/api/attendance/${id}`)).statusCode).toBe(404);
    const undo = await w.as('student').delete(`/api/attendance/${id}`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().message).toBe(M.markRemoved);
    data = await todayOf('student');
    expect(data.classes[0]!.record).toBeNull();
    expect((await w.as('student').delete(`/api/attendance/${id}`)).statusCode).toBe(404);
  });

  it('says there is no timetable for a student without branch and semester', async () => {
    expect(await todayOf('newcomer')).toMatchObject({ hasTimetable: false, classes: [], unmarked: [] });
  });

  it('refuses another student’s userId with 403', async () => {
    const res = await w.as('other').get(`/api/attendance/today?userId=${w.users.student.userId}`);
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/attendance/outlook', () => {
  it('matches the hand-computed figures of docs/attendance-outlook.md', async () => {
    await mark('CS301', today, 'Present');
    await mark('CS301', addDays(today, -1), 'Absent');
    const { by, target } = await outlookOf();
    expect(target).toBe(75);
    // CS301: 27 term days (28 less the holiday); 14 before today and today's 00:00 have ended.
    // P 1, A 1, R 12: can miss ⌊(1300 − 1050) / 100⌋ = 2; attend ⌈(150 − 100) / 25⌉ = 2 in a row.
    expect(by.CS301).toMatchObject({
      inTimetable: true,
      present: 1,
      absent: 1,
      held: 15,
      unmarked: 13,
      remaining: 12,
      percentage: 50,
      canMiss: 2,
      mustAttend: 2,
      reachable: true,
      bestPercentage: 92.9,
      skip: null,
    });
    // CS302: nothing marked; 14 held, today's class still ahead: R 13, can miss ⌊13 · 25 / 100⌋ = 3.
    expect(by.CS302).toMatchObject({ held: 14, unmarked: 14, remaining: 13, canMiss: 3, mustAttend: 0 });
    // CS303 is enrolled but not in the timetable: its marks-only outlook.
    expect(by.CS303).toMatchObject({ inTimetable: false, held: 0, remaining: 0 });
  });

  it('plans tomorrow off: each subject’s percentage right after it', async () => {
    const { by } = await outlookOf(`?skip=${addDays(today, 1)}`);
    // CS301: tomorrow's class skipped, nothing left to attend before it: 1 / 3.
    expect(by.CS301!.skip).toEqual({ classes: 1, percentage: 33.3 });
    // CS302: today's 23:58 attended, tomorrow's skipped: 1 / 2.
    expect(by.CS302!.skip).toEqual({ classes: 1, percentage: 50 });
    // The holiday has no classes to skip.
    const holiday = await outlookOf(`?skip=${addDays(today, 2)}`);
    expect(holiday.by.CS301!.skip?.classes).toBe(0);
  });

  it('refuses days that are not dates, before today or after the term, with the contract’s messages', async () => {
    for (const [skip, message] of [
      ['tomorrow', M.skipInvalid],
      [`${today},2026-02-30`, M.skipInvalid],
      [addDays(today, -1), M.skipOutOfTerm],
      [addDays(today, 14), M.skipOutOfTerm],
      [Array.from({ length: 32 }, (_, i) => addDays(today, i % 10)).join(','), M.skipTooMany],
    ] as const) {
      const res = await w.as('student').get(`/api/attendance/outlook?skip=${encodeURIComponent(skip)}`);
      expect(res.statusCode, skip).toBe(400);
      expect(res.body).toContain(message);
    }
  });
});

describe('changes to the week', () => {
  const post = (body: object) => w.as('student').post('/api/attendance/changes', body);

  it('cancels a class and adds an extra one; both count in the student’s own outlook only', async () => {
    const tomorrow = addDays(today, 1);
    const wrongTime = await post({ subjectId: ids.CS301, date: tomorrow, kind: 'cancelled', start: '09:00' });
    expect(wrongTime.statusCode).toBe(400);
    expect(wrongTime.body).toContain(M.noSuchClass);

    const cancelled = await post({ subjectId: ids.CS301, date: tomorrow, kind: 'cancelled', start: '00:00' });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    expect(cancelled.json().message).toBe(M.changeSaved);
    expect((await post({ subjectId: ids.CS301, date: tomorrow, kind: 'cancelled', start: '00:00' })).statusCode).toBe(
      409,
    );
    const extra = await post({
      subjectId: ids.CS303,
      date: addDays(today, 3),
      kind: 'extra',
      start: '10:00',
      end: '11:00',
    });
    expect(extra.statusCode, extra.body).toBe(201);

    const { by } = await outlookOf();
    expect(by.CS301!.remaining).toBe(11);
    expect(by.CS303).toMatchObject({ inTimetable: true, remaining: 1, held: 0 });
    // The other student of the same class keeps the timetable's week.
    const theirs = await w.as('other').get('/api/attendance/outlook');
    const cs301 = (theirs.json().data as AttendanceOutlook).subjects.find((s) => s.code === 'CS301');
    expect(cs301!.remaining).toBe(12);

    const listed = (await w.as('student').get('/api/attendance/changes')).json().data as ClassChange[];
    expect(listed.map((c) => [c.kind, c.start, c.end])).toEqual([
      ['cancelled', '00:00', null],
      ['extra', '10:00', '11:00'],
    ]);
    const id = extra.json().data.id as string;
    expect((await w.as('other').delete(`/api/attendance/changes/${id}`)).statusCode).toBe(404);
    const removed = await w.as('student').delete(`/api/attendance/changes/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await outlookOf()).by.CS303!.inTimetable).toBe(false);
  });

  it('refuses bad input with the contract’s messages and writes nothing', async () => {
    const before = (await w.as('student').get('/api/attendance/changes')).json().data.length;
    for (const [body, message] of [
      [{ subjectId: ids.CS301, date: today, kind: 'moved', start: '10:00' }, M.changeKindRequired],
      [{ subjectId: ids.CS301, date: today, kind: 'extra', start: '10:00' }, M.changeEndRequired],
      [{ subjectId: ids.CS301, date: today, kind: 'extra', start: '25:00', end: '26:00' }, M.changeTimeInvalid],
      [{ subjectId: ids.CS301, date: today, kind: 'extra', start: '11:00', end: '10:00' }, M.changeEndBeforeStart],
      [
        { subjectId: ids.CS301, date: addDays(today, 30), kind: 'extra', start: '10:00', end: '11:00' },
        M.changeOutOfTerm,
      ],
      [{ subjectId: 999_999, date: today, kind: 'extra', start: '10:00', end: '11:00' }, M.notEnrolled],
    ] as const) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await w.as('student').delete('/api/attendance/changes/not-a-uuid')).statusCode).toBe(404);
    expect((await w.as('student').get('/api/attendance/changes')).json().data).toHaveLength(before);
  });
});

describe('the timetable in the admin area', () => {
  const query = `branch=${encodeURIComponent(CSE)}&semester=Third`;
  const settings = async () => {
    const res = await w.as('admin').get(`/api/attendance/timetable?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as TimetableSettings;
  };

  it('shows the file’s timetable, and a saved slot is what the student’s today follows', async () => {
    const before = await settings();
    expect(before.sources).toEqual({ classes: 'file', terms: 'file', daysOff: 'file' });
    expect(before.classes).toHaveLength(TIMETABLE.classes.length);

    // Today's CS302 class moves to LH-9 at 23:00–23:30.
    const day = WEEKDAYS[isoWeekday(today) - 1]!;
    const classes = TIMETABLE.classes.map((c) =>
      c.day === day && c.subjectCode === 'CS302' ? { ...c, start: '23:00', end: '23:30', room: 'LH-9' } : c,
    );
    const saved = await w
      .as('admin')
      .put('/api/attendance/timetable/classes', { branch: CSE, semester: 'Third', classes });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(M.timetableSaved);
    expect((saved.json().data as TimetableSettings).sources.classes).toBe('admin');
    const after = await todayOf('student');
    expect(after.classes.map((c) => [c.code, c.start, c.room])).toEqual([
      ['CS301', '00:00', 'LH-1'],
      ['CS302', '23:00', 'LH-9'],
    ]);
  });

  it('refuses a code the catalogue lacks, an unknown class and overlapping classes, naming the entry', async () => {
    const put = (body: object) => w.as('admin').put('/api/attendance/timetable/classes', body);
    const unknown = await put({
      branch: CSE,
      semester: 'Third',
      classes: [{ day: 'Monday', start: '09:00', end: '10:00', subjectCode: 'ZZ999' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'classes.0.subjectCode': M.unknownSubjectCode('ZZ999') });
    expect((await put({ branch: 'Astrology', semester: 'Third', classes: [] })).statusCode).toBe(400);
    const overlap = await put({
      branch: CSE,
      semester: 'Third',
      classes: [
        { day: 'Monday', start: '09:00', end: '10:00', subjectCode: 'CS301' },
        { day: 'Monday', start: '09:30', end: '10:30', subjectCode: 'CS302' },
      ],
    });
    expect(overlap.statusCode).toBe(400);
    // Nothing of the refused saves was kept.
    expect((await settings()).classes.find((c) => c.room === 'LH-9')).toBeDefined();
  });

  it('saves terms and days off; overlapping terms are refused; the student’s today follows', async () => {
    const terms = [{ name: 'Saved term', start: addDays(today, -10), end: addDays(today, 10) }];
    const overlapping = await w.as('admin').put(`/api/attendance/timetable/terms?${query}`, {
      terms: [...terms, { name: 'Other', start: addDays(today, 5), end: addDays(today, 30) }],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.body).toContain(M.termsOverlap);
    const saved = await w.as('admin').put(`/api/attendance/timetable/terms?${query}`, { terms });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await todayOf('student')).term?.name).toBe('Saved term');

    const off = await w.as('admin').put(`/api/attendance/timetable/days-off?${query}`, {
      daysOff: [{ date: today, title: 'Foundation Day' }],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await todayOf('student')).classes).toEqual([]);
    const bad = await w.as('admin').put(`/api/attendance/timetable/days-off?${query}`, {
      daysOff: [{ date: today, endDate: addDays(today, -1), title: 'Backwards' }],
    });
    expect(bad.statusCode).toBe(400);
    await w.as('admin').put(`/api/attendance/timetable/days-off?${query}`, { daysOff: [] });
    expect((await todayOf('student')).classes).toHaveLength(2);
  });

  it('keeps every save in the audit trail, newest first, with the administrator’s name', async () => {
    const res = await w.as('admin').get('/api/attendance/timetable/audit');
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().data as Array<{ what: string; adminName: string | null }>;
    expect(entries.map((e) => e.what)).toEqual([
      'Days without classes',
      'Days without classes',
      'Terms',
      `Weekly classes of ${CSE}, Third`,
    ]);
    const admin = (await w.as('admin').get('/api/users/current')).json().data.user as { name: string | null };
    expect(new Set(entries.map((e) => e.adminName))).toEqual(new Set([admin.name]));
  });

  it('is for administrators only', async () => {
    expect((await w.as('student').get(`/api/attendance/timetable?${query}`)).statusCode).toBe(403);
    expect((await w.as('student').get('/api/attendance/timetable/audit')).statusCode).toBe(403);
    expect((await w.as().get('/api/attendance/timetable/audit')).statusCode).toBe(401);
  });
});

describe('between terms (docs/attendance-outlook.md "Between terms")', () => {
  // After the admin-area saves: no days off; CS301 00:00 and CS302 once a day, every day.
  const query = `branch=${encodeURIComponent(CSE)}&semester=Third`;
  const next = { name: 'Next term', start: addDays(today, 5), end: addDays(today, 30) };

  it('plans days off in the next term when none is running today', async () => {
    const saved = await w.as('admin').put(`/api/attendance/timetable/terms?${query}`, {
      terms: [{ name: 'Last term', start: addDays(today, -40), end: addDays(today, -8) }, next],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await todayOf('student')).term).toBeNull();

    const { term, by } = await outlookOf(`?skip=${addDays(today, 6)}`);
    expect(term).toEqual(next);
    // 26 days of the next term, nothing held yet.
    expect(by.CS301).toMatchObject({ inTimetable: true, held: 0, unmarked: 0, remaining: 26 });
    // CS301: P 1, A 1 (the marks above); the next term's first day attended, its second skipped: 2 / 4.
    expect(by.CS301!.skip).toEqual({ classes: 1, percentage: 50 });
    expect(by.CS302!.skip).toEqual({ classes: 1, percentage: 50 });
  });

  it('refuses days before the next term or after its end', async () => {
    for (const skip of [addDays(today, 1), addDays(today, 4), addDays(today, 31)]) {
      const res = await w.as('student').get(`/api/attendance/outlook?skip=${skip}`);
      expect(res.statusCode, skip).toBe(400);
      expect(res.body).toContain(M.skipOutOfTerm);
    }
  });
});

describe('the timetable in the institute config', () => {
  it('stops the start when a class names a subject the catalogue lacks, naming the entry', async () => {
    const bad: ClassTimetable = {
      branch: CSE,
      semester: 'Third',
      classes: [{ day: 'Tuesday', start: '10:00', end: '10:55', subjectCode: 'ZZ999' }],
    };
    await expect(createTestApp({}, { configure: (c) => void (c.institute.classTimetables = [bad]) })).rejects.toThrow(
      'Computer Science Engineering, Third, Tuesday 10:00: subject code ZZ999 is not in the subject catalogue',
    );
  });

  it('refuses overlapping classes, an unknown branch and overlapping terms, naming the entry', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-timetable-'));
    const load = async (config: object) => {
      const file = path.join(dir, `${Math.random()}.json`);
      await fs.writeFile(file, JSON.stringify(config));
      return () => loadInstituteConfig(file);
    };
    const cls = (start: string, end: string) => ({ day: 'Monday', start, end, subjectCode: 'CS301' });
    expect(
      await load({
        classTimetables: [{ branch: CSE, semester: 'Third', classes: [cls('09:00', '10:00'), cls('09:30', '10:30')] }],
      }),
    ).toThrow(/classTimetables\.0\.classes\.1\.start: overlaps the class at 09:00/);
    expect(await load({ classTimetables: [{ branch: 'Astrology', semester: 'Third', classes: [] }] })).toThrow(
      'classTimetables.0.branch: "Astrology" is not one of branches',
    );
    expect(
      await load({
        terms: [
          { name: 'A', start: '2027-01-01', end: '2027-03-01' },
          { name: 'B', start: '2027-02-01', end: '2027-05-01' },
        ],
      }),
    ).toThrow(ConfigError);
    await fs.rm(dir, { recursive: true, force: true });
  });
});
