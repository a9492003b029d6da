/**
 * Authorization-matrix rows of attendance, enrollment and the subject catalogue (docs/product-spec.md §7; docs/design.md §5;
 * assembled by `test/route-cases.ts`): every call names the owner's userId, so only the
 * owner succeeds — another student and an admin get 403; someone else's record 404. The catalogue is
 * read by anyone signed in and written by admins.
 */
import { todayIn } from '../../lib/dates.ts';
import { adminOnly, created, ownerOnly, signedIn } from '../../test/case-kit.ts';
import type { RouteCase, World } from '../../test/route-cases.ts';

/** Subject codes handed out so far (each set-up adds its own subject). */
let subjectCodes = 0;
/** A fresh subject of the catalogue, added by the admin; its integer id. */
const newSubject = async (w: World): Promise<number> =>
  Number(
    await created(
      w,
      {
        method: 'POST',
        url: '/api/resources/subjects',
        payload: {
          name: 'Matrix Theory',
          code: `MX${++subjectCodes}-${process.pid % 1000}`,
          branch: 'Computer Science Engineering',
          semester: 'Third',
          credits: 3,
        },
      },
      w.admin.cookie,
    ),
  );
/** Today in the suites' institute time zone (the default, Asia/Kolkata). */
const today = () => todayIn('Asia/Kolkata');
/** A fresh subject `owner` is enrolled in, with one record marked. */
async function enrolledSubject(w: World): Promise<number> {
  const subjectId = await newSubject(w);
  await created(
    w,
    { method: 'POST', url: '/api/enrollments', payload: { userId: w.owner.userId, subjectId } },
    w.owner.cookie,
  );
  await created(
    w,
    {
      method: 'POST',
      url: '/api/attendance',
      payload: { userId: w.owner.userId, subjectId, date: today(), status: 'Absent' },
    },
    w.owner.cookie,
  );
  return subjectId;
}

/** The world's records of attendance (`World`, test/route-cases.ts). */
export interface AttendanceRecords {
  /** A subject `owner` is enrolled in, with one attendance record (never unenrolled by a case); an integer id. */
  subjectId: number;
  /** The attendance record of `owner` in `subjectId`. */
  recordId: string;
  /** A subject of the catalogue no one is enrolled in (edited by the admin case); an integer id. */
  catalogueSubjectId: number;
}

/**
 * The world's records of attendance: a subject `owner` is enrolled in with one record marked, that
 * record's id, and a catalogue subject no one is enrolled in.
 */
export async function attendanceWorld(w: World): Promise<void> {
  w.subjectId = await enrolledSubject(w);
  const records = await w.t.app.inject({
    method: 'GET',
    url: '/api/attendance',
    query: { userId: w.owner.userId, subjectId: String(w.subjectId) },
    headers: { cookie: w.owner.cookie },
  });
  w.recordId = records.json().data[0].id;
  w.catalogueSubjectId = await newSubject(w);
}

/** The class whose timetable the admin rows read and save (not one the suites' students are in). */
const TIMETABLE_CLASS = { branch: 'Computer Science Engineering', semester: 'Seventh' };

/** Extra classes handed out so far: each row's change starts at its own time. */
let extraClasses = 0;
/** A new extra class of today for `owner`'s subject (the suites' term runs around today): its body. */
const extraClass = (w: World) => {
  const n = ++extraClasses;
  const start = `${String(12 + (Math.floor(n / 60) % 11)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;
  return { subjectId: w.subjectId, date: today(), kind: 'extra', start, end: '23:59' };
};

/** The rows of `/api/attendance…`, `/api/enrollments…` and `/api/resources/subjects…`. */
export const ATTENDANCE_CASES: Record<string, RouteCase> = {
  'GET /api/attendance': {
    request: (w) => ({
      method: 'GET',
      url: '/api/attendance',
      query: { userId: w.owner.userId, subjectId: String(w.subjectId), date: today() },
    }),
    expect: ownerOnly(200, 403),
  },
  'POST /api/attendance': {
    request: (w) => ({
      method: 'POST',
      url: '/api/attendance',
      payload: { userId: w.owner.userId, subjectId: w.subjectId, date: today(), status: 'Present' },
    }),
    expect: ownerOnly(201, 403),
  },
  'POST /api/attendance/bulk': {
    request: (w) => ({
      method: 'POST',
      url: '/api/attendance/bulk',
      payload: { userId: w.owner.userId, date: today(), status: 'Present', subjectIds: [w.subjectId] },
    }),
    expect: ownerOnly(201, 403),
  },
  'PUT /api/attendance/:recordId': {
    request: (w) => ({ method: 'PUT', url: `/api/attendance/${w.recordId}`, payload: { status: 'Present' } }),
    expect: ownerOnly(200, 404),
  },
  'DELETE /api/attendance/:recordId': {
    request: async (w) => {
      const payload = { userId: w.owner.userId, subjectId: w.subjectId, date: today(), status: 'Present' };
      const id = await created(w, { method: 'POST', url: '/api/attendance', payload }, w.owner.cookie);
      return { method: 'DELETE', url: `/api/attendance/${id}` };
    },
    expect: ownerOnly(200, 404),
  },
  'GET /api/attendance/today': {
    request: (w) => ({ method: 'GET', url: '/api/attendance/today', query: { userId: w.owner.userId } }),
    expect: ownerOnly(200, 403),
  },
  'GET /api/attendance/outlook': {
    request: (w) => ({
      method: 'GET',
      url: '/api/attendance/outlook',
      query: { userId: w.owner.userId, skip: today() },
    }),
    expect: ownerOnly(200, 403),
  },
  'GET /api/attendance/changes': {
    request: () => ({ method: 'GET', url: '/api/attendance/changes' }),
    expect: signedIn(200),
  },
  'POST /api/attendance/changes': {
    request: (w) => ({ method: 'POST', url: '/api/attendance/changes', payload: extraClass(w) }),
    // Another student and an admin are not enrolled in the owner's subject: 400, nothing written.
    expect: ownerOnly(201, 400),
  },
  'DELETE /api/attendance/changes/:id': {
    // The owner's first change, or a new one when none is left: repeated requests (the fuzz suite
    // builds this row hundreds of times) never pile up changes against the term's limit.
    request: async (w) => {
      const mine = await w.t.app.inject({
        method: 'GET',
        url: '/api/attendance/changes',
        headers: { cookie: w.owner.cookie },
      });
      const existing = (mine.json().data as Array<{ id: string }>)[0]?.id;
      const payload = extraClass(w);
      const id =
        existing ?? (await created(w, { method: 'POST', url: '/api/attendance/changes', payload }, w.owner.cookie));
      return { method: 'DELETE', url: `/api/attendance/changes/${id}` };
    },
    expect: ownerOnly(200, 404),
  },
  'GET /api/attendance/timetable': {
    request: () => ({ method: 'GET', url: '/api/attendance/timetable', query: TIMETABLE_CLASS }),
    expect: adminOnly(200),
  },
  'PUT /api/attendance/timetable/classes': {
    request: () => ({
      method: 'PUT',
      url: '/api/attendance/timetable/classes',
      payload: {
        ...TIMETABLE_CLASS,
        classes: [{ day: 'Monday', start: '09:00', end: '09:55', subjectCode: 'CS701', room: 'LH-2' }],
      },
    }),
    expect: adminOnly(200),
  },
  'PUT /api/attendance/timetable/terms': {
    // The suites' own term (test/helpers.ts), saved as the administrators' copy: nothing changes.
    request: (w) => ({
      method: 'PUT',
      url: '/api/attendance/timetable/terms',
      query: TIMETABLE_CLASS,
      payload: { terms: w.t.config.institute.terms },
    }),
    expect: adminOnly(200),
  },
  'PUT /api/attendance/timetable/days-off': {
    request: () => ({
      method: 'PUT',
      url: '/api/attendance/timetable/days-off',
      query: TIMETABLE_CLASS,
      payload: { daysOff: [{ date: '2027-01-26', title: 'Republic Day' }] },
    }),
    expect: adminOnly(200),
  },
  'GET /api/attendance/timetable/audit': {
    request: () => ({ method: 'GET', url: '/api/attendance/timetable/audit' }),
    expect: adminOnly(200),
  },
  'GET /api/attendance/percentage': {
    request: (w) => ({
      method: 'GET',
      url: '/api/attendance/percentage',
      query: { userId: w.owner.userId, subjectId: String(w.subjectId) },
    }),
    expect: ownerOnly(200, 403),
  },
  'GET /api/attendance/percentage/overall': {
    request: (w) => ({ method: 'GET', url: '/api/attendance/percentage/overall', query: { userId: w.owner.userId } }),
    expect: ownerOnly(200, 403),
  },
  'GET /api/attendance/percentage/subject-wise': {
    request: (w) => ({
      method: 'GET',
      url: '/api/attendance/percentage/subject-wise',
      query: { userId: w.owner.userId },
    }),
    expect: ownerOnly(200, 403),
  },
  'GET /api/attendance/target': {
    request: (w) => ({ method: 'GET', url: '/api/attendance/target', query: { userId: w.owner.userId } }),
    expect: ownerOnly(200, 403),
  },
  'PUT /api/attendance/target': {
    request: () => ({ method: 'PUT', url: '/api/attendance/target', payload: { target: 80 } }),
    expect: signedIn(200),
  },
  'GET /api/enrollments/users/:userId/enrollments': {
    request: (w) => ({ method: 'GET', url: `/api/enrollments/users/${w.owner.userId}/enrollments` }),
    expect: ownerOnly(200, 403),
  },
  'POST /api/enrollments': {
    request: async (w) => ({
      method: 'POST',
      url: '/api/enrollments',
      payload: { userId: w.owner.userId, subjectId: await newSubject(w) },
    }),
    expect: ownerOnly(201, 403),
  },
  'DELETE /api/enrollments': {
    request: async (w) => ({
      method: 'DELETE',
      url: '/api/enrollments',
      payload: { userId: w.owner.userId, subjectId: await enrolledSubject(w) },
    }),
    expect: ownerOnly(200, 403),
  },
  'GET /api/resources/subjects': {
    request: () => ({
      method: 'GET',
      url: '/api/resources/subjects',
      query: { branch: 'Computer Science Engineering', semester: 'Third', search: 'data' },
    }),
    expect: signedIn(200),
  },
  'POST /api/resources/subjects': {
    request: () => ({
      method: 'POST',
      url: '/api/resources/subjects',
      payload: {
        name: 'Quantum Computing',
        code: `QC${++subjectCodes}-${process.pid % 1000}`,
        branch: 'Computer Science Engineering',
        semester: 'Eighth',
        credits: 3,
      },
    }),
    expect: adminOnly(201),
  },
  'PUT /api/resources/subjects/:id': {
    request: (w) => ({
      method: 'PUT',
      url: `/api/resources/subjects/${w.catalogueSubjectId}`,
      payload: { credits: 4 },
    }),
    expect: adminOnly(200),
  },
  'DELETE /api/resources/subjects/:id': {
    request: async (w) => ({ method: 'DELETE', url: `/api/resources/subjects/${await newSubject(w)}` }),
    expect: adminOnly(200),
  },
};
