/**
 * Browser-suite fixtures: accounts created through the real API (sign-up → link from the outbox →
 * verify), and pages already signed in as a student or as an administrator. The page's
 * `request` shares the browser context's cookies, so an API login signs the page in. Also the
 * suite's one axe helper (docs/architecture.md: every page passes axe).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_DATA_DIR, E2E_PORT } from './env.ts';

let counter = 0;
/** A fresh institute address for this run, e.g. `e2e1a2b.20240001@iiitsonepat.ac.in`. */
export function freshEmail(name = 'student'): string {
  counter += 1;
  const run = Date.now().toString(36).slice(-4);
  return `${name}${run}.2024${String(counter).padStart(4, '0')}@iiitsonepat.ac.in`;
}

/**
 * Reads the newest link of `kind` mailed to `email` from the server's outbox (the suite's server,
 * or the one whose data directory is `dataDir`), once at least `atLeast` mails to `email` are there
 * (mail goes out after the response; polls up to 5 s).
 */
export async function linkFromOutbox(
  email: string,
  kind: 'verify-email' | 'reset-password',
  atLeast = 1,
  dataDir = E2E_DATA_DIR,
): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  for (let i = 0; i < 50; i++) {
    const files = (await fs.readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith(`${email}.eml`))
      .sort()
      .reverse();
    if (files.length < atLeast) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    for (const f of files) {
      const text = (await fs.readFile(path.join(dir, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const m = new RegExp(`https?://\\S+/${kind}\\?token=[A-Za-z0-9_-]+(?:&choose=1)?`).exec(text);
      if (m) return m[0];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No ${kind} mail for ${email}`);
}

/**
 * Creates a verified account through the API (sign-up, then the mailed link with the same password;
 * the context is signed out again afterwards); returns its credentials.
 */
export async function createVerifiedAccount(
  request: APIRequestContext,
  givenEmail?: string,
  password = 'e2e-password-1',
) {
  const email = givenEmail ?? freshEmail();
  // Verifying (and the probe below) signs in whoever sends it: a context of its own, so the
  // caller's session (an admin creating a student, say) stays as it was.
  const visitor = await playwrightRequest.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  try {
    // Sign-up answers 201 for a registered address too (no enumeration), so a given
    // address that an earlier test may have made (the shared admin) is recognised by signing in.
    if (givenEmail && (await visitor.post('/api/users/login', { data: { email, password } })).status() === 200)
      return { email, password };
    const signup = await request.post('/api/users/signup', { data: { email, password } });
    expect(signup.status(), await signup.text()).toBe(201);
    const token = new URL(await linkFromOutbox(email, 'verify-email')).searchParams.get('token');
    const verify = await visitor.post('/api/users/verify-email', { data: { token, password } });
    expect(verify.status()).toBe(200);
  } finally {
    await visitor.dispose();
  }
  return { email, password };
}

/** Signs `page` in through the API with the given account. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  const res = await page.request.post('/api/users/login', { data: account });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.user as { id: string; email: string; roles: string[] };
}

/** Completes the profile so the first-login prompt stays away. */
export async function completeProfile(page: Page, name: string) {
  const res = await page.request.put('/api/users/update', {
    data: { name, branch: 'Computer Science Engineering', semester: 'Third', hostel: 'Coho Hostel' },
  });
  expect(res.status()).toBe(200);
}

/** The axe rule sets every page is held to (docs/design.md §9): WCAG 2.2 A and AA plus best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Fails when the page scrolls sideways at the current viewport (docs/design.md §9, mobile first):
 * `document.documentElement.scrollWidth` must not exceed `window.innerWidth`. The failure names
 * both widths and the elements whose right edge passes the viewport (up to 5, innermost first), so
 * the overflowing text or box is easy to find. With `soft`, the test goes on after a failure (the
 * sweep reports every width of a page).
 */
export async function expectNoSidewaysScroll(page: Page, label: string, { soft = false } = {}) {
  const found = await page.evaluate(() => {
    const viewport = window.innerWidth;
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls =
        typeof el.className === 'string' && el.className
          ? `.${el.className.trim().split(/\s+/).slice(0, 3).join('.')}`
          : '';
      return `${el.tagName.toLowerCase()}${id}${cls} (right ${Math.round(el.getBoundingClientRect().right)} px)`;
    };
    // Boxes inside a container that clips or scrolls on its own (a carousel) do not widen the page.
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    const wide = [...document.body.querySelectorAll('*')].filter(
      (el) => el.getBoundingClientRect().right > viewport + 0.5 && !clipped(el),
    );
    const innermost = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      viewport,
      culprits: innermost.slice(0, 5).map(describe),
    };
  });
  (soft ? expect.soft : expect)(
    found.scrollWidth,
    `${label}: the page is ${found.scrollWidth} px wide in a ${found.viewport} px viewport; past its right edge: ${found.culprits.join(', ')}`,
  ).toBeLessThanOrEqual(found.viewport);
}

/**
 * The one accessibility check of the browser suite (docs/design.md §9): runs axe-core on the page
 * once its finite animations have finished and fails listing every serious or critical violation with its targets. Any
 * violation found (minor ones too) is attached to the test as `axe-{label}.json`. It also checks that
 * the page does not scroll sideways at the current viewport ({@link expectNoSidewaysScroll}).
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  // A toast or dialog still fading in has a partial opacity, which axe reads as low contrast: let
  // the short animations (entrances and exits, up to 1 s) finish first, and stay finished for
  // 300 ms (a toast a request's answer brings can mount just after a first calm moment). Spinners
  // (infinite) and a toast's timer bar (as long as the toast stays) are left running.
  await page.evaluate(() => {
    delete (globalThis as { calmSince?: number }).calmSince;
  });
  await page.waitForFunction(
    () => {
      const state = globalThis as { calmSince?: number };
      const calm = document.getAnimations().every((a) => {
        const timing = a.effect?.getComputedTiming();
        return a.playState !== 'running' || Number(timing?.endTime ?? Infinity) > 1000;
      });
      if (!calm) delete state.calmSince;
      else state.calmSince ??= performance.now();
      return calm && performance.now() - state.calmSince! >= 300;
    },
    undefined,
    { timeout: 5000, polling: 50 },
  );
  // Legacy mode runs axe.run in the page itself. The default mode analyses each frame, then opens a
  // blank page, injects axe a second time there and merges the frames' results: about half of each
  // analysis's time in a journey (measured: 7.7 of 16.6 s in mess.spec.ts), for frames our pages do
  // not have (no iframes in apps/web). Same rules, same results.
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().analyze();
  if (results.violations.length) {
    await base.info().attach(`axe-${label}.json`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: 'application/json',
    });
  }
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`),
    `${label}: serious or critical axe violations`,
  ).toEqual([]);
  await expectNoSidewaysScroll(page, label);
}

type Fixtures = {
  /** A page signed in as a fresh student with a complete profile. */
  studentPage: Page;
  /** A page signed in as the suite's administrator (ADMIN_EMAILS). */
  adminPage: Page;
  /**
   * Fails the test on any console error or uncaught page error. Chromium's own "Failed to load
   * resource" lines for expected 4xx answers (e.g. 401 from /current while signed out) are not
   * application errors and are ignored.
   */
  consoleErrors: string[];
};

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
  studentPage: async ({ page }, use) => {
    const account = await createVerifiedAccount(page.request);
    await signIn(page, account);
    await completeProfile(page, 'Test Student');
    await use(page);
  },
  adminPage: async ({ page }, use) => {
    const account = await createVerifiedAccount(page.request, E2E_ADMIN_EMAIL, 'admin-e2e-password');
    await signIn(page, account);
    await completeProfile(page, 'Test Admin');
    await use(page);
  },
});

export { expect };
