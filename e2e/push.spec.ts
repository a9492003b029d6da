/**
 * Web Push journey (docs/decisions/0501-web-push.md): a student's profile and bell menu offer
 * "Turn on push notifications", and the browser's permission is not asked at load
 * (`Notification.permission` stays `default` until the click). With a subscription registered
 * through the API with this test's keys, pointing at a local push service on 127.0.0.1 (the one
 * endpoint host the suite's server may contact), another student's skill request made in the
 * browser reaches the service, encrypted, and decrypts to the notification the bell shows. Nothing
 * leaves the machine.
 */
import { PUSH_CATEGORIES } from '../packages/contract/src/push-ui.ts';
import { startPushService, type TestPushService } from '../apps/api/src/test/push-service.ts';
import { E2E_PUSH_PORT } from './env.ts';
import {
  test,
  expect,
  completeProfile,
  createVerifiedAccount,
  expectNoSeriousA11yViolations,
  freshEmail,
  signIn,
} from './fixtures.ts';

let push: TestPushService;
test.beforeAll(async () => {
  push = await startPushService(E2E_PUSH_PORT);
});
test.afterAll(async () => {
  await push?.close();
});

test('the push control is offered without asking at load; a skill request made in the browser is pushed to the device', async ({
  studentPage: teacher,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const teacherName = `Asha Rao ${stamp}`;
  await completeProfile(teacher, teacherName);

  // The profile offers the control; nothing has asked for the permission.
  await teacher.goto('/profile');
  const card = teacher.locator('section', { has: teacher.getByRole('heading', { name: 'Push notifications' }) });
  await expect(card.getByRole('button', { name: 'Turn on push notifications' })).toBeEnabled();
  await expect(card.getByText('Get a notification on this device even when Campus Companion is closed.')).toBeVisible();
  await expect(card.getByRole('checkbox')).toHaveCount(PUSH_CATEGORIES.length);
  await expectNoSeriousA11yViolations(teacher, 'profile-push');
  // And the bell's menu.
  await teacher.getByRole('button', { name: /^Notifications/ }).click();
  const panel = teacher.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('button', { name: 'Turn on push notifications' })).toBeVisible();
  await teacher.keyboard.press('Escape');
  expect(await teacher.evaluate(() => Notification.permission)).toBe('default');

  // This device's subscription, registered through the API with the test's keys.
  const sub = push.subscription(`e2e-${stamp}`);
  const saved = await teacher.request.post('/api/push/subscriptions', {
    data: { endpoint: sub.endpoint, keys: sub.keys },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const taught = await teacher.request.post('/api/skill-exchange/add-skill', {
    data: { skillName: 'Origami', type: 'teach' },
  });
  expect(taught.status(), await taught.text()).toBe(201);

  // Another student asks for Origami in the browser.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const learner = await context.newPage();
  await signIn(learner, await createVerifiedAccount(learner.request, freshEmail('pushlearner')));
  await completeProfile(learner, `Ravi Kumar ${stamp}`);
  const learn = await learner.request.post('/api/skill-exchange/add-skill', {
    data: { skillName: 'Origami', type: 'learn' },
  });
  expect(learn.status(), await learn.text()).toBe(201);
  await learner.goto('/skill-exchange');
  const match = learner
    .getByRole('region', { name: 'Recommended Matches' })
    .getByRole('article', { name: teacherName });
  await match.getByRole('button', { name: 'Request to Connect' }).click();
  const dialog = learner.getByRole('dialog', { name: `Request to Connect: ${teacherName}` });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(learner.getByText('Request sent successfully!')).toBeVisible();
  await context.close();

  // The push reached the device's push service and reads as the bell does.
  const [payload] = await push.waitFor(sub);
  const [notice] = (await (await teacher.request.get('/api/notification?limit=1')).json()).data;
  expect(payload).toEqual({ title: 'Campus Companion', body: notice.message, link: '/skill-exchange?tab=received' });

  // Only now, on the click, does the browser ask; headless Chromium refuses, and the control says so.
  await teacher.goto('/profile');
  expect(await teacher.evaluate(() => Notification.permission)).toBe('default');
  await card.getByRole('button', { name: 'Turn on push notifications' }).click();
  await expect(card.getByText(/Notifications are blocked for this site/)).toBeVisible();
  expect(await teacher.evaluate(() => Notification.permission)).not.toBe('default');
});
