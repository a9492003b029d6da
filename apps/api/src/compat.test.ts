/**
 * The spec's original client on our API: what that client sends and expects works —
 * a departure without an offset read in the institute's time zone; lists asked for without `page`
 * and `limit` answer every row up to 100 (rides 50); cross-site cookies behind a switch.
 */
import { describe, expect, it } from 'vitest';
import { RIDE_MESSAGES } from '@campus/contract/rides';
import { UNPAGED_LIMIT } from '@campus/contract/envelope';
import { RIDES_UNPAGED_LIMIT } from '@campus/contract/rides';
import { VALID_ITEM } from './features/marketplace/marketplace.cases.ts';
import { validRide } from './features/rides/rides.cases.ts';
import { withZoneOffset } from './lib/dates.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createTestApp, signUpAndLogin, testWorldHooks, world } from './test/helpers.ts';

const w = testWorldHooks(['student'], { TRUST_PROXY: '127.0.0.1' });
const { t } = w;

/** `yyyy-MM-ddTHH:mm` of the instant `ms` in Asia/Kolkata (UTC+05:30, no daylight saving). */
const kolkataLocal = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 16);

describe('date-times without an offset', () => {
  it('reads a datetime-local value in the institute time zone; impossible or other values are left to the schema', () => {
    expect(withZoneOffset('2026-11-27T10:30', 'Asia/Kolkata')).toBe('2026-11-27T05:00:00.000Z');
    expect(withZoneOffset('2026-11-27T10:30:15.5', 'Asia/Kolkata')).toBe('2026-11-27T05:00:15.500Z');
    expect(withZoneOffset('2026-02-30T10:30', 'Asia/Kolkata')).toBe('Invalid Date');
    expect(withZoneOffset('2026-11-27T24:30', 'Asia/Kolkata')).toBe('Invalid Date');
    expect(withZoneOffset('2026-11-27T10:30+05:30', 'Asia/Kolkata')).toBe('2026-11-27T10:30+05:30');
    expect(withZoneOffset(42, 'Asia/Kolkata')).toBe(42);
  });

  it('an offset-less departure is stored as that wall-clock time in the institute zone (201), JSON and multipart', async () => {
    const at = Math.floor((Date.now() + 2 * 86_400_000) / 60_000) * 60_000;
    const res = await w.as('student').post('/api/rides', { ...validRide(), departureDateTime: kolkataLocal(at) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.departureDateTime).toBe(new Date(at).toISOString());

    const edit = await w.as('student').put(`/api/rides/${res.json().data.id}`, {
      departureDateTime: kolkataLocal(at + 3_600_000),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.departureDateTime).toBe(new Date(at + 3_600_000).toISOString());

    // With an offset it works as before.
    const withOffset = await w.as('student').post('/api/rides', validRide());
    expect(withOffset.statusCode).toBe(201);
  });

  it('still refuses an offset-less departure in the past, too far ahead, or impossible', async () => {
    const past = await w.as('student').post('/api/rides', {
      ...validRide(),
      departureDateTime: kolkataLocal(Date.now() - 3_600_000),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(RIDE_MESSAGES.departurePast);
    const far = await w.as('student').post('/api/rides', {
      ...validRide(),
      departureDateTime: kolkataLocal(Date.now() + 400 * 86_400_000),
    });
    expect(far.json().message).toBe(RIDE_MESSAGES.departureTooFar);
    const impossible = await w
      .as('student')
      .post('/api/rides', { ...validRide(), departureDateTime: '2027-02-30T10:30' });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().message).toBe(RIDE_MESSAGES.departureInvalid);
  });
});

describe('lists without page and limit', () => {
  it('answer up to 100 rows with the pagination block; with page or limit they page as before', async () => {
    const seller = (await world(t, ['seller'])).users.seller;
    for (let i = 0; i < 25; i++) {
      const res = await w.as(seller).post('/api/buy-and-sell/items', { ...VALID_ITEM, item_name: `Item ${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const all = await w.as('student').get('/api/buy-and-sell/items');
    expect(all.json().data).toHaveLength(25);
    expect(all.json().pagination).toEqual({ page: 1, limit: UNPAGED_LIMIT, total: 25 });
    const mine = await w.as(seller).get('/api/buy-and-sell/user-items');
    expect(mine.json().data).toHaveLength(25);
    const paged = await w.as('student').get('/api/buy-and-sell/items?page=1');
    expect(paged.json().data).toHaveLength(20);
    expect(paged.json().pagination).toEqual({ page: 1, limit: 20, total: 25 });
    const limited = await w.as('student').get('/api/buy-and-sell/items?limit=5');
    expect(limited.json().data).toHaveLength(5);
  });

  it('rides answer up to 50', async () => {
    const driver = (await world(t, ['driver'])).users.driver;
    const before = (await w.as('student').get('/api/rides?limit=1')).json().pagination.total as number;
    for (let i = before; i < RIDES_UNPAGED_LIMIT + 5; i++) {
      const res = await w.as(driver).post('/api/rides', validRide(2 + (i % 20)));
      expect(res.statusCode, res.body).toBe(201);
    }
    const all = await w.as('student').get('/api/rides');
    expect(all.json().data).toHaveLength(RIDES_UNPAGED_LIMIT);
    expect(all.json().pagination).toMatchObject({
      page: 1,
      limit: RIDES_UNPAGED_LIMIT,
      total: RIDES_UNPAGED_LIMIT + 5,
    });
  });
});

describe('cross-site cookies, opt-in', () => {
  it('are refused at start without an https APP_URL, and say why', () => {
    expect(() => loadConfig({ CROSS_SITE_COOKIES: 'true', APP_URL: 'http://campus.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ CROSS_SITE_COOKIES: 'true', APP_URL: 'http://campus.example' })).toThrow(/https APP_URL/);
    // Partitioned (CHIPS): browsers that block third-party cookies keep a partitioned one.
    expect(loadConfig({ CROSS_SITE_COOKIES: 'true', APP_URL: 'https://campus.example' }).cookies).toEqual({
      sameSite: 'none',
      secure: true,
      partitioned: true,
    });
    expect(loadConfig({ APP_URL: 'http://localhost:3000' }).cookies).toEqual({ sameSite: 'lax', secure: false });
  });

  it('set SameSite=None; Secure on the session and device cookies; the Origin check stays as strict', async () => {
    const setCookies = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie']].flat().join('\n');
    const plain = await signUpAndLogin(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: plain.email, password: plain.password },
    });
    expect(setCookies(login)).toMatch(/cc_session=[^;]+;.*SameSite=Lax/);
    expect(setCookies(login)).not.toMatch(/Secure/);

    const cross = await createTestApp({
      APP_URL: 'https://campus.example',
      CROSS_SITE_COOKIES: 'true',
      CORS_ORIGINS: 'https://client.example',
    });
    try {
      const student = await signUpAndLogin(cross);
      const again = await cross.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: student.email, password: student.password },
      });
      const cookies = setCookies(again);
      expect(cookies).toMatch(/cc_session=[^;]+;.*SameSite=None/);
      expect(cookies).toMatch(/cc_session=[^\n]*Secure/);
      expect(cookies).toMatch(/cc_device=[^\n]*SameSite=None/);
      const write = (origin: string) =>
        cross.app.inject({
          method: 'PUT',
          url: '/api/users/update',
          headers: { cookie: student.cookie, origin },
          payload: { name: 'Cross Site' },
        });
      expect((await write('https://client.example')).statusCode).toBe(200);
      expect((await write('https://evil.example')).statusCode).toBe(403);
    } finally {
      await cross.close();
    }
  });
});
