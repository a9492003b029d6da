/**
 * Notifications journey: an admin broadcasts; a signed-in student's bell shows
 * the red dot and the item without a reload, in two tabs at once (one shared stream); the student
 * marks all read and both tabs follow.
 */
import { test, expect, createVerifiedAccount, freshEmail, signIn, completeProfile } from './fixtures.ts';

test('an admin broadcast reaches a student live in two tabs; marking all read clears both', async ({
  adminPage,
  browser,
}, testInfo) => {
  const student = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const tab1 = await student.newPage();
  const account = await createVerifiedAccount(tab1.request, freshEmail('bell'));
  await signIn(tab1, account);
  await completeProfile(tab1, 'Bell Student');
  await tab1.goto('/');
  const tab2 = await student.newPage();
  await tab2.goto('/marketplace');
  // Neither tab is touched: each opens its live stream at load, by itself.
  for (const tab of [tab1, tab2]) {
    await expect(tab.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(tab.getByTestId('unread-dot')).toHaveCount(0);
  }

  const message = `Fest tonight at 7 pm (${Date.now()})`;
  await adminPage.goto('/admin/notifications');
  await adminPage.getByRole('checkbox', { name: 'Broadcast to all users' }).check();
  await adminPage.getByLabel('Type').selectOption('event');
  await adminPage.getByLabel('Message').fill(message);
  await adminPage.getByRole('button', { name: 'Send broadcast' }).click();
  await expect(adminPage.getByText(/^Send to \d+ users\?$/)).toBeVisible();
  await adminPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(adminPage.getByText('Broadcast sent successfully!')).toBeVisible();
  await expect(adminPage.getByRole('cell', { name: message, exact: true })).toBeVisible();

  // Both tabs update without a reload.
  for (const tab of [tab1, tab2]) {
    await expect(tab.getByTestId('unread-dot')).toBeVisible({ timeout: 5000 });
    await expect(tab.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  }
  await tab2.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const panel = tab2.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('button', { name: new RegExp(message.replace(/[()]/g, '\\$&')) })).toBeVisible();
  await expect(panel.getByText(/less than a minute ago/)).toBeVisible();
  await testInfo.attach('bell-dropdown', { body: await tab2.screenshot(), contentType: 'image/png' });
  await tab2.keyboard.press('Escape');

  await tab1.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await tab1.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(tab1.getByText("You're all caught up!")).toBeVisible();
  for (const tab of [tab1, tab2]) await expect(tab.getByTestId('unread-dot')).toHaveCount(0);
  await student.close();
});
