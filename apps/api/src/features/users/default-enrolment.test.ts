/**
 * Default enrolment: the first profile save that sets both branch and semester,
 * when the student had neither, enrols them in the catalogue's subjects of that branch and semester
 * in the same request and says so; a second save, a save after unenrolling, clearing and setting
 * them again, a branch and semester the catalogue does not map, an admin's edit, and a save that
 * completes a half-filled profile enrol nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_MESSAGES, type Enrollment, type Subject } from '@campus/contract/attendance';
import { USER_MESSAGES } from '@campus/contract/users-ui';
import {
  createTestApp,
  signUpAndLogin,
  world,
  type SignedIn,
  type TestApp,
  type TestWorld,
} from '../../test/helpers.ts';

const ADMIN = 'registrar.enrolment@iiitsonepat.ac.in';
const CSE = 'Computer Science Engineering';
/** A branch the institute config has and the seeded catalogue does not. */
const ROBOTICS = 'Robotics Engineering';

let t: TestApp;
let w: TestWorld<'admin'>;

beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_EMAILS: ADMIN, TRUST_PROXY: '127.0.0.1' },
    { configure: (config) => void config.institute.branches.push(ROBOTICS) },
  );
  w = await world(t, ['admin']);
  // One Robotics subject, in the first semester only.
  const added = await w.as('admin').post('/api/resources/subjects', {
    name: 'Introduction to Robotics',
    code: 'RB101',
    branch: ROBOTICS,
    semester: 'First',
  });
  expect(added.statusCode, added.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

const save = (who: SignedIn, body: object) => w.as(who).put('/api/users/update', body);
const enrolledCodes = async (who: SignedIn) =>
  ((await w.as(who).get(`/api/enrollments/users/${who.userId}/enrollments`)).json().data as Enrollment[])
    .map((e) => e.code)
    .sort();
/** The catalogue's subjects of `branch` and `semester`. */
const catalogueOf = async (branch: string, semester: string): Promise<Subject[]> =>
  (await w.as('admin').get(`/api/resources/subjects?${new URLSearchParams({ branch, semester, limit: '100' })}`)).json()
    .data;
const catalogueCodes = async (branch: string, semester: string) =>
  (await catalogueOf(branch, semester)).map((s) => s.code).sort();

describe('default enrolment', () => {
  it('the first save of branch and semester enrols in their subjects and says so', async () => {
    const who = await signUpAndLogin(t);
    const res = await save(who, { name: 'Riya', branch: CSE, semester: 'Third' });
    expect(res.statusCode, res.body).toBe(200);
    const codes = await catalogueCodes(CSE, 'Third');
    expect(codes).toHaveLength(3);
    expect(res.json().message).toBe(ATTENDANCE_MESSAGES.defaultEnrolled(3, CSE, 'Third'));
    expect(res.json().message).toBe(
      'Profile updated successfully! You were enrolled in 3 subjects for Computer Science Engineering, Third semester — change them on Attendance',
    );
    expect(res.json().data.user).toMatchObject({ branch: CSE, semester: 'Third', name: 'Riya' });
    expect(await enrolledCodes(who)).toEqual(codes);
  });

  it('a second save, a save after unenrolling, and clearing and setting again never re-enrol', async () => {
    const who = await signUpAndLogin(t);
    await save(who, { branch: CSE, semester: 'Fifth' });
    const codes = await catalogueCodes(CSE, 'Fifth');
    expect(await enrolledCodes(who)).toEqual(codes);

    const moved = await save(who, { semester: 'Sixth' });
    expect(moved.json().message).toBe(USER_MESSAGES.profileUpdated);
    expect(await enrolledCodes(who)).toEqual(codes);

    const removed = (await catalogueOf(CSE, 'Fifth')).find((s) => s.code === codes[0])!;
    const out = await w.as(who).delete('/api/enrollments', { userId: who.userId, subjectId: removed.id });
    expect(out.statusCode, out.body).toBe(200);
    const again = await save(who, { branch: CSE, semester: 'Fifth' });
    expect(again.json().message).toBe(USER_MESSAGES.profileUpdated);
    expect(await enrolledCodes(who)).toEqual(codes.slice(1));

    const cleared = await save(who, { branch: '', semester: '' });
    expect(cleared.json().data.user).toMatchObject({ branch: null, semester: null });
    const reset = await save(who, { branch: CSE, semester: 'Fifth' });
    expect(reset.json().message).toBe(USER_MESSAGES.profileUpdated);
    expect(await enrolledCodes(who)).toEqual(codes.slice(1));
  });

  it('a branch and semester without catalogue subjects enrol nothing; one subject is singular', async () => {
    const none = await signUpAndLogin(t);
    const res = await save(none, { branch: ROBOTICS, semester: 'Second' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(USER_MESSAGES.profileUpdated);
    expect(await enrolledCodes(none)).toEqual([]);
    // The default enrolment has happened (with nothing): a later move to a mapped semester does not enrol.
    await save(none, { semester: 'First' });
    expect(await enrolledCodes(none)).toEqual([]);

    const one = await signUpAndLogin(t);
    const single = await save(one, { branch: ROBOTICS, semester: 'First' });
    expect(single.json().message).toBe(
      `Profile updated successfully! You were enrolled in 1 subject for ${ROBOTICS}, First semester — change them on Attendance`,
    );
    expect(await enrolledCodes(one)).toEqual(['RB101']);
  });

  it('only a save that sets both when the student had neither enrols; an admin’s edit never does', async () => {
    const half = await signUpAndLogin(t);
    expect((await save(half, { name: 'Only a name' })).json().message).toBe(USER_MESSAGES.profileUpdated);
    await save(half, { branch: CSE });
    const completed = await save(half, { semester: 'Fourth' });
    expect(completed.json().message).toBe(USER_MESSAGES.profileUpdated);
    expect(await enrolledCodes(half)).toEqual([]);

    const edited = await signUpAndLogin(t);
    const byAdmin = await w
      .as('admin')
      .put(`/api/users/admin/users/${edited.userId}`, { branch: CSE, semester: 'Third' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await enrolledCodes(edited)).toEqual([]);
  });

  it('two first saves at once enrol once', async () => {
    const who = await signUpAndLogin(t);
    const [a, b] = await Promise.all([
      save(who, { branch: CSE, semester: 'Seventh' }),
      save(who, { branch: CSE, semester: 'Seventh' }),
    ]);
    const messages = [a.json().message, b.json().message].sort();
    expect(messages).toEqual(
      [ATTENDANCE_MESSAGES.defaultEnrolled(3, CSE, 'Seventh'), USER_MESSAGES.profileUpdated].sort(),
    );
    expect(await enrolledCodes(who)).toEqual(await catalogueCodes(CSE, 'Seventh'));
  });
});
