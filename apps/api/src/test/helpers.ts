/**
 * Test helpers (docs/design.md §3 test/): a real app on a real database opened from the migrated template,
 * mail written to a per-app outbox, sign-up/sign-in helpers that go through the HTTP interface, and a
 * test world: named signed-in users whose requests each come from a fresh client IP, and the hooks that
 * open one per test file.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { addDays, todayIn } from '../lib/dates.ts';
import { createPglite, DEFAULT_PG_TIMEOUTS, fromPglite, openPostgres, type Database } from '../db/client.ts';
import { defaultPoolShares } from '../db/pool-groups.ts';
import type { Mailer } from '../lib/mailer.ts';

/**
 * Opens a fresh database (PGlite, or a new PostgreSQL database with TEST_DATABASE_URL, dropped on
 * close): cloned from the run's migrated template, or empty with `{ migrated: false }` (a migration
 * test applies the migrations itself).
 */
export async function openTestDatabase({ migrated = true }: { migrated?: boolean } = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `cc_test_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}${migrated ? ` TEMPLATE ${inject('pgTemplate')}` : ''}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    // A route group waits up to 10 s for its share of the pool here, not 1 s: suites that burst
    // requests at one group on a busy CI machine test other rules. The production share and wait
    // have their own test (time-limits.test.ts "bulkheads").
    const database = await openPostgres(u.toString(), 5, DEFAULT_PG_TIMEOUTS, {
      ...defaultPoolShares(5),
      waitMs: 10_000,
    });
    const close = database.close;
    database.close = async () => {
      await close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
    return database;
  }
  if (!migrated) return fromPglite(await createPglite());
  const tar = await fs.readFile(inject('pgliteTemplate'));
  const client = await createPglite({ loadDataDir: new Blob([tar]) });
  return fromPglite(client);
}

/** Per outbox directory: resolves when the app's after-response jobs (mail) have finished. */
const mailSettled = new Map<string, () => Promise<void>>();

export interface TestApp {
  app: App;
  config: AppConfig;
  database: Database;
  outboxDir: string;
  close(): Promise<void>;
}

/**
 * Builds an app on a fresh test database; `env` overrides configuration variables, `opts.mailer`
 * replaces the outbox transport and `opts.configure` may change the parsed configuration before
 * the app is built (e.g. shorter time-outs).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { mailer?: Mailer; configure?: (config: AppConfig) => void } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', ...env });
  // The suites' institute is in term: one running from 60 days before today to 60 days after
  // (the timetable routes answer only in a term; docs/attendance-outlook.md).
  if (!env.INSTITUTE_CONFIG) {
    const today = todayIn(config.institute.timezone);
    config.institute.terms = [{ name: 'Test term', start: addDays(today, -60), end: addDays(today, 60) }];
  }
  opts.configure?.(config);
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, logger: false, mailer: opts.mailer });
  await app.ready();
  const outboxDir = path.join(dataDir, 'outbox');
  mailSettled.set(outboxDir, () => app.ctx.background.idle());
  return {
    app,
    config,
    database,
    outboxDir,
    async close() {
      mailSettled.delete(outboxDir);
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A fresh, valid institute address, e.g. `riya.20230042@iiitsonepat.ac.in` (unique per process). */
export function instituteEmail(name = 'student'): string {
  counter += 1;
  return `${name}.2023${String(counter).padStart(4, '0')}@iiitsonepat.ac.in`;
}

/**
 * Lists the outbox mails to `email`, oldest first, after the app's queued mail has been sent (mail
 * goes out after the response).
 */
export async function outboxFiles(outboxDir: string, email: string): Promise<string[]> {
  await mailSettled.get(outboxDir)?.();
  return (await fs.readdir(outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith(`${email}.eml`)).sort();
}

/** Reads the newest outbox mail to `email` and returns the token of its link (`verify-email` or `reset-password`). */
export async function tokenFromOutbox(
  outboxDir: string,
  email: string,
  kind: 'verify-email' | 'reset-password',
): Promise<string> {
  const files = await outboxFiles(outboxDir, email);
  for (const file of files.reverse()) {
    const text = (await fs.readFile(path.join(outboxDir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const m = new RegExp(`/${kind}\\?token=([A-Za-z0-9_-]+)`).exec(text);
    if (m) return m[1]!;
  }
  throw new Error(`No ${kind} mail for ${email}`);
}

/** The `cc_session=…` cookie pair from a response, for the next request's `cookie` header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'cc_session');
  if (!c) throw new Error(`No session cookie (status ${res.statusCode}: ${res.body})`);
  return `cc_session=${c.value}`;
}

/**
 * Signs up (from a client IP of its own, as students sign up from their own phones: the per-address
 * sign-up ceiling is for real clients), verifies through the e-mailed link and logs in; returns
 * the user id and cookie.
 */
export async function signUpAndLogin(
  t: TestApp,
  opts: { email?: string; password?: string } = {},
): Promise<{ email: string; password: string; cookie: string; userId: string }> {
  const email = opts.email ?? instituteEmail();
  const password = opts.password ?? 'correct horse battery';
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/users/signup',
    payload: { email, password },
    remoteAddress: nextClientIp(),
  });
  if (signup.statusCode !== 201) throw new Error(`signup ${signup.statusCode}: ${signup.body}`);
  const token = await tokenFromOutbox(t.outboxDir, email, 'verify-email');
  const verify = await t.app.inject({ method: 'POST', url: '/api/users/verify-email', payload: { token, password } });
  if (verify.statusCode !== 200) throw new Error(`verify ${verify.statusCode}: ${verify.body}`);
  const login = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  return { email, password, cookie: sessionCookie(login), userId: login.json().data.user.id };
}

/** A signed-up, verified and signed-in test user (see {@link signUpAndLogin}). */
export type SignedIn = Awaited<ReturnType<typeof signUpAndLogin>>;

/** HTTP methods the feature tests send. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Injects `method url` with the session `cookie` (if any) and a multipart body (`multipartForm`). */
export function sendForm(
  t: TestApp,
  method: Method,
  url: string,
  cookie?: string,
  form?: { payload: Buffer; headers: Record<string, string> },
) {
  return t.app.inject({
    method,
    url,
    payload: form?.payload,
    headers: { ...form?.headers, ...(cookie && { cookie }) },
  });
}

/** Injects `method url` with the session `cookie` (if any) and an optional JSON body. */
export function sendJson(t: TestApp, method: Method, url: string, cookie?: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

/** Client IPs handed out so far. */
let clientIps = 1;

/**
 * A client IP no request used before (`X-Forwarded-For`; an app built with `TRUST_PROXY:
 * '127.0.0.1'` reads it, others ignore it), so set-ups and generated requests never meet a per-IP
 * ceiling meant for real clients.
 */
export function nextClientIp(): string {
  const n = clientIps++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** A multipart body as `multipartForm` (test/multipart.ts) builds it. */
export interface MultipartBody {
  payload: Buffer;
  headers: Record<string, string>;
}

/** Requests as one caller (their session cookie, none for a guest), each from a fresh client IP. */
export interface Client {
  /** `method url` with an optional JSON body. */
  send(method: Method, url: string, payload?: object): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: object): Promise<LightMyRequestResponse>;
  put(url: string, payload?: object): Promise<LightMyRequestResponse>;
  delete(url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** `method url` with a multipart body (`multipartForm`). */
  form(method: Method, url: string, form: MultipartBody): Promise<LightMyRequestResponse>;
}

/** A {@link Client} of `t` sending `who`'s session cookie (a guest when `who` is undefined). */
export function clientOf(t: TestApp, who?: SignedIn): Client {
  const headers = (extra: Record<string, string> = {}) => ({
    ...extra,
    'x-forwarded-for': nextClientIp(),
    ...(who && { cookie: who.cookie }),
  });
  const send = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: headers() });
  return {
    send,
    get: (url) => send('GET', url),
    post: (url, payload) => send('POST', url, payload),
    put: (url, payload) => send('PUT', url, payload),
    delete: (url, payload) => send('DELETE', url, payload),
    form: (method, url, form) => t.app.inject({ method, url, payload: form.payload, headers: headers(form.headers) }),
  };
}

/** A notification as a test reads it from `GET /api/notification`. */
export interface NotificationSeen {
  message: string;
  type: string;
  link: string | null;
}

/** Named signed-in users of one test app, and requests as each of them. */
export interface TestWorld<N extends string> {
  t: TestApp;
  users: Record<N, SignedIn>;
  /** Requests as the user named `who` (or any signed-in user; a guest when undefined). */
  as(who?: N | SignedIn): Client;
  /** `who`'s newest notifications (up to 100), newest first. */
  notificationsOf(who: N | SignedIn): Promise<NotificationSeen[]>;
}

/**
 * Signs up, verifies and signs in one user per name, in order, on `t`; the user named `admin` gets
 * the app's first ADMIN_EMAILS address (throws when the app has none).
 */
export async function world<N extends string>(t: TestApp, names: readonly N[]): Promise<TestWorld<N>> {
  const users = {} as Record<N, SignedIn>;
  for (const name of names) {
    if (name !== 'admin') users[name] = await signUpAndLogin(t);
    else if (t.config.adminEmails[0]) users[name] = await signUpAndLogin(t, { email: t.config.adminEmails[0] });
    else throw new Error('world: a user named admin needs ADMIN_EMAILS');
  }
  const user = (who: N | SignedIn) => (typeof who === 'string' ? users[who] : who);
  const as = (who?: N | SignedIn) => clientOf(t, who === undefined ? undefined : user(who));
  return {
    t,
    users,
    as,
    async notificationsOf(who) {
      return (await as(who).get('/api/notification?limit=100')).json().data;
    },
  };
}

/** A {@link TestWorld} opened by {@link testWorldHooks}, with `t`-bound multipart and JSON senders. */
export interface WorldHooks<N extends string> extends TestWorld<N> {
  /** {@link sendForm} on `t`: `method url` with the session `cookie` (if any) and a multipart body. */
  send(method: Method, url: string, cookie?: string, form?: MultipartBody): Promise<LightMyRequestResponse>;
  /** {@link sendJson} on `t`: `method url` with the session `cookie` (if any) and a JSON body. */
  json(method: Method, url: string, cookie?: string, payload?: object): Promise<LightMyRequestResponse>;
}

/**
 * Registers the test file's `beforeAll` (a {@link createTestApp} with `env`, then a {@link world} of
 * `names`) and `afterAll` (closing the app), and returns the world at once. `t` and each user are
 * placeholders filled in place by `beforeAll`, so a file may destructure them at the top
 * (`const { t, users: { owner, admin }, send } = testWorldHooks(['owner', 'admin'], { ADMIN_EMAILS })`)
 * and read them inside its tests and hooks; before `beforeAll` has run they are empty. A later
 * `beforeAll` of the file runs after this one.
 */
export function testWorldHooks<N extends string>(names: readonly N[], env: Record<string, string> = {}): WorldHooks<N> {
  const t = {} as TestApp;
  const users = Object.fromEntries(names.map((name) => [name, {}])) as Record<N, SignedIn>;
  let app: TestApp | undefined;
  let opened: TestWorld<N> | undefined;
  const opening = () => {
    if (!opened) throw new Error('testWorldHooks: the world is read before beforeAll opened it');
    return opened;
  };
  beforeAll(async () => {
    app = await createTestApp(env);
    Object.assign(t, app);
    opened = await world(t, names);
    for (const name of names) Object.assign(users[name], opened.users[name]);
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    t,
    users,
    as: (who) => opening().as(who),
    notificationsOf: (who) => opening().notificationsOf(who),
    send: (method, url, cookie, form) => sendForm(t, method, url, cookie, form),
    json: (method, url, cookie, payload) => sendJson(t, method, url, cookie, payload),
  };
}
