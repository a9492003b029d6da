/**
 * Events journey at 360 px: an administrator makes a club and names a coordinator; a student
 * follows the club; the coordinator posts an event with a poster (starting in half an hour, one
 * place), and the follower's bell shows it live; the follower taps Going, downloads the `.ics`
 * and gets the reminder at once (the event starts inside EVENT_REMINDER_MINUTES); the full event
 * refuses the coordinator's Going; the follower reports the event, an administrator removes it,
 * and it leaves the feed and campus search. Axe finds nothing serious on /clubs/:slug, /events and
 * /events/:id. The browser runs in the institute's time zone.
 */
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_PORT } from './env.ts';
import {
  test,
  expect,
  completeProfile,
  createVerifiedAccount,
  expectNoSeriousA11yViolations,
  freshEmail,
  signIn,
} from './fixtures.ts';

test.use({ timezoneId: 'Asia/Kolkata', viewport: { width: 360, height: 800 } });

/** `minutes` from now in the institute's zone, as a datetime-local value. */
function localIn(minutes: number): string {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(Date.now() + minutes * 60_000));
  return parts.replace(' ', 'T');
}

test('follow a club, see a new event live, go, download it, be reminded; full refuses; a removed event leaves feed and search', async ({
  studentPage: fan,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const slug = `e2e-club-${stamp}`;
  const title = `Kite night ${stamp}`;

  // The administrator makes the club and names the coordinator (the API; no admin screen yet).
  const coordinatorAccount = await createVerifiedAccount(fan.request, freshEmail('coord'));
  const admin = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const adminAccount = await createVerifiedAccount(admin, E2E_ADMIN_EMAIL, 'admin-e2e-password');
  expect((await admin.post('/api/users/login', { data: adminAccount })).status()).toBe(200);
  const made = await admin.post('/api/admin/clubs', { data: { name: `Kite Club ${stamp}`, slug, category: 'social' } });
  expect(made.status(), await made.text()).toBe(201);
  const named = await admin.put(`/api/admin/clubs/${slug}/coordinators`, {
    data: { emails: [coordinatorAccount.email] },
  });
  expect(named.status(), await named.text()).toBe(200);

  // The student follows the club.
  await fan.goto(`/clubs/${slug}`);
  await expect(fan.getByRole('heading', { level: 1, name: `Kite Club ${stamp}` })).toBeVisible();
  await fan.getByRole('button', { name: 'Follow' }).click();
  await expect(fan.getByRole('button', { name: 'Following', pressed: true })).toBeVisible();
  await expect(fan.getByText('1 follower')).toBeVisible();
  await expectNoSeriousA11yViolations(fan, 'club page');

  // The coordinator posts an event with a poster.
  const coordContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    timezoneId: 'Asia/Kolkata',
    viewport: { width: 360, height: 800 },
  });
  const coord = await coordContext.newPage();
  await signIn(coord, coordinatorAccount);
  await completeProfile(coord, 'Kabir Coordinator');
  await coord.goto('/events');
  await coord.getByRole('button', { name: 'Post event' }).click();
  const form = coord.getByRole('dialog', { name: 'Post event' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Starts').fill(localIn(30));
  await form.getByLabel('Ends').fill(localIn(150));
  await form.getByLabel('Venue').fill('Main Lawn');
  await form.getByLabel('Capacity (optional)').fill('1');
  await form.getByLabel('Choose a photo').setInputFiles(path.join(import.meta.dirname, 'assets', 'photo.jpg'));
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(coord.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(coord.getByRole('img', { name: `Poster of ${title}` })).toBeVisible();
  // The coordinator edits it: the form opens filled, and the page shows the change.
  await coord.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = coord.getByRole('dialog', { name: 'Edit event' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await edit.getByLabel('Venue').fill('Open Air Theatre');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(coord.getByText('Open Air Theatre')).toBeVisible();

  // The follower's bell shows it live.
  await expect(fan.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();

  // The follower finds it in the feed (Today), taps Going, downloads the .ics and is reminded.
  await fan.goto('/events');
  const today = fan.getByRole('region', { name: 'Today' });
  await expect(today.getByRole('link', { name: title })).toBeVisible();
  await expectNoSeriousA11yViolations(fan, 'events feed');
  await today.getByRole('link', { name: title }).click();
  await expect(fan.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await fan.getByRole('button', { name: 'Going' }).click();
  await expect(fan.getByRole('button', { name: 'Going', pressed: true })).toBeVisible();
  await expect(fan.getByText('1 going · 0 interested')).toBeVisible();
  const [download] = await Promise.all([
    fan.waitForEvent('download'),
    fan.getByRole('link', { name: 'Add to calendar' }).click(),
  ]);
  const ics = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(ics).toString()).toContain(`SUMMARY:${title}`);
  await fan.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const bell = fan.getByRole('dialog', { name: 'Notifications' });
  await expect(bell.getByText(new RegExp(`Reminder: "${title}" starts at`))).toBeVisible();
  await fan.keyboard.press('Escape');
  await expectNoSeriousA11yViolations(fan, 'event page');

  // The event is full: the coordinator's Going is refused with a clear message.
  await coord.reload();
  await coord.getByRole('button', { name: 'Going' }).click();
  await expect(coord.getByText('This event is full.').first()).toBeVisible();

  // The follower reports it; an administrator removes it; it leaves the feed and search.
  await fan.getByRole('button', { name: `Report ${title}` }).click();
  const dialog = fan.getByRole('dialog', { name: `Report “${title}”` });
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thanks — an administrator will review this report.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  const cases = (await (await admin.get('/api/admin/reports?limit=100')).json()) as {
    data: Array<{ id: string; title: string | null }>;
  };
  const found = cases.data.find((c) => c.title === title)!;
  const removed = await admin.post(`/api/admin/reports/${found.id}/resolve`, { data: { action: 'remove' } });
  expect(removed.status(), await removed.text()).toBe(200);
  await fan.goto(`/events?q=${stamp}`);
  await expect(fan.getByText('No events match. Try another club or category.')).toBeVisible();
  const search = await fan.request.get(`/api/search?q=${encodeURIComponent(title)}`);
  const groups = ((await search.json()) as { data: { groups: Array<{ type: string; items: unknown[] }> } }).data.groups;
  expect(groups.find((g) => g.type === 'events')!.items).toEqual([]);

  await coordContext.close();
  await admin.dispose();
});
