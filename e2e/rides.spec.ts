/**
 * Ride sharing journey: a student offers a ride (the form shows the spec's
 * messages first, common places are quick picks); a second student finds it by quick filters and
 * joins (seats drop, the creator's phone appears), then cancels (seats return); the creator sees
 * both notifications; filters and sort in the URL survive a reload; the creator deletes the ride
 * after a confirmation. Axe finds no serious or critical violations on the page and its dialogs,
 * at 360 px and 1280 px. The browser runs in the institute's time zone.
 */
import {
  test,
  expect,
  createVerifiedAccount,
  signIn,
  completeProfile,
  freshEmail,
  expectNoSeriousA11yViolations,
} from './fixtures.ts';

test.use({ timezoneId: 'Asia/Kolkata' });

/** Tomorrow at 10:00 in the browser's (the institute's) time zone, as a datetime-local value. */
function tomorrowAtTen(): string {
  const d = new Date(Date.now() + 86_400_000);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(d);
  return `${day}T10:00`;
}

test('a student offers a ride; another finds it by quick filters, joins and cancels; the creator is told', async ({
  studentPage: creator,
  browser,
}, testInfo) => {
  // Two browsers and several axe runs: longer than one journey's default minute on a busy machine.
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const pickup = `Sonepat Railway Station ${stamp}`;
  await completeProfile(creator, 'Riya Sharma');
  await creator.goto('/rides');
  await expect(creator.getByRole('heading', { name: 'Ride Share', level: 1 })).toBeVisible();

  // Offer: the spec's messages first, then a valid ride with a common place as quick pick.
  await creator.getByRole('button', { name: 'Offer Ride' }).first().click();
  const form = creator.getByRole('dialog', { name: 'Offer Ride' });
  await form.getByRole('button', { name: 'Offer Ride' }).click();
  await expect(form.getByText('Pickup location is required')).toBeVisible();
  await expect(form.getByText('Departure time is required')).toBeVisible();
  await expect(form.getByText('Phone number is required')).toBeVisible();
  await form.getByLabel('Pickup location').fill(pickup);
  await form
    .getByRole('group', { name: 'Common drop places' })
    .getByRole('button', { name: 'IIIT Sonepat Campus' })
    .click();
  await expect(form.getByLabel('Drop location')).toHaveValue('IIIT Sonepat Campus');
  await expect(form.getByLabel('Direction')).toHaveValue('toCollege');
  await form.getByLabel('Departure time').fill(tomorrowAtTen());
  await form.getByLabel('Total seats').selectOption('2');
  await form.getByLabel('Estimated total cost (₹, optional)').fill('300');
  await form.getByLabel('Phone number').fill('98123 45678');
  await form.getByLabel('Phone number').fill('98123');
  await form.getByRole('button', { name: 'Offer Ride' }).click();
  await expect(form.getByText('Please enter a valid 10-digit phone number.')).toBeVisible();
  // The form kept everything else.
  await expect(form.getByLabel('Pickup location')).toHaveValue(pickup);
  await form.getByLabel('Phone number').fill('9812345678');
  await form.getByRole('button', { name: 'Offer Ride' }).click();
  await expect(creator.getByText('Ride offered successfully!')).toBeVisible();
  await expect(form).toBeHidden();
  const mine = creator.getByRole('article', { name: new RegExp(pickup) });
  await expect(mine.getByRole('button', { name: /^Edit/ })).toBeVisible();

  // A second student finds it by quick filters and search; the filters live in the URL.
  const riderContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, timezoneId: 'Asia/Kolkata' });
  const rider = await riderContext.newPage();
  await signIn(rider, await createVerifiedAccount(rider.request, freshEmail('rider')));
  await completeProfile(rider, 'Arjun Mehta');
  await rider.goto('/rides');
  await rider.getByRole('button', { name: 'Tomorrow', exact: true }).click();
  await rider.getByRole('button', { name: 'To College', exact: true }).click();
  await rider.getByLabel('Search rides by pickup or drop').fill(stamp);
  await rider.getByLabel('Sort by').selectOption('priceAsc');
  await expect(rider).toHaveURL(/dateRange=tomorrow/);
  await expect(rider).toHaveURL(/direction=toCollege/);
  await expect(rider).toHaveURL(new RegExp(`search=${stamp}`));
  await expect(rider).toHaveURL(/sortBy=priceAsc/);
  const card = rider.getByRole('article', { name: new RegExp(pickup) });
  await expect(card.getByText('2 of 2 seats available')).toBeVisible();
  await expect(card.getByText('₹300 total')).toBeVisible();
  await expect(card.getByText('· ₹100 per head')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(rider.getByRole('button', { name: 'Filters (3)' })).toBeVisible();

  // Filters and sort survive a reload.
  await rider.reload();
  await expect(rider.getByRole('button', { name: 'Tomorrow', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(rider.getByRole('button', { name: 'To College', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(rider.getByLabel('Search rides by pickup or drop')).toHaveValue(stamp);
  await expect(rider.getByLabel('Sort by')).toHaveValue('priceAsc');
  await expect(card).toBeVisible();
  await expectNoSeriousA11yViolations(rider, 'rides-browse');

  // Join: seats drop and the creator's phone appears; then cancel: seats return.
  await card.getByRole('link', { name: /View details/ }).click();
  await expect(rider).toHaveURL(/\/rides\/[0-9a-f-]{36}\?/);
  const detail = rider.getByRole('dialog', { name: new RegExp(pickup) });
  await expect(detail.getByText('Join the ride to see the creator’s phone number.')).toBeVisible();
  await detail.getByRole('button', { name: 'Join Ride' }).click();
  await expect(rider.getByText('You joined the ride!')).toBeVisible();
  await expect(detail.getByText('1 of 2 seats available')).toBeVisible();
  await expect(detail.getByRole('link', { name: 'Call 9812345678' })).toHaveAttribute('href', 'tel:+919812345678');
  await expect(detail.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/919812345678');
  await expect(detail.getByText('Arjun Mehta')).toBeVisible();
  await expectNoSeriousA11yViolations(rider, 'rides-detail-joined');
  await rider.setViewportSize({ width: 360, height: 780 });
  await testInfo.attach('ride-detail-360', { body: await rider.screenshot(), contentType: 'image/png' });
  await rider.setViewportSize({ width: 1280, height: 900 });
  await detail.getByRole('button', { name: 'Cancel Join' }).click();
  await expect(rider.getByText('You left the ride.')).toBeVisible();
  await expect(detail.getByText('2 of 2 seats available')).toBeVisible();
  await rider.keyboard.press('Escape');
  await expect(rider).toHaveURL(/\/rides\?/);
  await expect(card.getByText('2 of 2 seats available')).toBeVisible();

  // The creator sees both notifications in the bell, linking to the ride.
  await creator.reload();
  await creator.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const panel = creator.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('button', { name: new RegExp(`Arjun Mehta joined your ride ${pickup}`) })).toBeVisible();
  await expect(panel.getByRole('button', { name: new RegExp(`Arjun Mehta left your ride ${pickup}`) })).toBeVisible();
  await creator.keyboard.press('Escape');

  // At 360 px the page and the offer form fit and pass axe.
  await creator.setViewportSize({ width: 360, height: 780 });
  await creator.goto('/rides');
  await expect(creator.getByRole('article', { name: new RegExp(pickup) })).toBeVisible();
  expect(await creator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(creator, 'rides-360');
  await testInfo.attach('rides-360', { body: await creator.screenshot({ fullPage: true }), contentType: 'image/png' });
  await creator.getByRole('button', { name: 'Offer Ride' }).first().click();
  await expect(creator.getByRole('dialog', { name: 'Offer Ride' })).toBeVisible();
  await expectNoSeriousA11yViolations(creator, 'rides-offer-form-360');
  await creator.keyboard.press('Escape');

  // Delete asks first; then the ride is gone.
  const own = creator.getByRole('article', { name: new RegExp(pickup) });
  await own.getByRole('button', { name: /^Delete/ }).click();
  const confirm = creator.getByRole('dialog', { name: 'Confirm Delete' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(own).toBeVisible();
  await own.getByRole('button', { name: /^Delete/ }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(creator.getByText('Ride deleted successfully!')).toBeVisible();
  await expect(creator.getByRole('article', { name: new RegExp(pickup) })).toHaveCount(0);
  await riderContext.close();
});
