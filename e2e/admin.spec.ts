/**
 * Admin area journeys: a non-admin opening /admin lands on /; the admin sidebar
 * at 375 px (behind "Toggle menu", closes on pick); the dashboard finds a student, deactivates them
 * after a confirmation and reactivates them; the notifications tab picks a target user by keyboard
 * (combobox) and sends to them, with no serious axe violations.
 */
import { test, expect, createVerifiedAccount, freshEmail, expectNoSeriousA11yViolations } from './fixtures.ts';

test('a student opening /admin lands on the home page', async ({ studentPage }) => {
  await studentPage.goto('/admin');
  await expect(studentPage).toHaveURL(/\/$/);
  const res = await studentPage.request.get('/api/users/admin/all');
  expect(res.status()).toBe(403);
  expect((await res.json()).message).toBe('Permission denied: Admin access required.');
});

test('the admin sidebar at 375 px hides behind "Toggle menu" and closes after a pick', async ({
  adminPage,
}, testInfo) => {
  await adminPage.setViewportSize({ width: 375, height: 812 });
  await adminPage.goto('/admin');
  await expect(adminPage.getByRole('heading', { name: 'Admin User Control Center' })).toBeVisible();
  const nav = adminPage.getByRole('navigation', { name: 'Admin' });
  await expect(nav).toBeHidden();
  await adminPage.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(nav).toBeVisible();
  await testInfo.attach('admin-sidebar-375', { body: await adminPage.screenshot(), contentType: 'image/png' });
  await nav.getByRole('link', { name: 'Notifications' }).click();
  await expect(nav).toBeHidden();
  await expect(adminPage.getByRole('heading', { name: 'Send a notification' })).toBeVisible();
  const width = await adminPage.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

test('the admin finds a student, deactivates them after confirming, and reactivates them', async ({
  adminPage,
}, testInfo) => {
  const email = freshEmail('managed');
  await createVerifiedAccount(adminPage.request, email);
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await adminPage.goto('/admin');
  await expect(adminPage.getByText('Total Users')).toBeVisible();
  await adminPage.getByPlaceholder('Search users by name, email or ID...').fill(email);
  const card = adminPage.getByRole('article', { name: 'Anonymous' });
  await expect(card).toHaveCount(1);
  await expect(card.getByText(email)).toBeVisible();
  await testInfo.attach('admin-dashboard-1280', { body: await adminPage.screenshot(), contentType: 'image/png' });
  await card.getByRole('button', { name: 'Delete Anonymous' }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(card.getByText('Deactivated')).toBeVisible();
  const login = await adminPage.request.post('/api/users/login', { data: { email, password: 'e2e-password-1' } });
  expect(login.status()).toBe(403);
  await card.getByRole('button', { name: 'Reactivate Anonymous' }).click();
  await expect(card.getByText('Deactivated')).toHaveCount(0);
});

test('the admin picks a target user by keyboard and sends them a notification', async ({ adminPage }) => {
  const email = freshEmail('target');
  await createVerifiedAccount(adminPage.request, email);
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await adminPage.goto('/admin/notifications');
  const picker = adminPage.getByRole('combobox', { name: 'Target user' });
  await picker.fill(email);
  await expect(adminPage.getByRole('option', { name: new RegExp(email.replace(/\./g, '\\.')) })).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage, 'admin-notifications-picker');
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(adminPage.getByRole('button', { name: 'Clear target user' })).toBeVisible();
  await expect(adminPage.getByText(email)).toBeVisible();

  const message = `Library closes early today (${Date.now()})`;
  await adminPage.getByLabel('Message').fill(message);
  await adminPage.getByRole('button', { name: 'Send notification' }).click();
  await expect(adminPage.getByText('Notification sent successfully!')).toBeVisible();
  const row = adminPage.getByRole('row').filter({ hasText: message });
  await expect(row.getByRole('cell', { name: email })).toBeVisible();
  // The form is cleared for the next send.
  await expect(adminPage.getByLabel('Message')).toHaveValue('');
  await expect(picker).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage, 'admin-notifications');
});
