/**
 * Authorization-matrix rows of stored files (docs/design.md §6; assembled by
 * `test/route-cases.ts`): the route's own row (a visible listing's photo, for anyone signed in) and
 * one more row per kind of record a file belongs to.
 */
import { sendJson, signUpAndLogin, type SignedIn } from '../../test/helpers.ts';
import { PASSWORD, form, signedIn } from '../../test/case-kit.ts';
import type { RouteCase, World } from '../../test/route-cases.ts';
import { VALID_ITEM } from '../marketplace/marketplace.cases.ts';

/** The row of `/api/files/:id`: the world's listing photo. */
export const FILES_CASES: Record<string, RouteCase> = {
  'GET /api/files/:id': { request: (w) => ({ method: 'GET', url: `/api/files/${w.fileId}` }), expect: signedIn(200) },
};

/** Per world: the `/api/files/…` paths the file access rows use, created once on first use. */
const fileWorlds = new WeakMap<World, Promise<Record<'attachment' | 'avatar' | 'deactivatedPhoto', string>>>();

/**
 * Files of each kind of record, made once per world: an admin's attachment sent
 * to `owner`, `owner`'s avatar, and the listing photo of a seller an admin then deactivated.
 */
function fileWorld(w: World) {
  let made = fileWorlds.get(w);
  if (!made) {
    made = (async () => {
      const path = (url: string) => new URL(url).pathname;
      const send = (who: SignedIn, url: string, f: ReturnType<typeof form>) =>
        w.t.app.inject({ method: 'POST', url, ...f, headers: { ...f.headers, cookie: who.cookie } });
      const note = await send(
        w.admin,
        '/api/notification',
        form({ message: 'ID card', userId: w.owner.userId }, { field: 'file', content: w.png }),
      );
      const avatar = await send(w.owner, '/api/users/avatar', form({}, { field: 'avatar', content: w.png }));
      const seller = await signUpAndLogin(w.t, { password: PASSWORD });
      const item = await send(seller, '/api/buy-and-sell/items', form(VALID_ITEM, { field: 'image', content: w.png }));
      const off = await sendJson(w.t, 'POST', `/api/users/admin/users/${seller.userId}/deactivate`, w.admin.cookie);
      if (note.statusCode !== 201 || avatar.statusCode !== 200 || item.statusCode !== 201 || off.statusCode !== 200)
        throw new Error(`file world: ${note.statusCode} ${avatar.statusCode} ${item.statusCode} ${off.statusCode}`);
      return {
        attachment: path(note.json().data.file_url),
        avatar: path(avatar.json().data.user.avatar),
        deactivatedPhoto: path(item.json().data.image_url),
      };
    })();
    fileWorlds.set(w, made);
  }
  return made;
}

/**
 * More rows for `GET /api/files/:id`, one per kind of record a file belongs to ( * the route's own row covers a visible listing's photo): `owner` is the attachment's recipient and
 * the avatar's user; a file nobody may see answers 404 like an unknown one.
 */
export const FILE_ACCESS_CASES: Record<string, RouteCase> = {
  'a notification attachment (recipient: owner)': {
    request: async (w) => ({ method: 'GET', url: (await fileWorld(w)).attachment }),
    expect: { guest: 401, owner: 200, other: 404, admin: 200, deactivated: 401 },
  },
  'an avatar': {
    request: async (w) => ({ method: 'GET', url: (await fileWorld(w)).avatar }),
    expect: signedIn(200),
  },
  'the listing photo of a deactivated seller': {
    request: async (w) => ({ method: 'GET', url: (await fileWorld(w)).deactivatedPhoto }),
    expect: { guest: 401, owner: 404, other: 404, admin: 200, deactivated: 401 },
  },
  'its thumbnail': {
    request: async (w) => ({ method: 'GET', url: `${(await fileWorld(w)).deactivatedPhoto}?variant=thumb` }),
    expect: { guest: 401, owner: 404, other: 404, admin: 200, deactivated: 401 },
  },
};
