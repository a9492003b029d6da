/**
 * `/metrics` (docs/operations.md "Metrics"): never public — 404 with no token configured, 401
 * without the bearer token or with another one (a signed-in admin included); with it, the
 * Prometheus text that `promtool check metrics` accepts, holding the durations of the requests
 * made, the pool, listener, streams, mail and session-cache figures; and the loopback listener on
 * METRICS_PORT.
 */
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin, type TestApp } from '../test/helpers.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
const promtool = spawnSync('promtool', ['--version']).status === 0;

/** The value of the sample `name{labels}` in exposition `text` (labels as written), or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}${labels} `) || (labels === '' && l.startsWith(`${name} `)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    t = await createTestApp({
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(metricsPort),
      SEARCH_PER_USER_PER_MINUTE: '1',
    });
  });
  afterAll(() => t?.close());

  const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('refuses a request without the token, with another token, and a signed-in admin without it (401)', async () => {
    const admin = await signUpAndLogin(t);
    for (const headers of [{}, { authorization: 'Bearer not-the-token-0123456789abc' }, { cookie: admin.cookie }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('campus_');
    }
  });

  it('counts requests by route pattern and status class, mail, sessions and the pool', async () => {
    const student = await signUpAndLogin(t); // sign-up mail, login
    for (let i = 0; i < 3; i += 1)
      await t.app.inject({ method: 'GET', url: '/api/users/current', headers: { cookie: student.cookie } });
    await t.app.inject({
      method: 'GET',
      url: '/api/buy-and-sell/items/not-an-id',
      headers: { cookie: student.cookie },
    });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(
      sample(
        text,
        'campus_http_request_duration_seconds_count',
        '{method="GET",route="/api/users/current",status_class="2xx"}',
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(
        text,
        'campus_http_request_duration_seconds_count',
        '{method="GET",route="/api/buy-and-sell/items/:id",status_class="4xx"}',
      ),
    ).toBe(1);
    expect(sample(text, 'campus_mail_total', '{result="sent"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'campus_session_cache_lookups_total', '{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'campus_session_cache_hit_ratio')).toBeGreaterThan(0);
    expect(sample(text, 'campus_db_pool_connections', '{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'campus_db_pool_connections', '{state="waiting"}')).toBe(0);
    expect(sample(text, 'campus_listener_up')).toBe(1);
    expect(sample(text, 'campus_listener_reconnects_total')).toBe(0);
    expect(sample(text, 'campus_live_streams_open')).toBe(0);
    expect(sample(text, 'campus_db_time_limit_cancellations_total', '{limit="statement_timeout"}')).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'campus_backup_newest_timestamp_seconds')).toBe(0); // no archive in BACKUP_DIR yet
  });

  it('counts 429s by the limit that refused them', async () => {
    const student = await signUpAndLogin(t);
    const statuses: number[] = [];
    for (let i = 0; i < 2; i += 1)
      statuses.push(
        (await t.app.inject({ method: 'GET', url: '/api/search?q=lamp', headers: { cookie: student.cookie } }))
          .statusCode,
      );
    expect(statuses).toEqual([200, 429]); // SEARCH_PER_USER_PER_MINUTE=1
    expect(sample((await scrape()).body, 'campus_rate_limit_refusals_total', '{limit="GET /api/search"}')).toBe(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'counts statements cancelled by lock_timeout (PostgreSQL: a list behind a locked table)',
    async () => {
      const locked = await createTestApp({ METRICS_TOKEN: TOKEN, LOCK_TIMEOUT_MS: '200' });
      const url = (locked.database.db as unknown as { $client: { options: { connectionString: string } } }).$client
        .options.connectionString;
      const holder = new pg.Client({ connectionString: url });
      try {
        const student = await signUpAndLogin(locked);
        await holder.connect();
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE marketplace_items IN ACCESS EXCLUSIVE MODE');
        const res = await locked.app.inject({
          method: 'GET',
          url: '/api/buy-and-sell/items',
          headers: { cookie: student.cookie },
        });
        await holder.query('ROLLBACK');
        expect(res.statusCode).toBe(503);
        const text = (
          await locked.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
        ).body;
        expect(sample(text, 'campus_db_time_limit_cancellations_total', '{limit="lock_timeout"}')).toBe(1);
        expect(
          sample(
            text,
            'campus_http_request_duration_seconds_count',
            '{method="GET",route="/api/buy-and-sell/items",status_class="5xx"}',
          ),
        ).toBe(1);
      } finally {
        await holder.end().catch(() => undefined);
        await locked.close();
      }
    },
  );

  it.skipIf(!promtool)('passes `promtool check metrics` (Debian package prometheus)', async () => {
    const text = (await scrape()).body;
    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(check.stdout + check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
  if (!promtool) it.todo('promtool check metrics: skipped, `promtool` is not installed (apt-get install prometheus)');

  it('serves the same metrics on METRICS_PORT, bound to 127.0.0.1 only, without a token', async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('campus_http_request_duration_seconds_bucket');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    const external = Object.values((await import('node:os')).networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (external) await expect(fetch(`http://${external.address}:${metricsPort}/metrics`)).rejects.toThrow();
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is not served (404), whatever the caller sends', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('campus_');
  });
});
