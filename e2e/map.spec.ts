/**
 * Campus map journey: an administrator imports places from CSV in the admin area (the dry run
 * names the bad line; the fixed file imports) and a bus timetable; the ride form offers the Main Gate;
 * at 360 px campus search finds "LHC" and opens the Lecture Hall Complex on the map; a visitor searches "LHC" on the map, finds the
 * Lecture Hall Complex and opens it on the map (details, "Directions" as a geo: link, the
 * interactive map; the server's page shows the place without JavaScript too); the campus bus stop
 * shows its next departures with a live "in N min", and offline the list and the bus times still show;
 * pinned, its next bus shows on the home dashboard. Axe finds no serious or critical
 * violations on the admin tab, /map and /map/:slug. A signed-in student opening five other pages
 * requests no part of the map's library; /map does.
 */
import { test, expect, expectNoSeriousA11yViolations } from './fixtures.ts';

test.use({ timezoneId: 'Asia/Kolkata' });

const HEADER = 'slug,name,category,lat,lng,aliases,description,hours,floor';
const ROWS = [
  'lecture-hall-complex,Lecture Hall Complex,academic,28.9441,77.1012,LHC|Lecture Halls,Ten lecture halls,Mon-Sat 08:00-20:00,LH-1 to LH-4 on the ground floor',
  'main-gate,Main Gate,gate,28.9392,77.1010,Gate 1,Security desk,Daily 00:00-24:00,',
  'central-library,Central Library,academic,28.9436,77.1027,Library|CL,Reading halls,Mon-Sat 08:00-24:00; Sun 10:00-18:00,',
  'campus-bus-stop,Campus Bus Stop,transport,28.9415,77.1015,Bus Stop,Buses to the city,,',
  'city-bus-stand,Sonipat City Bus Stand,transport,28.9931,77.0151,Bus Stand,,,',
];
/** A bus every day type at 06:00 and 18:00 (35 minutes to the bus stand), so a next departure always exists. */
const TIMETABLE = [
  'route,stop,day_type,times',
  ...['weekdays', 'saturday', 'sunday', 'holidays'].flatMap((days) => [
    `e2e-city,campus-bus-stop,${days},06:00 18:00`,
    `e2e-city,city-bus-stand,${days},06:35 18:35`,
  ]),
].join('\n');

test('an admin imports places; a visitor finds the LHC on the map at 360 px, also offline', async ({
  adminPage,
  browser,
}) => {
  test.setTimeout(120_000);
  await adminPage.goto('/admin/places');
  const csvBox = adminPage.getByLabel('CSV text');
  await csvBox.fill([HEADER, ROWS[0], ROWS[1].replace(',gate,', ',castle,'), ROWS[2]].join('\n'));
  await adminPage.getByRole('button', { name: 'Check (dry run)' }).click();
  await expect(adminPage.getByText('1 of 3 lines have errors — nothing was saved.')).toBeVisible();
  await expect(adminPage.getByRole('row', { name: /^3 main-gate Error: Category must be one of/ })).toBeVisible();
  // At the top of the page: scrolled, the sticky header covers part of the sidebar's active tab,
  // which axe counts as a small touch target.
  await adminPage.evaluate(() => window.scrollTo(0, 0));
  await expectNoSeriousA11yViolations(adminPage, 'admin-places-dry-run');
  await csvBox.fill([HEADER, ...ROWS].join('\n'));
  await adminPage.getByRole('button', { name: 'Check (dry run)' }).click();
  await expect(adminPage.getByText('5 lines are ready to import.')).toBeVisible();
  await adminPage.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(adminPage.getByText('Saved 5 lines.')).toBeVisible();
  await expect(adminPage.getByRole('listitem').filter({ hasText: 'Lecture Hall Complex' })).toBeVisible();
  await adminPage.getByLabel('Timetable CSV').fill(TIMETABLE);
  await adminPage.getByRole('button', { name: 'Check timetables' }).click();
  await expect(adminPage.getByText('Ready to import: e2e-city (2 stops, 8 trips)')).toBeVisible();
  await adminPage.getByRole('button', { name: 'Import timetables' }).click();
  await expect(adminPage.getByText('Saved: e2e-city (2 stops, 8 trips)')).toBeVisible();
  await expect(adminPage.getByText('Campus Bus Stop → Sonipat City Bus Stand — 2 stops, 8 trips')).toBeVisible();
  await adminPage.evaluate(() => window.scrollTo(0, 0));
  await expectNoSeriousA11yViolations(adminPage, 'admin-places-timetables');

  // The ride form offers the Main Gate as a pickup: a quick pick, and a place of the directory.
  await adminPage.goto('/rides');
  await adminPage.getByRole('button', { name: 'Offer Ride' }).first().click();
  const offer = adminPage.getByRole('dialog', { name: 'Offer Ride' });
  await expect(
    offer.getByRole('group', { name: 'Common pickup places' }).getByRole('button', { name: 'Main Gate' }),
  ).toBeVisible();
  await expect(offer.locator('#ride-place-names option[value="Main Gate"]')).toHaveCount(1);
  await adminPage.keyboard.press('Escape');

  // At 360 px campus search (the header's box) finds "LHC" and opens the Lecture Hall Complex on the map.
  await adminPage.setViewportSize({ width: 360, height: 800 });
  await adminPage.getByRole('button', { name: 'Open search' }).click();
  await adminPage.getByRole('combobox', { name: 'Search' }).fill('LHC');
  await adminPage
    .getByRole('listbox')
    .getByRole('group', { name: 'Campus map' })
    .getByRole('option', { name: /Lecture Hall Complex/ })
    .click();
  await expect(adminPage).toHaveURL(/\/map\/lecture-hall-complex$/);
  await expect(adminPage.getByRole('article', { name: 'Lecture Hall Complex' })).toContainText('Mon-Sat 08:00-20:00');

  // Without JavaScript the server's page already shows the place.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/map/lecture-hall-complex');
  await expect(plain.getByRole('article', { name: 'Lecture Hall Complex' })).toContainText('Mon-Sat 08:00-20:00');
  await noScript.close();

  const phone = await browser.newContext({
    viewport: { width: 360, height: 800 },
    timezoneId: 'Asia/Kolkata',
    serviceWorkers: 'allow',
  });
  const page = await phone.newPage();
  await page.goto('/map');
  await expect(page.getByRole('heading', { name: 'Campus map', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search places' }).fill('LHC');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/map\?q=LHC$/);
  const places = page.getByRole('region', { name: /^Places/ });
  await places.getByRole('link', { name: /Lecture Hall Complex/ }).click();
  await expect(page).toHaveURL(/\/map\/lecture-hall-complex\?q=LHC$/);
  const details = page.getByRole('article', { name: 'Lecture Hall Complex' });
  await expect(details).toContainText('Mon-Sat 08:00-20:00');
  await expect(details).toContainText('LH-1 to LH-4 on the ground floor');
  await expect(details.getByRole('link', { name: 'Directions' })).toHaveAttribute('href', /^geo:28\.9441,77\.1012/);
  await expect(page.getByRole('region', { name: 'Interactive map' }).locator('.leaflet-container')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'map-place-360');

  await page.goto('/map');
  await expect(page.getByRole('region', { name: /^Places/ }).getByRole('link', { name: /Main Gate/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'map-360');

  // Next departures from a stop, with a live "in N min"; offline, the list and the bus times still show.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await page.goto('/map/campus-bus-stop');
  const buses = page.getByRole('region', { name: 'Next departures' });
  await expect(buses.getByRole('listitem').first()).toContainText('Campus Bus Stop → Sonipat City Bus Stand');
  await expect(buses.getByRole('listitem').first()).toContainText(
    /to Sonipat City Bus Stand.*\d{2}:\d{2} (now|in \d+ (h|min))/,
  );
  // The server made this page's reads; the page repeats them through the worker, which keeps them.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const kept = (await (await caches.open('cc-api-read')).keys()).map((r) => new URL(r.url).pathname);
        return ['/api/places', '/api/places/campus-bus-stop', '/api/transport/next'].every((p) => kept.includes(p));
      }),
    )
    .toBe(true);
  await phone.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Campus Bus Stop', level: 2 })).toBeVisible();
  await expect(buses.getByRole('listitem').first()).toContainText('Campus Bus Stop → Sonipat City Bus Stand');
  await expect(
    page.getByRole('region', { name: /^Places/ }).getByRole('link', { name: /Lecture Hall Complex/ }),
  ).toBeVisible();

  // "Pin to home": the home dashboard's Next bus card shows the stop's next bus.
  await phone.setOffline(false);
  await page.getByRole('button', { name: 'Pin to home' }).click();
  await expect(page.getByRole('button', { name: 'Pinned to home' })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/');
  const nextBus = page.getByRole('region', { name: 'Next bus' });
  await expect(nextBus).toContainText('Campus Bus Stop → Sonipat City Bus Stand');
  await expect(nextBus).toContainText(/\d{2}:\d{2} (now|in \d+ (h|min))/);
  await phone.close();
});

test("the map's library (Leaflet, in the campus-map-view chunk) is loaded by /map only", async ({
  studentPage: page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.push(pathname);
  });
  const mapChunk = /^\/assets\/campus-map-view-[\w-]+\.js$/;
  for (const [path, pageChunk] of [
    ['/', 'home-page'],
    ['/rides', 'rides-page'],
    ['/events', 'events-page'],
    ['/mess', 'mess-page'],
    ['/lost-found', 'lost-found-page'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The page's own module is requested with the rest of its start (one preload list): once it is,
    // the page has asked for everything it loads at start.
    await expect.poll(() => scripts.some((s) => s.startsWith(`/assets/${pageChunk}-`)), { message: path }).toBe(true);
  }
  expect(scripts.filter((s) => mapChunk.test(s))).toEqual([]);
  await page.goto('/map');
  await expect(page.getByRole('region', { name: 'Interactive map' }).locator('.leaflet-container')).toBeVisible();
  expect(scripts).toContainEqual(expect.stringMatching(mapChunk));
});
