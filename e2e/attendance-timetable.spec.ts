/**
 * Attendance from the timetable, at 360 px (docs/attendance-outlook.md): a student of CSE Fifth
 * (the suite's institute has a term of 20 days either side of today and a class of each subject
 * every day, just after midnight) sees today's classes and marks them with one tap each, one
 * absent, undoing one; offline, a tap waits as pending and is stored once on reconnect; the subject
 * cards say what may still be missed of the remaining classes, as the formula gives for these
 * marks; they plan next Friday off and see which subject falls below 75%; they add an extra class
 * and see it counted; the home dashboard lists the same classes. Axe finds nothing serious.
 */
import type { Page } from '@playwright/test';
import { E2E_TERM_DAYS, E2E_TIMETABLE_CLASS, e2eDay } from './env.ts';
import { test, expect, createVerifiedAccount, expectNoSeriousA11yViolations, signIn } from './fixtures.ts';

test.use({ timezoneId: 'Asia/Kolkata', serviceWorkers: 'allow' });

/** The one-tap buttons of a class of today's list ("Data Structures 00:00"). */
const classGroup = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Today’s classes' }).getByRole('group', { name });

/** The can-miss line the formula gives (docs/attendance-outlook.md), or the must-attend line. */
function termLine(p: number, a: number, r: number, t = 75): string {
  const canMiss = Math.max(0, Math.min(r, Math.floor((100 * (p + r) - t * (p + a + r)) / 100)));
  const deficit = t * (p + a) - 100 * p;
  if (deficit > 0) return `Attend the next ${Math.ceil(deficit / (100 - t))} classes to reach ${t}%`;
  return `You can miss ${canMiss} of the ${r} remaining classes and stay at ${t}%`;
}

test('today’s classes in one tap each, the term’s outlook, a day off planned, offline taps, an extra class', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const account = await createVerifiedAccount(page.request);
  const me = await signIn(page, account);
  const saved = await page.request.put('/api/users/update', { data: E2E_TIMETABLE_CLASS });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/attendance');

  // Today: three classes in order, with their rooms; all have ended (just after midnight).
  const today = page.getByRole('list', { name: 'Today’s classes' });
  await expect(today.getByRole('listitem')).toHaveCount(3);
  await expect(today.getByRole('listitem').nth(0)).toContainText('00:00–00:01 · LH-1');
  await expect(today.getByRole('listitem').nth(2)).toContainText('00:04–00:05 · LH-3');
  const [first, second, third] = [
    'Operating Systems 00:00',
    'Database Management Systems 00:02',
    'Theory of Computation 00:04',
  ];

  // One tap each: present (undone once and tapped again), absent.
  await classGroup(page, first).getByRole('button', { name: 'Present' }).click();
  await page.getByRole('button', { name: `Undo: ${first}` }).click();
  await classGroup(page, first).getByRole('button', { name: 'Present' }).click();
  await expect(today.getByRole('listitem').nth(0)).toContainText('Present');
  await classGroup(page, second).getByRole('button', { name: 'Absent' }).click();
  await expect(today.getByRole('listitem').nth(1)).toContainText('Absent');

  // Offline: the third tap waits as pending, and is stored once when the connection is back.
  await page.context().setOffline(true);
  await classGroup(page, third).getByRole('button', { name: 'Present' }).click();
  await expect(today.getByRole('listitem').nth(2)).toContainText('Pending');
  await expect(page.getByText('1 mark is pending')).toBeVisible();
  await page.context().setOffline(false);
  await expect(today.getByRole('listitem').nth(2)).toContainText('Present', { timeout: 15_000 });
  await expect(page.getByText('1 mark is pending')).toBeHidden();
  const stored = await page.request.get(`/api/attendance?userId=${me.id}&date=${e2eDay(0)}`);
  expect((await stored.json()).data, 'three taps, three marks: the queued one once').toHaveLength(3);

  // Yesterday's class of CS502 missed too, through the subject's own form.
  const cards = page.getByRole('list', { name: 'Subject Breakdown' });
  await cards.getByRole('button', { name: /CS502/ }).click();
  const selected = page.getByRole('region', { name: 'Selected subject' });
  await selected.getByLabel('Date').fill(e2eDay(-1));
  await selected.getByRole('button', { name: 'Mark Attendance' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Status').selectOption('Absent');
  await dialog.getByRole('button', { name: 'Mark Attendance' }).click();
  await expect(dialog).toBeHidden();

  // The term: 20 days after today, one class a day each; nothing of today is left.
  const card = (code: string) => cards.getByRole('listitem').filter({ hasText: code });
  await expect(card('CS501')).toContainText(termLine(1, 0, E2E_TERM_DAYS));
  await expect(card('CS502')).toContainText(termLine(0, 2, E2E_TERM_DAYS));
  await expect(card('CS501')).toContainText(`${E2E_TERM_DAYS} past classes not marked`);
  await expectNoSeriousA11yViolations(page, 'attendance with today’s classes at 360 px');

  // Plan next Friday off: every class until then attended, Friday's missed.
  const weekday = new Date(`${e2eDay(0)}T00:00:00Z`).getUTCDay();
  const toFriday = ((5 - weekday + 6) % 7) + 1;
  const plan = page.getByRole('region', { name: 'Plan a day off' });
  await plan.getByLabel('From').fill(e2eDay(toFriday));
  await plan.getByRole('button', { name: 'Show' }).click();
  const after = plan.getByRole('list', { name: 'After the day off' });
  const attended = toFriday - 1;
  const expectAfter = async (name: string, p: number, a: number) => {
    const value = Math.round((1000 * (p + attended)) / (p + a + attended + 1)) / 10;
    const row = after.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText(`${value.toFixed(1)}%`);
    if (value < 75) await expect(row).toContainText('below 75%');
    else await expect(row).not.toContainText('below');
    return value;
  };
  await expectAfter('Operating Systems', 1, 0);
  expect(await expectAfter('Database Management Systems', 0, 2), 'CS502 falls below 75%').toBeLessThan(75);

  // An extra class of CS503 on the term's last day: one more remaining class.
  const changes = page.getByRole('region', { name: 'Changes to the week' });
  await changes.getByLabel('Subject').selectOption({ label: 'Theory of Computation (CS503)' });
  await changes.getByLabel('Date').fill(e2eDay(E2E_TERM_DAYS));
  await changes.getByLabel('Starts at').fill('10:00');
  await changes.getByLabel('Ends at').fill('11:00');
  await changes.getByRole('button', { name: 'Save change' }).click();
  await expect(changes.getByRole('list', { name: 'Changes to the week' })).toContainText(
    'Extra class: Theory of Computation',
  );
  await expect(card('CS503')).toContainText(termLine(1, 0, E2E_TERM_DAYS + 1));
  await expectNoSeriousA11yViolations(page, 'attendance with a plan and a change at 360 px');

  // The home dashboard shows the same classes of today, with their marks.
  await page.goto('/');
  const home = page.getByRole('region', { name: 'Today’s classes' });
  await expect(home.getByRole('listitem')).toHaveCount(3);
  await expect(home.getByRole('listitem').nth(1)).toContainText('Database Management Systems');
  await expect(home.getByRole('listitem').nth(1)).toContainText('Absent');
  await home.getByRole('link', { name: 'Mark on Attendance' }).click();
  await expect(page).toHaveURL(/\/attendance$/);
});

test('an administrator adds and then moves a class of CSE Sixth, and the student’s today follows', async ({
  adminPage,
  browser,
}) => {
  test.setTimeout(120_000);
  const weekday = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][
    new Date(`${e2eDay(0)}T00:00:00Z`).getUTCDay()
  ]!;
  // The student of CSE Sixth, in a browser of their own: no timetable yet.
  const student = await (await browser.newContext({ timezoneId: 'Asia/Kolkata' })).newPage();
  await signIn(student, await createVerifiedAccount(student.request));
  const profile = { branch: E2E_TIMETABLE_CLASS.branch, semester: 'Sixth' };
  expect((await student.request.put('/api/users/update', { data: profile })).status()).toBe(200);
  await student.goto('/attendance');
  await expect(student.getByText('Your branch and semester have no timetable yet.')).toBeVisible();

  // The administrator adds today's class of CS601 in LH-7.
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await adminPage.goto('/admin/timetable');
  const tab = adminPage.getByRole('region', { name: 'Timetable' });
  await tab.getByLabel('Branch').selectOption(profile.branch);
  await tab.getByLabel('Semester').selectOption(profile.semester);
  const classes = adminPage.getByRole('region', { name: 'Weekly classes' });
  await expect(classes.getByText('No classes yet')).toBeVisible();
  await classes.getByRole('button', { name: 'Add class' }).click();
  const row = classes.getByRole('group', { name: 'Class 1' });
  await row.getByLabel('Day').selectOption(weekday);
  await row.getByLabel('Starts').fill('00:06');
  await row.getByLabel('Ends').fill('00:07');
  await row.getByLabel('Subject').selectOption({ label: 'CS601 Computer Networks' });
  await row.getByLabel('Room').fill('LH-7');
  await classes.getByRole('button', { name: 'Save classes' }).click();
  await expect(adminPage.getByText('Timetable saved!')).toBeVisible();
  await expect(classes.getByText('Saved here')).toBeVisible();
  await expect(adminPage.getByRole('list', { name: 'Timetable changes' })).toContainText(
    `Weekly classes of ${profile.branch}, Sixth`,
  );
  await expectNoSeriousA11yViolations(adminPage, 'the admin timetable tab at 1280 px');

  await student.reload();
  const today = student.getByRole('list', { name: 'Today’s classes' });
  await expect(today.getByRole('listitem')).toHaveCount(1);
  await expect(today).toContainText('Computer Networks');
  await expect(today).toContainText('00:06–00:07 · LH-7');

  // The slot moves to LH-8: the student's today follows.
  await row.getByLabel('Room').fill('LH-8');
  await classes.getByRole('button', { name: 'Save classes' }).click();
  await expect(classes.getByLabel('Room')).toHaveValue('LH-8');
  await student.reload();
  await expect(student.getByRole('list', { name: 'Today’s classes' })).toContainText('00:06–00:07 · LH-8');
  await student.context().close();
});
