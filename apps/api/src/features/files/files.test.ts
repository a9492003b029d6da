/**
 * GET /api/files/{id} through HTTP on a real database: a file is served only to
 * those who may see the record it belongs to — a listing's photo while the listing is visible, an
 * attachment to its recipients and admins, an avatar to anyone signed in — and is revalidated on
 * every use (`private, no-cache` + ETag → 304), so a revoked file stops being served at once.
 */
import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '@campus/contract/files';
import { signUpAndLogin, testWorldHooks, type SignedIn } from '../../test/helpers.ts';
import { jpeg, multipartForm } from '../../test/multipart.ts';
import { VALID_LOST_FOUND } from '../lost-found/lost-found.cases.ts';
import { VALID_ITEM } from '../marketplace/marketplace.cases.ts';
import { validRide } from '../rides/rides.cases.ts';

const ADMIN = 'registrar.files@iiitsonepat.ac.in';
const {
  t,
  users: { owner, other, admin },
  send: sendForm,
  json: sendJson,
} = testWorldHooks(['owner', 'other', 'admin'], { ADMIN_EMAILS: ADMIN });

/** A multipart form of text `fields` with a small JPEG in the file part `field`. */
async function withPhoto(fields: Record<string, string | number>, field = 'image') {
  return multipartForm(fields, [{ field, filename: 'p.jpg', content: await jpeg(), type: 'image/jpeg' }]);
}

/** The `/api/files/…` path of an absolute file URL from a response. */
const pathOf = (url: string) => new URL(url).pathname;

/** GET a file path as `who` (a guest when undefined), with extra headers. */
const fetchFile = (path: string, who?: SignedIn, headers: Record<string, string> = {}) =>
  t.app.inject({ url: path, headers: { ...headers, ...(who && { cookie: who.cookie }) } });

/** Status of `path` for each caller. */
async function statuses(path: string, callers: Record<string, SignedIn | undefined>) {
  const out: Record<string, number> = {};
  for (const [name, who] of Object.entries(callers)) out[name] = (await fetchFile(path, who)).statusCode;
  return out;
}

async function newListing(who: SignedIn): Promise<{ id: string; path: string }> {
  const res = await sendForm('POST', '/api/buy-and-sell/items', who.cookie, await withPhoto(VALID_ITEM));
  expect(res.statusCode).toBe(201);
  return { id: res.json().data.id, path: pathOf(res.json().data.image_url) };
}

describe('listing photos', () => {
  it('are served to anyone signed in, revalidated with the ETag (304), never cached for a year', async () => {
    const { path } = await newListing(owner);
    expect(await statuses(path, { guest: undefined, owner, other, admin })).toEqual({
      guest: 401,
      owner: 200,
      other: 200,
      admin: 200,
    });
    const res = await fetchFile(path, other);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['cache-control']).not.toMatch(/immutable|max-age=31536000|public/);
    expect(res.headers.vary).toBe('Cookie');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await fetchFile(path, other, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const thumb = await fetchFile(`${path}?variant=thumb`, other);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers.etag).toBe(etag.replace(/"$/, '-t"'));
  });

  it('of a deactivated owner answer 404 "File not found." to students (revalidation too), still 200 to admins', async () => {
    const seller = await signUpAndLogin(t);
    const { path } = await newListing(seller);
    const before = await fetchFile(path, other);
    expect(before.statusCode).toBe(200);
    const off = await sendJson('POST', `/api/users/admin/users/${seller.userId}/deactivate`, admin.cookie);
    expect(off.statusCode).toBe(200);
    for (const res of [
      await fetchFile(path, other),
      await fetchFile(path, other, { 'if-none-match': before.headers.etag as string }),
      await fetchFile(`${path}?variant=thumb`, other),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: FILE_MESSAGES.notFound });
    }
    expect((await fetchFile(path, admin)).statusCode).toBe(200);
    await sendJson('POST', `/api/users/admin/users/${seller.userId}/reactivate`, admin.cookie);
    expect((await fetchFile(path, other)).statusCode).toBe(200);
  });

  it('of lost & found reports and rides follow the same rule', async () => {
    const lf = await sendForm(
      'POST',
      '/api/lost-and-found/lost-items',
      owner.cookie,
      await withPhoto(VALID_LOST_FOUND),
    );
    expect(lf.statusCode).toBe(201);
    const ride = await sendForm('POST', '/api/rides', owner.cookie, await withPhoto(validRide()));
    expect(ride.statusCode).toBe(201);
    for (const url of [lf.json().data.image_url, ride.json().data.imageUrl]) {
      expect(url).toBeTruthy();
      expect(await statuses(pathOf(url), { guest: undefined, other, admin })).toEqual({
        guest: 401,
        other: 200,
        admin: 200,
      });
    }
  });

  it('replaced or deleted with their listing answer 404', async () => {
    const { id, path } = await newListing(owner);
    const replaced = await sendForm('PUT', `/api/buy-and-sell/items/${id}`, owner.cookie, await withPhoto({}));
    expect(replaced.statusCode).toBe(200);
    expect((await fetchFile(path, owner)).statusCode).toBe(404);
    const current = pathOf(replaced.json().data.image_url);
    expect((await fetchFile(current, other)).statusCode).toBe(200);
    expect((await sendJson('DELETE', `/api/buy-and-sell/items/${id}`, owner.cookie)).statusCode).toBe(200);
    expect((await fetchFile(current, admin)).statusCode).toBe(404);
  });
});

describe('notification attachments', () => {
  it('are served to the recipient and admins; another student gets 404', async () => {
    const res = await sendForm(
      'POST',
      '/api/notification',
      admin.cookie,
      await withPhoto({ message: 'Your ID card is ready', userId: owner.userId }, 'file'),
    );
    expect(res.statusCode).toBe(201);
    const path = pathOf(res.json().data.file_url);
    expect(await statuses(path, { guest: undefined, recipient: owner, other, admin })).toEqual({
      guest: 401,
      recipient: 200,
      other: 404,
      admin: 200,
    });
    const refused = await fetchFile(path, other);
    expect(refused.json()).toEqual({ success: false, message: FILE_MESSAGES.notFound });
  });

  it('of a broadcast are served to every recipient; a recalled send’s file to no one', async () => {
    const res = await sendForm(
      'POST',
      '/api/notification/broadcast',
      admin.cookie,
      await withPhoto({ message: 'Fest' }, 'file'),
    );
    expect(res.statusCode).toBe(201);
    const send = res.json().data.send;
    const path = pathOf(send.file_url);
    expect(await statuses(path, { owner, other })).toEqual({ owner: 200, other: 200 });
    expect((await sendJson('DELETE', `/api/notification/sends/${send.id}`, admin.cookie)).statusCode).toBe(200);
    expect(await statuses(path, { owner, admin })).toEqual({ owner: 404, admin: 404 });
  });
});

describe('avatars and unknown ids', () => {
  it('an avatar is served to anyone signed in', async () => {
    const res = await sendForm('POST', '/api/users/avatar', owner.cookie, await withPhoto({}, 'avatar'));
    expect(res.statusCode).toBe(200);
    const path = pathOf(res.json().data.user.avatar);
    expect(await statuses(path, { guest: undefined, owner, other, admin })).toEqual({
      guest: 401,
      owner: 200,
      other: 200,
      admin: 200,
    });
  });

  it('an unknown or malformed id answers 404 "File not found."', async () => {
    for (const id of ['0190a0a0-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const res = await fetchFile(`/api/files/${id}`, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: FILE_MESSAGES.notFound });
    }
  });
});
