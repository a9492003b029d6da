/**
 * Attendance journey: a new student's first profile save of
 * branch and semester enrolls them in that semester's subjects and says so; on the attendance page
 * they drop one and add one from another semester through the catalogue, mark present and absent
 * on different days, edit a record and see the percentages and the can-miss line change; go offline
 * and still read the page (service worker), mark attendance offline and see it pending, then sent
 * on reconnect; unenroll with a confirmation (the button is revealed on hover and on keyboard
 * focus). Axe finds no serious or critical violations at 1280 px and 360 px. The browser runs in the
 * institute's time zone, with the service worker allowed.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, createVerifiedAccount, expectNoSeriousA11yViolations, signIn } from './fixtures.ts';

test.use({ timezoneId: 'Asia/Kolkata', serviceWorkers: 'allow' });

const TZ = 'Asia/Kolkata';
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(Date.now() + offset * 86_400_000));

/** The card button of a subject in the breakdown (its name is the whole card's text). */
const subjectCard = (page: Page, code: string) =>
  page.getByRole('list', { name: 'Subject Breakdown' }).getByRole('button', { name: new RegExp(code) });

/** Marks `status` for the selected subject on the picker's date through the modal. */
async function markThroughModal(page: Page, status: 'Present' | 'Absent') {
  await page.getByRole('region', { name: 'Selected subject' }).getByRole('button', { name: 'Mark Attendance' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Status').selectOption(status);
  await dialog.getByRole('button', { name: 'Mark Attendance' }).click();
  await expect(dialog).toBeHidden();
}

async function pickDate(page: Page, date: string) {
  await page.getByRole('region', { name: 'Selected subject' }).getByLabel('Date').fill(date);
}

const summary = (page: Page): Locator => page.getByRole('region', { name: /^Summary/ });

test('a new student starts enrolled, changes subjects, marks, edits, reads offline, marks offline and unenrolls', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, await createVerifiedAccount(page.request));
  await page.setViewportSize({ width: 1280, height: 900 });

  // The first save of branch and semester enrolls in that semester's subjects of the catalogue.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Name').fill('Kavya Nair');
  await page.getByLabel('Branch').selectOption('Computer Science Engineering');
  await page.getByLabel('Semester').selectOption('Third');
  await page.getByLabel('Hostel').selectOption('Coho Hostel');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(
    page.getByText(
      'Profile updated successfully! You were enrolled in 3 subjects for Computer Science Engineering, Third semester — change them on Attendance',
    ),
  ).toBeVisible();

  await page.goto('/attendance');
  await expect(page.getByRole('heading', { name: 'Attendance Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Select a subject, then click Mark Attendance.')).toBeVisible();
  await expect(page.getByText('3 subjects')).toBeVisible();
  await expect(page.getByText('No attendance marked for any enrolled subject yet.')).toBeVisible();
  // The service worker takes control during the first visit (installable, readable offline).
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  // A later visit: now the session check itself goes through the worker (and is kept for offline).
  await page.reload();
  await expect(page.getByText('3 subjects')).toBeVisible();
  for (const code of ['CS301', 'CS302', 'CS303']) await expect(subjectCard(page, code)).toContainText('No stats yet');
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect((await manifest.json()).icons.length).toBeGreaterThanOrEqual(2);
  await expectNoSeriousA11yViolations(page, 'attendance-default-subjects');

  // Change them: drop Digital Logic Design…
  await subjectCard(page, 'CS302').hover();
  await page.getByRole('button', { name: 'Unenroll from Digital Logic Design' }).click();
  const drop = page.getByRole('dialog', { name: 'Unenroll' });
  await drop.getByRole('button', { name: 'Unenroll' }).click();
  await expect(drop).toBeHidden();
  await expect(page.getByText('2 subjects')).toBeVisible();
  await expect(subjectCard(page, 'CS302')).toHaveCount(0);

  // …and add a fourth-semester subject through the modal (the profile's branch and semester are preselected).
  await page.getByRole('button', { name: 'Enroll in a subject' }).first().click();
  const enroll = page.getByRole('dialog', { name: 'Enroll in a subject' });
  await expect(enroll.getByLabel('Branch')).toHaveValue('Computer Science Engineering');
  await expect(enroll.getByLabel('Semester')).toHaveValue('Third');
  await enroll.getByLabel('Search subjects').fill('data');
  // Data Structures, enrolled by default (once the list shows only what matches).
  await expect(enroll.getByText('Enrolled')).toHaveCount(1);
  await enroll.getByLabel('Semester').selectOption('Fourth');
  await enroll.getByLabel('Search subjects').fill('object');
  await enroll.getByRole('button', { name: 'Enroll in Object Oriented Programming' }).click();
  await expect(enroll.getByText('Enrolled')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'attendance-enroll-modal');
  await enroll.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('3 subjects')).toBeVisible();
  await expect(page.getByText('No attendance marked for any enrolled subject yet.')).toBeVisible();
  await expect(subjectCard(page, 'CS403')).toContainText('No stats yet');

  // Present yesterday, absent today: 1 of 2 = 50.0 %, ⌈(150 − 100)/25⌉ = 2 to reach 75 %.
  await subjectCard(page, 'CS301').click();
  await expect(page.getByRole('region', { name: 'Selected subject' })).toContainText('Data Structures');
  await expect(page.getByRole('region', { name: 'Selected subject' }).getByLabel('Date')).toHaveValue(day(0));
  await expect(page.getByText('No attendance has been recorded for this subject on the selected date.')).toBeVisible();
  await pickDate(page, day(-1));
  await markThroughModal(page, 'Present');
  await expect(
    page.getByRole('region', { name: 'Attendance Record' }).getByText('Present', { exact: true }),
  ).toBeVisible();
  await pickDate(page, day(0));
  await markThroughModal(page, 'Absent');
  await expect(summary(page).getByTestId('attendance-rate')).toHaveText('50.0%');
  await expect(summary(page).getByTestId('outlook')).toHaveText('Attend the next 2 classes to reach 75%');
  await expect(subjectCard(page, 'CS301')).toContainText('Present: 1');
  await expect(subjectCard(page, 'CS301')).toContainText('Absent: 1');

  // Edit today's Absent to Present: 2 of 2 = 100.0 %, no class to spare (⌊50/75⌋ = 0).
  const records = page.getByRole('region', { name: 'Attendance Record' });
  await expect(records.getByText(/^Marked at \d{2}:\d{2}$/)).toBeVisible();
  await records.getByRole('button', { name: /^Edit Absent record/ }).click();
  const edit = page.getByRole('dialog');
  await expect(edit.getByLabel('Status')).toHaveValue('Absent');
  await edit.getByLabel('Status').selectOption('Present');
  await expectNoSeriousA11yViolations(page, 'attendance-edit-modal');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(summary(page).getByTestId('attendance-rate')).toHaveText('100.0%');
  await expect(summary(page).getByTestId('outlook')).toHaveText(
    'You are at 100.0%: missing the next class takes you below 75%',
  );
  await expect(subjectCard(page, 'CS301')).toContainText('Present: 2');
  await expectNoSeriousA11yViolations(page, 'attendance-1280');

  // Offline: the page reloads from the service worker with the last data.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Attendance Dashboard', level: 1 })).toBeVisible();
  await expect(subjectCard(page, 'CS301')).toContainText('Present: 2');
  await subjectCard(page, 'CS301').click();
  await expect(records.getByText('Present', { exact: true }).first()).toBeVisible();

  // A mark made offline waits as pending…
  await markThroughModal(page, 'Present');
  await expect(records.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByText('1 mark is pending: it will be sent when you are back online.')).toBeVisible();
  // …and is sent when the connection returns: 3 of 3, ⌊(300 − 225)/75⌋ = 1.
  await page.context().setOffline(false);
  await expect(records.getByText('Pending', { exact: true })).toBeHidden();
  await expect(summary(page).getByTestId('outlook')).toHaveText('You can miss 1 more class');
  await expect(subjectCard(page, 'CS301')).toContainText('Present: 3');
  const stored = await page.request.get(`/api/attendance/percentage/subject-wise?userId=${await userId(page)}`);
  const ds = (await stored.json()).data.find((e: { code: string }) => e.code === 'CS301');
  expect(ds).toMatchObject({ presentDays: 3, absentDays: 0, totalDays: 3 });

  // Unenroll: hidden until hover or keyboard focus, then confirmed.
  const unenroll = page.getByRole('button', { name: 'Unenroll from Discrete Mathematics' });
  await page.mouse.move(0, 0);
  await expect(unenroll).toHaveCSS('opacity', '0');
  await subjectCard(page, 'CS303').hover();
  await expect(unenroll).toHaveCSS('opacity', '1');
  await page.mouse.move(0, 0);
  await expect(unenroll).toHaveCSS('opacity', '0');
  await unenroll.focus();
  await expect(unenroll).toHaveCSS('opacity', '1');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Unenroll' });
  await expect(confirm).toContainText('Unenroll from "Discrete Mathematics"? This removes related attendance data.');
  await expectNoSeriousA11yViolations(page, 'attendance-unenroll-confirm');
  await confirm.getByRole('button', { name: 'Unenroll' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('2 subjects', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unenroll from Discrete Mathematics' })).toHaveCount(0);

  // Small screens: one column, still clean.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(subjectCard(page, 'CS301')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'attendance-360');
});

async function userId(page: Page): Promise<string> {
  const res = await page.request.get('/api/users/current');
  return (await res.json()).data.user.id;
}

test('at 360 px a subject card wraps a long name instead of widening the page', async ({ studentPage: page }) => {
  const me = (await (await page.request.get('/api/users/current')).json()).data.user as { id: string };
  const found = await page.request.get('/api/resources/subjects?search=Programming%20for%20Problem%20Solving');
  const subject = (await found.json()).data[0] as { id: number; code: string; name: string };
  expect(subject.name).toBe('Programming for Problem Solving');
  const enrolled = await page.request.post('/api/enrollments', { data: { userId: me.id, subjectId: subject.id } });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/attendance');
  await expect(subjectCard(page, subject.code)).toContainText(subject.name);
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `/attendance is ${width}px wide`).toBeLessThanOrEqual(360);
});

test('an administrator adds, edits and removes a subject of the catalogue', async ({ adminPage: page }) => {
  const code = `QC${Date.now().toString(36).slice(-5).toUpperCase()}`;
  await page.goto('/admin/subjects');
  await expect(page.getByRole('heading', { name: 'Subjects', level: 2 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Subjects' })).toBeVisible();
  await page.getByRole('button', { name: 'Add subject' }).click();
  const form = page.getByRole('dialog', { name: 'Add subject' });
  await form.getByLabel('Name').fill('Quantum Computing');
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Branch').selectOption('Computer Science Engineering');
  await form.getByLabel('Semester').selectOption('Eighth');
  await form.getByLabel('Credits').fill('3');
  await expectNoSeriousA11yViolations(page, 'admin-subject-form');
  await form.getByRole('button', { name: 'Add subject' }).click();
  await expect(form).toBeHidden();

  await page.getByLabel('Search subjects').fill(code);
  await expect(page.getByText(`${code} · Quantum Computing`)).toBeVisible();
  await page.getByRole('button', { name: `Edit ${code}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${code}` });
  await edit.getByLabel('Name').fill('Quantum Information');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(`${code} · Quantum Information`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'admin-subjects');

  await page.getByRole('button', { name: `Delete ${code}` }).click();
  await page.getByRole('dialog', { name: 'Delete subject' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No subjects match these filters.')).toBeVisible();
});

test('after one visit, attendance opens offline with its figures; a mark made offline is stored once', async ({
  studentPage: page,
}) => {
  test.setTimeout(120_000);
  const me = await userId(page);
  const catalogue = await page.request.get(
    '/api/resources/subjects?branch=Computer Science Engineering&semester=Third&limit=1',
  );
  const subject = (await catalogue.json()).data[0] as { id: string | number; code: string };
  const enrol = await page.request.post('/api/enrollments', { data: { userId: me, subjectId: subject.id } });
  expect([201, 409]).toContain(enrol.status());

  // The one visit: the page's reads run before the service worker controls it, and still reach its cache.
  await page.goto('/attendance');
  await expect(subjectCard(page, subject.code)).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  // Every API read the page made (the session, institute and attendance ones) is in the worker's cache.
  await page.waitForFunction(
    async () => {
      const cached = new Set((await (await caches.open('cc-api-read')).keys()).map((r) => r.url));
      const read = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => /\/api\/(users\/current|institute|attendance|enrollments)/.test(u));
      return read.length >= 5 && read.every((u) => cached.has(u));
    },
    undefined,
    { timeout: 30_000 },
  );

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Attendance Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Offline — last updated \d{2}:\d{2}$/)).toBeVisible();
  await expect(subjectCard(page, subject.code)).toBeVisible();
  await expect(summary(page).getByTestId('attendance-rate')).toBeVisible();

  await subjectCard(page, subject.code).click();
  await markThroughModal(page, 'Present');
  const records = page.getByRole('region', { name: 'Attendance Record' });
  await expect(records.getByText('Pending', { exact: true })).toBeVisible();

  await page.context().setOffline(false);
  await expect(records.getByText('Pending', { exact: true })).toBeHidden();
  await expect(page.getByText(/^Offline — last updated/)).toBeHidden();
  const stored = await page.request.get(`/api/attendance?userId=${me}&subjectId=${subject.id}&date=${day(0)}`);
  expect((await stored.json()).data).toHaveLength(1);
});
