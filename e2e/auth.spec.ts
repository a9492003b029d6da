/**
 * Foundation journeys: sign up → open the link from the outbox and enter the
 * password chosen (signed in) → complete the profile with a photo → log out → log in; a link opened
 * with another password explains what to do; a resent link lets the mailbox holder choose the
 * password; a guarded route remembers its origin; unknown paths show the 404 page.
 */
import path from 'node:path';
import { test, expect, freshEmail, linkFromOutbox, createVerifiedAccount } from './fixtures.ts';

test('a new student signs up, verifies with the password chosen, completes the profile with a photo, logs out and in', async ({
  page,
}, testInfo) => {
  const email = freshEmail('journey');
  const password = 'journey-password-1';
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByRole('tabpanel').getByLabel(/email/i).fill(email);
  await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Account created! You can now log in.')).toBeVisible();
  await expect(page.getByText(`We sent a verification link to ${email}`)).toBeVisible();

  const link = await linkFromOutbox(email, 'verify-email');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('Enter the password you chose').fill(password);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('Email verified! You are now signed in.')).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Name').fill('Ananya Iyer');
  await page.getByLabel('Branch').selectOption('Computer Science Engineering');
  await page.getByLabel('Semester').selectOption('Third');
  await page.getByLabel('Hostel').selectOption('Coho Hostel');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  // The first save of branch and semester enrolls in that semester's subjects.
  await expect(
    page.getByText(/^Profile updated successfully! You were enrolled in 3 subjects for Computer Science Engineering/),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ananya Iyer' })).toBeVisible();

  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles(path.join(import.meta.dirname, 'assets', 'photo.jpg'));
  await expect(page.locator('img[src*="/api/files/"]').first()).toBeVisible();
  await testInfo.attach('profile-1280', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const current = await page.request.get('/api/users/current');
  expect(current.status()).toBe(401);

  await page.getByRole('tabpanel').getByLabel(/email/i).fill(email);
  await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill(password);
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /^log ?in$/i })
    .click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("a link opened with another sign-up's password explains to use the latest link or sign up again", async ({
  page,
}) => {
  const email = freshEmail('twice');
  expect(
    (await page.request.post('/api/users/signup', { data: { email, password: 'first-password-1' } })).status(),
  ).toBe(201);
  await linkFromOutbox(email, 'verify-email');
  expect(
    (await page.request.post('/api/users/signup', { data: { email, password: 'second-password-2' } })).status(),
  ).toBe(201);
  const link = new URL(await linkFromOutbox(email, 'verify-email', 2));
  await page.goto(link.pathname + link.search);
  await page.getByLabel('Enter the password you chose').fill('first-password-1');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText(/Use the link in your latest sign-up email, or sign up again/)).toBeVisible();
  await page.getByLabel('Enter the password you chose').fill('second-password-2');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('Email verified! You are now signed in.')).toBeVisible();
});

test("a resent verification link lets the mailbox holder choose the password; a stranger's sign-up never decides it", async ({
  page,
}) => {
  const email = freshEmail('claim');
  expect(
    (await page.request.post('/api/users/signup', { data: { email, password: 'stranger-password-1' } })).status(),
  ).toBe(201);
  await linkFromOutbox(email, 'verify-email');
  expect((await page.request.post('/api/users/resend-verification', { data: { email } })).status()).toBe(200);
  const link = new URL(await linkFromOutbox(email, 'verify-email', 2));
  expect(link.searchParams.get('choose')).toBe('1');
  await page.goto(link.pathname + link.search);
  await page.getByLabel('Choose a password').fill('password');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('This password is too common. Please choose a less common one.')).toBeVisible();
  await page.getByLabel('Choose a password').fill('holder-password-1');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('Email verified! You are now signed in.')).toBeVisible();
  expect(
    (await page.request.post('/api/users/login', { data: { email, password: 'stranger-password-1' } })).status(),
  ).toBe(401);
});

test('a signed-out visitor of /rides goes to /login and returns to /rides after logging in', async ({ page }) => {
  const account = await createVerifiedAccount(page.request);
  await page.goto('/rides');
  // The server's guard answers the page with a 302 that carries the page in from.
  await expect(page).toHaveURL(/\/login\?from=%2Frides$/);
  await page.getByRole('tabpanel').getByLabel(/email/i).fill(account.email);
  await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill(account.password);
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /^log ?in$/i })
    .click();
  await expect(page).toHaveURL(/\/rides$/, { timeout: 10_000 });
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText("Oops! You've hit a dead end.")).toBeVisible();
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
});
