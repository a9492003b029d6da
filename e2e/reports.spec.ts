/**
 * Reports and moderation journey: a student reports another student's
 * listing from its card (reason, thanks message); the administrator sees it in the admin Reports tab
 * (axe: nothing serious or critical, at 1280 px and 360 px), removes it after confirming with a note;
 * the listing is then gone for students (list and deep link), its seller is told why and sees it as
 * removed.
 */
import { E2E_ADMIN_EMAIL } from './env.ts';
import {
  completeProfile,
  createVerifiedAccount,
  expect,
  expectNoSeriousA11yViolations,
  freshEmail,
  signIn,
  test,
} from './fixtures.ts';

test('a student reports a listing, the admin removes it from the Reports tab, and students no longer see it', async ({
  studentPage: page,
  browser,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const seller = await browser.newContext({ baseURL });
  const sellerPage = await seller.newPage();
  await signIn(sellerPage, await createVerifiedAccount(sellerPage.request, freshEmail('seller')));
  await completeProfile(sellerPage, 'Seller Student');
  const word = `Qwoxly${Date.now().toString(36)}`;
  const name = `${word} exam answers`;
  const res = await sellerPage.request.post('/api/buy-and-sell/items', {
    multipart: {
      item_name: name,
      price: '500',
      category: 'Books',
      item_condition: 'Good',
      description: 'Leaked paper, guaranteed.',
      owner_contact: '9123456789',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { data: { id: string } }).data.id;

  // The student reports it from its card.
  await page.goto(`/marketplace?search=${word}`);
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: `Report ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Report “${name}”` });
  await dialog.getByRole('radio', { name: 'Prohibited item' }).check();
  await dialog.getByLabel('Details (optional)').fill('Selling leaked exam papers');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thanks — an administrator will review this report.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'report-dialog');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The administrator sees it in the Reports tab and removes it after confirming.
  const admin = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const adminPage = await admin.newPage();
  await signIn(adminPage, await createVerifiedAccount(adminPage.request, E2E_ADMIN_EMAIL, 'admin-e2e-password'));
  await completeProfile(adminPage, 'Test Admin');
  await adminPage.goto('/admin');
  await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reports' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/reports$/);
  const entry = adminPage.getByRole('article', { name });
  await expect(entry).toBeVisible();
  await expect(entry.getByText('Marketplace listing')).toBeVisible();
  await expect(entry.getByText(/1 open report · Prohibited item/)).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage, 'reports-tab');
  await adminPage.screenshot({ path: testInfo.outputPath('reports-tab-1280.png'), fullPage: true });
  await adminPage.setViewportSize({ width: 360, height: 800 });
  expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(adminPage, 'reports-tab-360');
  await adminPage.screenshot({ path: testInfo.outputPath('reports-tab-360.png'), fullPage: true });
  await adminPage.setViewportSize({ width: 1280, height: 900 });

  await entry.getByRole('button', { name: 'Remove' }).click();
  const confirm = adminPage.getByRole('dialog', { name: `Remove: ${name}` });
  await confirm.getByLabel('Note (optional, kept in the audit trail)').fill('Exam papers are prohibited');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(adminPage.getByText('Removed. The owner was told why.')).toBeVisible();
  await expect(entry).toHaveCount(0);
  // The closed list keeps it with the audit trail.
  await adminPage.getByLabel('Status').selectOption('closed');
  const closed = adminPage.getByRole('article', { name });
  await expect(closed.getByText(/Remove by Test Admin/)).toBeVisible();
  await expect(closed.getByText(/Exam papers are prohibited/)).toBeVisible();

  // Students no longer see it: not in the list, and its deep link finds nothing.
  await page.goto(`/marketplace?search=${word}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name })).toHaveCount(0);
  expect((await page.request.get(`/api/buy-and-sell/items/${id}`)).status()).toBe(404);

  // The seller was told why, and still sees it, marked as removed.
  const notes = (await (await sellerPage.request.get('/api/notification')).json()) as { data: { message: string }[] };
  expect(notes.data.map((n) => n.message)).toContain(
    `An administrator removed “${name}” after reports (Prohibited item). Note: Exam papers are prohibited`,
  );
  const own = (await (await sellerPage.request.get(`/api/buy-and-sell/items/${id}`)).json()) as {
    data: { moderation?: string };
  };
  expect(own.data.moderation).toBe('removed');
  await admin.close();
  await seller.close();
});
