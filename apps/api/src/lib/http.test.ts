/**
 * HTTP-level leaks and refusals (§5), through the real app: `Cache-Control: no-store` on
 * API JSON, stored files keep their caching and may be shown by other origins, and oversized or
 * over-long requests answer in the envelope with a message that fits the case.
 */
import path from 'node:path';
import zlib from 'node:zlib';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { FILE_MESSAGES } from '@campus/contract/files';
import { createTestApp, signUpAndLogin, type SignedIn, type TestApp } from '../test/helpers.ts';
import { jpeg, multipartForm } from '../test/multipart.ts';

let t: TestApp;
let user: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUpAndLogin(t);
});
afterAll(async () => {
  await t?.close();
});

describe('caching of API answers', () => {
  it('sends Cache-Control: no-store on API JSON, successes and failures alike', async () => {
    const current = await t.app.inject({ url: '/api/users/current', headers: { cookie: user.cookie } });
    expect(current.statusCode).toBe(200);
    expect(current.headers['cache-control']).toBe('no-store');
    const guest = await t.app.inject('/api/users/current');
    expect(guest.statusCode).toBe(401);
    expect(guest.headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('stored files are revalidated on each use (private, no-cache) and carry CORP cross-origin; other answers stay same-site', async () => {
    const form = multipartForm({}, [{ field: 'avatar', filename: 'a.jpg', content: await jpeg(), type: 'image/jpeg' }]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      payload: form.payload,
      headers: { ...form.headers, cookie: user.cookie },
    });
    expect(up.statusCode).toBe(200);
    const url = new URL(up.json().data.user.avatar).pathname;
    const file = await t.app.inject({ url, headers: { cookie: user.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-cache');
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await t.app.inject(url)).statusCode).toBe(401);
    expect(up.headers['cross-origin-resource-policy']).toBe('same-site');
  });
});

describe('compression of API answers', () => {
  // JSON over 2 KB goes out compressed: brotli (quality 1) for a client
  // that accepts it, else gzip, else plain; each decodes to the same answer.
  it('brotli for a client that accepts it, gzip for one that only takes gzip, plain for one that takes neither', async () => {
    const plain = await t.app.inject({ url: '/api/institute' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(2048);
    const br = await t.app.inject({ url: '/api/institute', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await t.app.inject({ url: '/api/institute', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
  });
});

describe('refusals in the envelope', () => {
  it('a path id over 100 characters answers 414 without echoing the path', async () => {
    const id = 'x'.repeat(101) + 'ECHO';
    for (const url of [`/api/files/${id}`, `/api/buy-and-sell/items/${id}`]) {
      const res = await t.app.inject({ url, headers: { cookie: user.cookie } });
      expect(res.statusCode, url).toBe(414);
      expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.urlTooLong });
      expect(res.body).not.toContain('ECHO');
    }
  });

  it('a JSON body over 1 MB answers 413 with a message about the body, not about images', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: 'p'.repeat(1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.bodyTooLarge });
  });

  it('a multipart form with too many parts answers 413 "too many parts"; a big file keeps the image message', async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 40; i++) many[`field${i}`] = 'x';
    const fields = multipartForm(many);
    const tooManyFields = await t.app.inject({
      method: 'POST',
      url: '/api/buy-and-sell/items',
      payload: fields.payload,
      headers: { ...fields.headers, cookie: user.cookie },
    });
    expect(tooManyFields.statusCode).toBe(413);
    expect(tooManyFields.json()).toEqual({ success: false, message: COMMON_MESSAGES.tooManyParts });

    const image = await jpeg();
    const files = multipartForm({}, [
      { field: 'image', filename: 'a.jpg', content: image, type: 'image/jpeg' },
      { field: 'image', filename: 'b.jpg', content: image, type: 'image/jpeg' },
    ]);
    const tooManyFiles = await t.app.inject({
      method: 'POST',
      url: '/api/buy-and-sell/items',
      payload: files.payload,
      headers: { ...files.headers, cookie: user.cookie },
    });
    expect(tooManyFiles.statusCode).toBe(413);
    expect(tooManyFiles.json().message).toBe(COMMON_MESSAGES.tooManyParts);

    const big = multipartForm({}, [
      {
        field: 'avatar',
        filename: path.basename('big.jpg'),
        content: Buffer.alloc(5 * 1024 * 1024, 1),
        type: 'image/jpeg',
      },
    ]);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/users/avatar',
      payload: big.payload,
      headers: { ...big.headers, cookie: user.cookie },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(FILE_MESSAGES.tooLarge);
  });
});

describe('logs and unexpected errors (ASVS 16.2.5, 16.5.1, 3.4.3)', () => {
  it('an unexpected error answers the generic 500 without details, and the log has no query string', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({ config: t.config, database: t.database, logger: { level: 'info', stream } });
    app.get('/api/test-unexpected', async () => {
      throw new Error('Failed query: select secret\nparams: hunter2');
    });
    try {
      await app.ready();
      const res = await app.inject('/api/test-unexpected?token=SECRET-TOKEN');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.serverError });
      expect(res.headers['content-security-policy']).toContain("base-uri 'none'");
      // A mail link's token in the query string never reaches the log (the SPA page of a link).
      await app.inject('/verify-email?token=SECRET-TOKEN');
      const log = lines.join('');
      expect(log).toContain('Unhandled error');
      expect(log).toContain('/api/test-unexpected');
      expect(log).not.toContain('SECRET-TOKEN');
      expect(log).not.toContain('hunter2');
    } finally {
      await app.close();
    }
  });
});
