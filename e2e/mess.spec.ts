/**
 * Mess menu journey at 360 px (docs/mess.md): the administrator sets the mess's lunch around the
 * current time; a student whose hostel that mess serves sees lunch on the home dashboard's mess
 * card, opens /mess from it and sees today's meals with lunch highlighted ("Lunch · now, until
 * …"), the diet marks read out; they rate lunch 4 stars with a comment and see the dish's count
 * move; the week tab; the administrator's mess screen
 * and the feedback page with the comment; the administrator (who may do what a manager does)
 * imports a CSV week with one bad row — the preview names it, the fixed file is imported — and
 * posts a notice; the student's week tab shows the new menu and the notice. Offline, a reload of
 * /mess still shows the menu (the service worker's copy). Axe finds nothing serious on the pages.
 */
import type { APIRequestContext } from '@playwright/test';
import {
  test,
  expect,
  completeProfile,
  createVerifiedAccount,
  expectNoSeriousA11yViolations,
  signIn,
} from './fixtures.ts';
import { E2E_ADMIN_EMAIL } from './env.ts';

const TZ = 'Asia/Kolkata';
test.use({ timezoneId: TZ, viewport: { width: 360, height: 800 }, serviceWorkers: 'allow' });

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Sets `name`'s meals so that lunch runs from an hour before now to an hour after (within the day,
 * institute time), with dinner after it when the day has room; returns lunch's end.
 */
async function lunchAroundNow(request: APIRequestContext, name: string): Promise<string> {
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone: TZ,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .split(':')
    .map(Number) as [number, number];
  const now = h * 60 + m;
  const lunch = { meal: 'lunch', start: hhmm(Math.max(0, now - 60)), end: hhmm(Math.min(1439, now + 60)) };
  const meals = [lunch];
  if (now + 90 < 1439) meals.push({ meal: 'dinner', start: hhmm(now + 90), end: '23:59' });
  const list = await request.get('/api/mess');
  const mess = ((await list.json()).data as { id: string; name: string; hostels: string[] }[]).find(
    (x) => x.name === name,
  )!;
  const res = await request.put(`/api/mess/${mess.id}`, { data: { name, hostels: mess.hostels, meals } });
  expect(res.status(), await res.text()).toBe(200);
  return lunch.end;
}

test('a student sees today’s meals with the current one highlighted, and the week', async ({
  studentPage,
  browser,
}) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext({ viewport: { width: 360, height: 800 }, timezoneId: TZ });
  const admin = await adminContext.newPage();
  await signIn(admin, await createVerifiedAccount(admin.request, E2E_ADMIN_EMAIL, 'admin-e2e-password'));
  await completeProfile(admin, 'Test Admin');
  const lunchEnd = await lunchAroundNow(admin.request, 'North Mess');

  // The fixture's student lives in Coho Hostel, which North Mess serves.
  const page = studentPage;
  // The home dashboard's mess card shows the meal being served, and opens the menu.
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Mess · North Mess' });
  await expect(card.getByRole('heading', { name: `Lunch · now, until ${lunchEnd}` })).toBeVisible();
  await card.getByRole('link', { name: 'Open the menu' }).click();
  await expect(page.getByRole('heading', { name: 'Mess Menu', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Lunch · now, until ${lunchEnd}` })).toBeVisible();
  await expect(page.locator('li[aria-current="time"]')).toContainText('Lunch · now');
  await expect(page.getByText('Vegetarian:').first()).toBeAttached();
  await expectNoSeriousA11yViolations(page, 'mess today');

  // Rate lunch: 4 stars and a comment; the first dish's count moves by one.
  const lunch = page.locator('li[aria-current="time"]');
  const firstDish = lunch.getByRole('listitem').first();
  const countBefore = Number((await firstDish.textContent())?.match(/★ · (\d+)/)?.[1] ?? 0);
  const comment = `Rajma needs salt ${Date.now().toString(36)}`;
  await lunch.getByRole('button', { name: 'Rate lunch' }).click();
  // The star a person taps is the radio's label (the radio itself is visually hidden).
  await lunch.locator('label', { has: page.getByRole('radio', { name: '4 stars' }) }).click();
  await expect(lunch.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await lunch.getByLabel(/Comment/).fill(comment);
  await lunch.getByRole('button', { name: 'Save rating' }).click();
  await expect(lunch.getByText('Your rating: 4 ★')).toBeVisible();
  await expect(firstDish).toContainText(`★ · ${countBefore + 1}`);

  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page).toHaveURL(/tab=week/);
  await expect(page.getByRole('tabpanel', { name: 'Week' }).getByRole('heading', { level: 2 })).toHaveCount(7);
  await expectNoSeriousA11yViolations(page, 'mess week');

  await admin.goto('/mess/manage');
  await expect(admin.getByRole('heading', { name: 'North Mess' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'mess manage');
  await admin.getByRole('link', { name: 'Feedback of North Mess' }).click();
  await expect(admin.getByRole('heading', { name: 'Feedback · North Mess', level: 1 })).toBeVisible();
  await expect(admin.getByText(comment)).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'mess feedback');

  // The CSV import: one bad row, named in the preview; fixed, then imported.
  const thali = `Special Thali ${Date.now().toString(36)}`;
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const good = ['day,meal,dishes', ...days.map((d) => `${d},lunch,${thali}; Jeera Rice; Egg Curry (egg)`)];
  const bad = [good[0], good[1], 'Funday,lunch,Poha', ...good.slice(2)];
  await admin.goto('/mess');
  await admin.getByRole('link', { name: 'Import a week' }).click();
  const rows = admin.getByLabel('Or paste the rows');
  await rows.fill(bad.join('\n'));
  await admin.getByRole('button', { name: 'Preview' }).click();
  await expect(admin.getByText('Line 3: Unknown day “Funday” (Monday … Sunday).')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Import' })).toBeDisabled();
  await expectNoSeriousA11yViolations(admin, 'mess import');
  await rows.fill(good.join('\n'));
  await admin.getByRole('button', { name: 'Preview' }).click();
  await expect(admin.getByText('No bad rows: ready to import.')).toBeVisible();
  await admin.getByRole('button', { name: 'Import' }).click();
  await expect(admin).toHaveURL(/\/mess\?tab=week/);

  // A notice to the mess's students (the administrator may do what a manager does).
  const notice = `Dinner delayed to 20:30 ${Date.now().toString(36)}`;
  await admin.getByRole('button', { name: 'Post a notice' }).click();
  await admin.getByLabel(/Notice to the students/).fill(notice);
  await admin.getByRole('button', { name: 'Send notice' }).click();
  await expect(admin.getByRole('region', { name: 'Notices' })).toContainText(notice);

  await page.reload();
  await expect(page.getByRole('tabpanel', { name: 'Week' }).getByText(thali)).toHaveCount(7);
  await expect(page.getByRole('region', { name: 'Notices' })).toContainText(notice);
  await adminContext.close();

  // Offline, a reload of /mess still shows the menu: the page repeated the server's reads through
  // the service worker, which keeps them.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const kept = (await (await caches.open('cc-api-read')).keys()).map((r) => new URL(r.url).pathname);
        return kept.includes('/api/mess/today') && kept.some((p) => /^\/api\/mess\/[^/]+\/week$/.test(p));
      }),
    )
    .toBe(true);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText('Offline — showing the menu as last loaded.')).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Week' }).getByText(thali)).toHaveCount(7);
  await expect(page.getByRole('region', { name: 'Notices' })).toContainText(notice);
  await page.context().setOffline(false);
});
