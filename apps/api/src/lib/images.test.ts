/**
 * The image pipeline under load, through POST /api/users/avatar and
 * the marketplace form (POST /api/buy-and-sell/items) on a real database: a header that declares an absurd size — in pixels or in
 * decoded bytes (a 16-bit interlaced PNG) — is refused before decoding; image work is queued fairly
 * per uploader, so a login and another student's small upload still answer while one student's
 * many large uploads run; every 503 carries `Retry-After`.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { FILE_MESSAGES, MAX_DECODED_BYTES, MAX_DEEP_OR_INTERLACED_PIXELS } from '@campus/contract/files';
import { createTestApp, sendForm, signUpAndLogin, type SignedIn, type TestApp } from '../test/helpers.ts';
import { multipartForm } from '../test/multipart.ts';
import { VALID_ITEM } from '../test/route-cases.ts';
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
let other: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUpAndLogin(t);
  other = await signUpAndLogin(t);
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

/** A solid-colour PNG made with sharp: `channels` 3 or 4, `deep` 16 bits per sample, `interlaced` Adam7. */
function solidPng(
  width: number,
  height: number,
  opts: { channels?: 3 | 4; deep?: boolean; interlaced?: boolean } = {},
) {
  let img = sharp({ create: { width, height, channels: opts.channels ?? 3, background: '#3366aa' } });
  if (opts.deep) img = img.toColourspace(opts.channels === 4 ? 'rgba16' : 'rgb16');
  return img.png({ progressive: opts.interlaced ?? false, compressionLevel: 9 }).toBuffer();
}

/** A 4 × 4 PNG: the small upload another student makes while others' large ones run. */
const tinyPng = () => solidPng(4, 4);

/** POSTs a marketplace listing with `image` as `who` (the form route, in `who`'s queue line). */
async function listWithImage(who: SignedIn, image: Buffer) {
  const form = multipartForm(VALID_ITEM, [{ field: 'image', filename: 'p.png', content: image, type: 'image/png' }]);
  return sendForm(t, 'POST', '/api/buy-and-sell/items', who.cookie, form);
}

describe('decoded size', () => {
  it('refuses a 16-bit interlaced 30-megapixel PNG made with sharp from its header; four at once leave another student’s 4×4 upload alone', async () => {
    const bomb = await solidPng(6000, 5000, { deep: true, interlaced: true });
    const meta = await sharp(bomb).metadata();
    expect(meta).toMatchObject({ width: 6000, height: 5000, depth: 'ushort', isProgressive: true });
    expect(6000 * 5000 * 3 * 2).toBeGreaterThan(MAX_DECODED_BYTES); // 180 MB decoded from a small file
    expect(bomb.length).toBeLessThan(1_000_000);
    const [small, ...answers] = await Promise.all([
      tinyPng().then((png) => listWithImage(other, png)),
      ...Array.from({ length: 4 }, () => listWithImage(user, bomb)),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: FILE_MESSAGES.decodedTooLarge,
        errors: { image: FILE_MESSAGES.decodedTooLarge },
      });
    }
    expect(small.statusCode).toBe(201);
  }, 60_000);

  it('refuses an 8-bit RGBA 42-megapixel PNG by its decoded bytes, an interlaced one over the lower pixel cap, and accepts a small 16-bit interlaced one', async () => {
    const rgba = await solidPng(7000, 6000, { channels: 4 });
    expect(7000 * 6000 * 4).toBeGreaterThan(MAX_DECODED_BYTES);
    const byBytes = await listWithImage(user, rgba);
    expect(byBytes.statusCode).toBe(400);
    expect(byBytes.json().message).toBe(FILE_MESSAGES.decodedTooLarge);
    const interlaced = await solidPng(5000, 4000, { interlaced: true }); // 60 MB decoded, 20 MP
    expect(5000 * 4000).toBeGreaterThan(MAX_DEEP_OR_INTERLACED_PIXELS);
    const byPixels = await listWithImage(user, interlaced);
    expect(byPixels.statusCode).toBe(400);
    expect(byPixels.json().message).toBe(FILE_MESSAGES.decodedTooLarge);
    expect((await listWithImage(user, await solidPng(1000, 800, { deep: true, interlaced: true }))).statusCode).toBe(
      201,
    );
  }, 60_000);
});

describe('fair image queue', () => {
  it('one student’s 12 large uploads take at most their own line (the rest 503 with Retry-After); another student’s 4×4 upload answers 201 meanwhile', async () => {
    const large = await solidPng(7000, 7000);
    const finished: string[] = [];
    const heavy = Array.from({ length: 12 }, (_, i) =>
      listWithImage(user, large).then((res) => {
        finished.push(`large ${i}: ${res.statusCode}`);
        return res;
      }),
    );
    const small = await listWithImage(other, await tinyPng());
    finished.push(`small: ${small.statusCode}`);
    expect(small.statusCode).toBe(201);
    const answers = await Promise.all(heavy);
    const created = answers.filter((r) => r.statusCode === 201);
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(created.length).toBe(1 + IMAGE_QUEUE.perUserWaiting);
    expect(busy.length).toBe(12 - created.length);
    for (const res of busy) {
      expect(res.json()).toEqual({
        success: false,
        message: COMMON_MESSAGES.busy,
        errors: { image: COMMON_MESSAGES.busy },
      });
      expect(Number(res.headers['retry-after'])).toBe(IMAGE_QUEUE.retryAfterSeconds);
    }
    // The small upload did not wait for the large student's line: it finished before its last decode.
    const lastLarge = finished.findLastIndex((f) => f.startsWith('large') && f.endsWith(': 201'));
    expect(finished.indexOf('small: 201')).toBeLessThan(lastLarge);
  }, 180_000);
});

describe('image queue', () => {
  it('while maximum-size uploads without an owner (avatars) run, a login answers 200; beyond the shared line uploads get 503 with Retry-After', async () => {
    const max = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const count = IMAGE_QUEUE.concurrency + IMAGE_QUEUE.maxWaiting + 2;
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
    expect(ok.length).toBeGreaterThanOrEqual(1 + IMAGE_QUEUE.perUserWaiting);
    expect(busy.length).toBeGreaterThan(0);
    for (const res of busy) {
      expect(res.json()).toEqual({ success: false, message: COMMON_MESSAGES.busy });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  }, 240_000); // fourteen 49-megapixel decodes: minutes on a loaded 2-core machine
});
