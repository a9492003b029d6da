/**
 * Reports and moderation through HTTP on a real database: a report and the
 * thanks message, a duplicate (409), own content and own account refused (403), a target one cannot
 * see (404), 400s with the contract's messages; auto-hide at `reportsToHide` (3) different
 * reporters — gone from lists, search, deep links and its photo for others, still shown to the owner (with its
 * `moderation` badge) and admins, the owner told why; admins notified of each report; each admin
 * action (dismiss restores, remove hides for good and tells the owner, deactivate) with its audit
 * row; a student refused on the admin routes (also the matrix rows).
 */
import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES as M } from '@campus/contract/reports';
import { testWorldHooks } from '../../test/helpers.ts';
import { jpeg, multipartForm } from '../../test/multipart.ts';
import { VALID_ITEM } from '../marketplace/marketplace.cases.ts';
import { validRide } from '../rides/rides.cases.ts';

const ADMIN = 'moderator.reports@iiitsonepat.ac.in';
const w = testWorldHooks(['owner', 'a', 'b', 'c', 'admin'], { ADMIN_EMAILS: ADMIN });
const { users } = w;

/** A fresh listing of `owner` named `name`. */
async function listing(name: string): Promise<string> {
  const res = await w.as('owner').post('/api/buy-and-sell/items', { ...VALID_ITEM, item_name: name });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

/** `who` reports the listing `id` for `reason`. */
const report = (who: 'a' | 'b' | 'c' | 'owner' | 'admin', targetId: string, reason = 'scam', targetType = 'listing') =>
  w.as(who).post('/api/reports', { targetType, targetId, reason });

/** The admin queue (pending cases). */
async function queue(query = '') {
  const res = await w.as('admin').get(`/api/admin/reports${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('POST /api/reports', () => {
  it('accepts a report with the thanks message; a second open one is 409; admins are notified', async () => {
    const id = await listing('Reported calculator');
    const res = await report('a', id, 'spam');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: M.thanks });
    const again = await report('a', id, 'scam');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.duplicate);
    const notes = await w.notificationsOf('admin');
    expect(notes.some((n) => n.link === '/admin/reports' && n.message.includes('Reported calculator'))).toBe(true);
  });

  it('refuses own content and own account (403), an unknown target (404) and bad input (400)', async () => {
    const id = await listing('My own lamp');
    expect((await report('owner', id)).json()).toMatchObject({ success: false, message: M.ownContent });
    expect((await report('owner', id)).statusCode).toBe(403);
    const self = await report('a', users.a.userId, 'spam', 'user');
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(M.ownAccount);
    expect((await report('a', '0190f0f0-0000-7000-8000-000000000000')).statusCode).toBe(404);
    const other = await w.as('a').post('/api/reports', { targetType: 'listing', targetId: id, reason: 'other' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(M.detailsRequired);
    const long = await w.as('a').post('/api/reports', {
      targetType: 'listing',
      targetId: id,
      reason: 'other',
      details: 'x'.repeat(501),
    });
    expect(long.json().message).toBe(M.detailsTooLong);
    expect(
      (await w.as('a').post('/api/reports', { targetType: 'post', targetId: id, reason: 'spam' })).json().message,
    ).toBe(M.targetTypeInvalid);
    expect((await w.as('a').post('/api/reports', { targetType: 'listing', targetId: id })).json().message).toBe(
      M.reasonRequired,
    );
    expect(
      (await w.as().post('/api/reports', { targetType: 'listing', targetId: id, reason: 'spam' })).statusCode,
    ).toBe(401);
  });

  it('reports a user and a ride', async () => {
    expect((await report('a', users.owner.userId, 'offensive', 'user')).statusCode).toBe(201);
    const ride = await w.as('owner').post('/api/rides', validRide());
    expect((await report('b', ride.json().data.id, 'spam', 'ride')).statusCode).toBe(201);
  });
});

describe('auto-hide at three reporters', () => {
  it('hides the item from lists, search, deep links and its photo for others, not for the owner and admins', async () => {
    const form = multipartForm({ ...VALID_ITEM, item_name: 'Zebrafish aquarium' }, [
      { field: 'image', filename: 'p.jpg', content: await jpeg(), type: 'image/jpeg' },
    ]);
    const made = await w.as('owner').form('POST', '/api/buy-and-sell/items', form);
    expect(made.statusCode).toBe(201);
    const { id, image_url: photo } = made.json().data as { id: string; image_url: string };
    const photoPath = new URL(photo).pathname;
    expect((await w.as('c').get(photoPath)).statusCode).toBe(200);
    await report('a', id, 'scam');
    await report('b', id, 'prohibited');
    expect((await w.as('c').get(`/api/buy-and-sell/items/${id}`)).statusCode).toBe(200);
    await report('c', id, 'scam');

    const seen = await w.as('c').get(`/api/buy-and-sell/items/${id}`);
    expect(seen.statusCode).toBe(404);
    const browse = await w.as('c').get('/api/buy-and-sell/items?search=Zebrafish');
    expect(browse.json().data).toEqual([]);
    expect((await w.as('c').get(photoPath)).statusCode).toBe(404);
    expect((await w.as('owner').get(photoPath)).statusCode).toBe(200);
    expect((await w.as('admin').get(photoPath)).statusCode).toBe(200);
    const search = await w.as('c').get('/api/search?q=Zebrafish');
    expect(search.statusCode).toBe(200);
    expect(JSON.stringify(search.json().data)).not.toContain(id);

    const own = await w.as('owner').get(`/api/buy-and-sell/items/${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.moderation).toBe('hidden');
    const mine = await w.as('owner').get('/api/buy-and-sell/user-items');
    expect(mine.json().data.find((i: { id: string }) => i.id === id)?.moderation).toBe('hidden');
    expect((await w.as('admin').get(`/api/buy-and-sell/items/${id}`)).statusCode).toBe(200);

    const notes = await w.notificationsOf('owner');
    expect(
      notes.some((n) => n.message === M.noticeHidden('Zebrafish aquarium', 'Prohibited item, Scam or fraud')),
    ).toBe(true);
    const entry = (await queue()).data.find((c: { targetId: string }) => c.targetId === id);
    expect(entry).toMatchObject({
      state: 'hidden',
      openReports: 3,
      title: 'Zebrafish aquarium',
      targetType: 'listing',
    });
    expect(entry.owner.id).toBe(users.owner.userId);
    expect(entry.reports).toHaveLength(3);
  });
});

describe('a hidden ride', () => {
  it("leaves the lists of its riders but stays in its creator's", async () => {
    const made = await w.as('owner').post('/api/rides', validRide());
    const id = made.json().data.id as string;
    expect((await w.as('a').post(`/api/rides/${id}/join`, {})).statusCode).toBe(200);
    const ridesOf = async (who: 'a' | 'owner') =>
      ((await w.as(who).get('/api/rides/user/rides')).json().data as { id: string }[]).map((r) => r.id);
    expect(await ridesOf('a')).toContain(id);
    for (const who of ['a', 'b', 'c'] as const) expect((await report(who, id, 'spam', 'ride')).statusCode).toBe(201);
    expect(await ridesOf('a')).not.toContain(id);
    expect(await ridesOf('owner')).toContain(id);
  });
});

describe('admin actions', () => {
  /** A listing reported by all three students (hidden), and its case id. */
  async function hiddenCase(name: string): Promise<{ id: string; caseId: string }> {
    const id = await listing(name);
    const first = await report('a', id, 'spam');
    await report('b', id, 'spam');
    await report('c', id, 'scam');
    return { id, caseId: first.json().data.caseId };
  }

  it('dismiss restores a hidden item, closes the case and writes the audit row', async () => {
    const { id, caseId } = await hiddenCase('Dismissed kettle');
    const res = await w.as('admin').post(`/api/admin/reports/${caseId}/resolve`, { action: 'dismiss', note: 'Fine' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.dismissed);
    expect(res.json().data).toMatchObject({ state: 'dismissed', openReports: 0 });
    expect(res.json().data.actions).toMatchObject([
      { action: 'dismiss', note: 'Fine', admin: { id: users.admin.userId } },
    ]);
    expect((await w.as('c').get(`/api/buy-and-sell/items/${id}`)).statusCode).toBe(200);
    expect((await w.notificationsOf('owner')).some((n) => n.message === M.noticeRestored('Dismissed kettle'))).toBe(
      true,
    );
    const again = await w.as('admin').post(`/api/admin/reports/${caseId}/resolve`, { action: 'remove' });
    expect(again.statusCode).toBe(409);
    const closed = await queue('?status=closed');
    expect(closed.data.some((c: { id: string }) => c.id === caseId)).toBe(true);
    expect((await queue()).data.some((c: { id: string }) => c.id === caseId)).toBe(false);
    // A new report after the dismissal opens a new case.
    expect((await report('a', id, 'spam')).json().data.caseId).not.toBe(caseId);
  });

  it('remove hides the item for good and tells the owner the reasons and the note', async () => {
    const id = await listing('Removed phone');
    const { caseId } = (await report('a', id, 'scam')).json().data;
    const res = await w
      .as('admin')
      .post(`/api/admin/reports/${caseId}/resolve`, { action: 'remove', note: 'Stolen goods' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'removed', actions: [{ action: 'remove', note: 'Stolen goods' }] });
    expect((await w.as('b').get(`/api/buy-and-sell/items/${id}`)).statusCode).toBe(404);
    expect((await w.as('b').get('/api/buy-and-sell/items?search=Removed%20phone')).json().data).toEqual([]);
    expect((await w.as('owner').get(`/api/buy-and-sell/items/${id}`)).json().data.moderation).toBe('removed');
    expect(
      (await w.notificationsOf('owner')).some(
        (n) => n.message === M.noticeRemoved('Removed phone', 'Scam or fraud', 'Stolen goods'),
      ),
    ).toBe(true);
    // Nobody else can report it any more.
    expect((await report('b', id)).statusCode).toBe(404);
  });

  it('deactivate uses the admin deactivation; remove on a user is 400', async () => {
    const signed = await w
      .as('b')
      .post('/api/reports', { targetType: 'user', targetId: users.c.userId, reason: 'offensive' });
    const { caseId } = signed.json().data;
    const remove = await w.as('admin').post(`/api/admin/reports/${caseId}/resolve`, { action: 'remove' });
    expect(remove.statusCode).toBe(400);
    expect(remove.json().message).toBe(M.removeUser);
    const res = await w.as('admin').post(`/api/admin/reports/${caseId}/resolve`, { action: 'deactivate' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'deactivated', owner: { deactivated: true } });
    expect((await w.as('c').get('/api/notification')).statusCode).toBe(401);
  });

  it('refuses students (403), unknown cases (404) and bad input (400)', async () => {
    expect((await w.as('a').get('/api/admin/reports')).statusCode).toBe(403);
    expect(
      (await w.as('a').post('/api/admin/reports/0190f0f0-0000-7000-8000-000000000000/resolve', { action: 'dismiss' }))
        .statusCode,
    ).toBe(403);
    const unknown = await w.as('admin').post('/api/admin/reports/0190f0f0-0000-7000-8000-000000000000/resolve', {
      action: 'dismiss',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await w.as('admin').post('/api/admin/reports/not-an-id/resolve', { action: 'dismiss' })).statusCode).toBe(
      404,
    );
    const bad = await w
      .as('admin')
      .post('/api/admin/reports/0190f0f0-0000-7000-8000-000000000000/resolve', { action: 'ban' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.actionInvalid);
    expect((await w.as('admin').get('/api/admin/reports?status=all')).statusCode).toBe(400);
  });
});
