/**
 * The image pipeline under load (issue 9 §2), through POST /api/users/avatar on a real database:
 * a header that declares an absurd size is refused before decoding, and image work is queued so a
 * login still answers while the server decodes maximum-size images.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { FILE_MESSAGES } from '@campus/contract/files';
import { createTestApp, signUpAndLogin, type SignedIn, type TestApp } from '../test/helpers.ts';
import { multipartForm } from '../test/multipart.ts';
import { IMAGE_QUEUE } from './images.ts';

/** A valid black greyscale PNG of `width` × `height` built by hand (1 × 49,000,000 px → ~95 KB, fast). */
function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (greyscale), no interlace
  const rows = zlib.deflateSync(Buffer.alloc(height * (width + 1)), { level: 9 });
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let t: TestApp;
let user: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUpAndLogin(t);
});
afterAll(async () => {
  await t?.close();
});

const upload = (content: Buffer, cookie = user.cookie) => {
  const form = multipartForm({}, [{ field: 'avatar', filename: 'a.png', content, type: 'image/png' }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/users/avatar',
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });
};

describe('image header checks', () => {
  it('refuses the 1 × 49,000,000 px PNG (95 KB) from its header with 400; four of them leave login alone', async () => {
    const tall = blackPng(1, 49_000_000);
    expect(tall.length).toBeLessThan(200_000);
    const [login, ...answers] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: user.email, password: user.password },
      }),
      ...Array.from({ length: 4 }, () => upload(tall)),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: FILE_MESSAGES.dimensions });
    }
    expect(login.statusCode).toBe(200);
  });

  it('refuses a side over 10,000 px and a ratio over 20:1; accepts 10,000 px at 20:1', async () => {
    for (const [w, h] of [
      [10_001, 600],
      [630, 30],
      [30, 630],
    ] as const) {
      const res = await upload(blackPng(w, h));
      expect(res.statusCode, `${w}×${h}`).toBe(400);
      expect(res.json().message).toBe(FILE_MESSAGES.dimensions);
    }
    expect((await upload(blackPng(10_000, 500))).statusCode).toBe(200);
  });
});

describe('image queue', () => {
  it('while maximum-size uploads run, a login answers 200; beyond the queue uploads get 503 with Retry-After', async () => {
    const max = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const count = IMAGE_QUEUE.concurrency + IMAGE_QUEUE.maxWaiting + 3;
    const uploads = Array.from({ length: count }, () => upload(max));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    const answers = await Promise.all(uploads);
    const ok = answers.filter((r) => r.statusCode === 200);
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(ok.length + busy.length).toBe(count);
    expect(ok.length).toBeGreaterThanOrEqual(4);
    expect(busy.length).toBeGreaterThan(0);
    for (const res of busy) {
      expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.busy });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  }, 180_000); // eight 49-megapixel decodes: minutes on a loaded 2-core machine
});
