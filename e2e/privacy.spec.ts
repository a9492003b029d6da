/**
 * Data rights journey (docs/privacy.md): a student downloads their data and the zip holds their
 * listing and its photo; they block another student from that student's listing card — the
 * listing leaves their marketplace and that student's join of their ride is refused; they delete
 * their account, and signing in shows the erasure date; "Keep my account" brings everything back;
 * the footer's privacy notice names the 14 days of grace.
 * Axe finds no serious or critical violations on the profile, at 360 px and 1280 px.
 */
import { readFile } from 'node:fs/promises';
import { unzipSync, strFromU8 } from 'fflate';
import {
  test,
  expect,
  createVerifiedAccount,
  signIn,
  completeProfile,
  freshEmail,
  expectNoSeriousA11yViolations,
} from './fixtures.ts';

test('a student downloads their data, blocks a classmate, deletes the account and keeps it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const account = await createVerifiedAccount(page.request, freshEmail('riya'));
  await signIn(page, account);
  await completeProfile(page, 'Riya Sharma');
  const listing = `Desk lamp ${stamp}`;
  const photo = await readFile(new URL('./assets/photo.jpg', import.meta.url));
  const created = await page.request.post('/api/buy-and-sell/items', {
    multipart: {
      item_name: listing,
      price: '400',
      category: 'Electronics',
      item_condition: 'Good',
      description: 'Warm light, works well.',
      owner_contact: '9123456789',
      image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
  });
  expect(created.status()).toBe(201);
  const item = (await created.json()).data as { id: string; image_url: string };
  const departure = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const ride = await page.request.post('/api/rides', {
    data: {
      pickupLocation: `Gate ${stamp}`,
      dropLocation: 'Railway Station',
      departureDateTime: departure,
      totalSeats: 3,
      phoneNumber: '9812345678',
      direction: 'fromCollege',
    },
  });
  expect(ride.status(), await ride.text()).toBe(201);
  const rideId = (await ride.json()).data.id as string;

  // Download my data: the zip holds the listing and its photo.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^campus-companion-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(strFromU8(files['listing.json']!)).toContain(listing);
  const photoId = new URL(item.image_url).pathname.split('/').pop()!;
  expect(Object.keys(files).some((name) => name.startsWith(`photos/${photoId}.`))).toBe(true);
  expect(strFromU8(files['README.txt']!)).toContain('listing.json');

  // A classmate with a listing, who has the student's ride open.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const classmate = await other.newPage();
  await signIn(classmate, await createVerifiedAccount(classmate.request, freshEmail('arjun')));
  await completeProfile(classmate, 'Arjun Mehta');
  const theirs = `Cricket bat ${stamp}`;
  const made = await classmate.request.post('/api/buy-and-sell/items', {
    multipart: {
      item_name: theirs,
      price: '900',
      category: 'Sports',
      item_condition: 'Good',
      description: 'English willow.',
      owner_contact: '9876501234',
    },
  });
  expect(made.status()).toBe(201);
  await classmate.goto(`/rides/${rideId}`);
  const join = classmate.getByRole('dialog').getByRole('button', { name: 'Join Ride' });
  await expect(join).toBeVisible();

  // Block from the classmate's listing card: the listing leaves the marketplace.
  await page.goto(`/marketplace?search=${encodeURIComponent(theirs)}`);
  const card = page.getByRole('article', { name: theirs });
  await card.getByRole('button', { name: 'Block Arjun Mehta' }).click();
  await page.getByRole('dialog', { name: 'Block Arjun Mehta?' }).getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText('Student blocked.')).toBeVisible();
  await expect(page.getByRole('article', { name: theirs })).toHaveCount(0);

  // The classmate's join is refused as if the ride did not exist.
  await join.click();
  await expect(classmate.getByText('Failed to join ride. Ride not found')).toBeVisible();
  await other.close();

  // The blocked list on the profile; the page passes axe.
  await page.goto('/profile');
  await expect(page.getByRole('list', { name: 'Blocked students' }).getByText('Arjun Mehta')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'profile with data rights');

  // Delete my account, then sign in: the erasure date, and Keep my account.
  await page.getByLabel('Password', { exact: true }).last().fill(account.password);
  await page.getByLabel('Type DELETE to confirm').fill('DELETE');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(/This account is closed and will be erased on \d{1,2} \w{3} \d{4}\./)).toBeVisible();
  await page.getByRole('button', { name: 'Keep my account' }).click();
  await expect(page.getByText('Your account is back.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 10_000 });
  await page.goto(`/marketplace?search=${encodeURIComponent(listing)}`);
  await expect(page.getByRole('article', { name: listing })).toBeVisible();

  // The footer's privacy notice gives the grace the deletion had.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  await expect(page.getByText(/is erased 14 days later/)).toBeVisible();
});
