/**
 * Server-rendered first screens. With JavaScript disabled, a signed-in student
 * (session cookie from the API login) opens every page the server renders and reads its heading
 * and its first data (a listing title, a lost & found item, the enrolled subjects, today's meals of
 * the mess, the profile name…); an admin reads the admin page; a guest reads the privacy notice (its
 * retention figure and grievance officer) and is sent to /login from a signed-in page with the page
 * in `?from=`, and a signed-in student opening /login lands on /; an unknown path answers 404 with
 * the not-found page. With JavaScript on, opening the same pages hydrates the server's markup without a single
 * hydration warning or CSP violation in the console, and the page stays usable (a client-side
 * navigation works). The first tap at every moment is e2e/first-tap.spec.ts.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { E2E_PORT } from './env.ts';

const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;

/** A listing and a lost & found item made through the API by `page`'s student; their names. */
async function makeFirstData(page: Page) {
  const suffix = Date.now().toString(36);
  const listing = `Casio fx-991EX calculator ${suffix}`;
  const sell = await page.request.post('/api/buy-and-sell/items', {
    multipart: {
      item_name: listing,
      price: '650',
      category: 'Electronics',
      item_condition: 'Good',
      description: 'All functions work.',
      owner_contact: '9123456789',
    },
  });
  expect(sell.status(), await sell.text()).toBe(201);
  const found = `Blue water bottle ${suffix}`;
  const report = await page.request.post('/api/lost-and-found/lost-items', {
    multipart: {
      item_name: found,
      category: 'Accessories',
      location_found: 'Library, 2nd floor',
      owner_contact: '9123456789',
      is_found: 'true',
    },
  });
  expect(report.status(), await report.text()).toBe(201);
  return { listing, found };
}

/** A context with JavaScript disabled and `page`'s cookies (its session). */
async function noScriptContext(browser: Browser, page: Page): Promise<BrowserContext> {
  return browser.newContext({
    javaScriptEnabled: false,
    serviceWorkers: 'block',
    baseURL: E2E_BASE_URL,
    storageState: await page.context().storageState(),
  });
}

test('with JavaScript off, a student reads the first screen of every page', async ({ studentPage, browser }) => {
  const { listing, found } = await makeFirstData(studentPage);
  const context = await noScriptContext(browser, studentPage);
  const page = await context.newPage();
  const h1 = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });

  const home = await page.goto('/');
  expect(home?.status()).toBe(200);
  expect(home?.headers()['cache-control']).toBe('no-store');
  expect(home?.headers()['vary']).toMatch(/Cookie/);
  await expect(h1('Welcome back, Test!')).toBeVisible();
  await expect(page.getByText('Campus Companion needs JavaScript to run.')).toHaveCount(0);

  await page.goto('/marketplace');
  await expect(h1('Marketplace')).toBeVisible();
  await expect(page.getByRole('article', { name: listing })).toBeVisible();
  await expect(page.getByRole('article', { name: listing }).getByText('₹650')).toBeVisible();

  await page.goto('/lost-found');
  await expect(h1('Lost and Found')).toBeVisible();
  await expect(page.getByText(found).first()).toBeVisible();

  await page.goto('/rides');
  await expect(h1('Ride Share')).toBeVisible();
  await expect(page.getByText('Upcoming rides')).toBeVisible();

  // The profile completed by the fixture (Computer Science Engineering, Third) enrolled the
  // student in that semester's subjects.
  await page.goto('/attendance');
  await expect(h1('Attendance Dashboard')).toBeVisible();
  await expect(page.getByText(/^\d+ subjects?$/)).toBeVisible();

  // The fixture's student lives in Coho Hostel: North Mess's meals of today, in order.
  await page.goto('/mess');
  await expect(h1('Mess Menu')).toBeVisible();
  await expect(page.getByText(/^North Mess · \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Today’s meals' }).getByRole('heading', { level: 2 }).first(),
  ).toBeVisible();

  await page.goto('/skill-exchange');
  await expect(h1('Peer-to-Peer Skill Exchange')).toBeVisible();
  await expect(page.getByText('Recommended Matches')).toBeVisible();

  await page.goto('/intern-connect');
  await expect(h1('Internship Finder')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Find Internships' })).toBeVisible();

  await page.goto('/profile');
  await expect(h1('My Profile')).toBeVisible();
  await expect(page.getByText('Test Student').first()).toBeVisible();

  // A signed-in student opening /login goes home; a non-admin opening /admin too.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);

  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(h1("Oops! You've hit a dead end.")).toBeVisible();
  await context.close();
});

test('with JavaScript off, an admin reads the admin page and a guest is sent to sign in', async ({
  adminPage,
  browser,
}) => {
  const context = await noScriptContext(browser, adminPage);
  const page = await context.newPage();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin User Control Center' })).toBeVisible();
  // The first page of users (newest first: the suite's own accounts may have pushed the admin's off it).
  await expect(page.getByText(/@iiitsonepat\.ac\.in$/).first()).toBeVisible();
  await context.close();

  const guest = await browser.newContext({ javaScriptEnabled: false, baseURL: E2E_BASE_URL });
  const guestPage = await guest.newPage();
  const redirect = await guestPage.request.get('/marketplace?category=Books', { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers()['location']).toBe(`/login?from=${encodeURIComponent('/marketplace?category=Books')}`);
  await guestPage.goto('/marketplace?category=Books');
  await expect(guestPage).toHaveURL(/\/login\?from=/);
  await expect(guestPage.getByRole('button', { name: 'Log in' })).toBeVisible();
  // The privacy notice is open: the server renders its figures and the grievance officer.
  const notice = await guestPage.goto('/privacy');
  expect(notice?.status()).toBe(200);
  await expect(guestPage.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  await expect(guestPage.getByText(/180 days after a listing is sold/)).toBeVisible();
  await expect(guestPage.getByRole('link', { name: 'grievance@iiitsonepat.ac.in' })).toBeVisible();
  await guest.close();
});

test('with JavaScript on, every server-rendered page hydrates without a warning or a CSP violation', async ({
  studentPage: page,
}) => {
  await makeFirstData(page);
  const problems: string[] = [];
  // The server knew the session and reached the database: no start-up health or session check.
  // (The profile page itself asks for a fresh /current on mount, behind the server's data.)
  const startChecks: string[] = [];
  let opening = '';
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname === '/api/users/health' || (pathname === '/api/users/current' && opening !== '/profile')) {
      startChecks.push(`${opening}: ${pathname}`);
    }
  });
  page.on('console', (m) => {
    const text = m.text();
    if (/hydrat|did not match|Content Security Policy|Refused to/i.test(text)) problems.push(`${m.type()}: ${text}`);
  });
  for (const path of [
    '/',
    '/marketplace',
    '/lost-found',
    '/rides',
    '/attendance',
    '/mess',
    '/skill-exchange',
    '/intern-connect',
    '/profile',
    '/privacy',
    '/no-such-page',
  ]) {
    opening = path;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Hydrated: the app's own client code has taken over the server's markup.
    await page.waitForFunction(() => {
      const root = document.getElementById('root');
      const hydrated = !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
      return hydrated && document.getElementById('ssr-state') !== null;
    });
    await page.waitForLoadState('networkidle');
  }
  // The hydrated page works: a client-side navigation renders the next page without a reload.
  await page.goto('/marketplace');
  await page.waitForLoadState('networkidle');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rides' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ride Share' })).toBeVisible();
  expect(problems).toEqual([]);
  expect(startChecks).toEqual([]);
});
