/**
 * Pages follow the live stream (docs/web-patterns.md "Live changes"): two students in two
 * browsers act at once, as people do (no waiting for hydration). A learner whose Skill Exchange
 * page is open sees their request turn "Accepted", with the teacher's contact, within 3 s of the
 * teacher accepting it — no reload; a ride's owner whose rides page is open sees the seat count
 * drop when another student joins.
 */
import type { Browser, Page, TestInfo } from '@playwright/test';
import { completeProfile, createVerifiedAccount, expect, freshEmail, signIn, test } from './fixtures.ts';

/** How long a change may take to reach an open page (the bound). */
const LIVE_MS = 3000;

/** A second student in a browser of their own; returns the page and their user. */
async function secondStudent(browser: Browser, testInfo: TestInfo, name: string) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  const user = await signIn(page, await createVerifiedAccount(page.request, freshEmail('live')));
  await completeProfile(page, name);
  return { context, page, user };
}

/** Opens `url` on `page` and resolves once its live stream is connected (its answer has begun). */
async function openLive(page: Page, url: string) {
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/notification/stream');
  await page.goto(url);
  expect((await stream).status()).toBe(200);
}

test('an accepted skill request shows "Accepted" and the contact on the learner’s open page, without a reload', async ({
  studentPage: learner,
  browser,
}, testInfo) => {
  const stamp = Date.now().toString(36);
  const teacherName = `Live Teacher ${stamp}`;
  const skillName = `Kirigami ${stamp}`;
  await completeProfile(learner, `Live Learner ${stamp}`);
  const teacher = await secondStudent(browser, testInfo, teacherName);
  const taught = await teacher.page.request.post('/api/skill-exchange/add-skill', {
    data: { skillName, type: 'teach' },
  });
  expect(taught.status(), await taught.text()).toBe(201);
  const skillId = ((await taught.json()) as { userSkill: { skillId: string } }).userSkill.skillId;
  const sent = await learner.request.post('/api/skill-exchange/request', {
    data: { recipientId: teacher.user.id, skillId },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // The learner has their sent requests open; the teacher accepts on their own page meanwhile.
  await openLive(learner, '/skill-exchange?tab=sent');
  const request = learner.getByRole('article', { name: `You asked ${teacherName} to teach ${skillName}` });
  await expect(request.getByText('Pending')).toBeVisible();

  await teacher.page.goto('/skill-exchange?tab=received');
  const received = teacher.page.getByRole('article', { name: new RegExp(`wants to learn ${skillName}`) });
  await received.getByRole('button', { name: 'Accept' }).click();
  await teacher.page.getByRole('button', { name: 'Accept request' }).click();
  await expect(received.getByText('Accepted')).toBeVisible();

  await expect(request.getByText('Accepted')).toBeVisible({ timeout: LIVE_MS });
  await expect(request.getByRole('link', { name: teacher.user.email })).toHaveAttribute(
    'href',
    `mailto:${teacher.user.email}`,
  );
  await teacher.context.close();
});

test('a ride joined by another student updates the seat count on its owner’s open page', async ({
  studentPage: owner,
  browser,
}, testInfo) => {
  const stamp = Date.now().toString(36);
  const pickup = `Live Pickup ${stamp}`;
  const offered = await owner.request.post('/api/rides', {
    data: {
      pickupLocation: pickup,
      dropLocation: 'IIIT Sonepat Campus',
      departureDateTime: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      totalSeats: 3,
      phoneNumber: '9812345678',
      direction: 'toCollege',
    },
  });
  expect(offered.status(), await offered.text()).toBe(201);
  const rideId = ((await offered.json()) as { data: { id: string } }).data.id;

  await openLive(owner, `/rides?search=${encodeURIComponent(stamp)}`);
  const card = owner.getByRole('article', { name: new RegExp(pickup) });
  await expect(card.getByText('3 of 3 seats available')).toBeVisible();

  const rider = await secondStudent(browser, testInfo, `Live Rider ${stamp}`);
  await rider.page.goto(`/rides/${rideId}`);
  await rider.page.getByRole('button', { name: 'Join Ride' }).click();
  await expect(rider.page.getByText('You joined the ride!')).toBeVisible();

  await expect(card.getByText('2 of 3 seats available')).toBeVisible({ timeout: LIVE_MS });
  await rider.context.close();
});
