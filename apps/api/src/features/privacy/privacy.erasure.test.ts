/**
 * Deleting an account with ACCOUNT_DELETION_GRACE_DAYS=0 (docs/privacy.md "Delete my account"): the
 * account is erased at once — its photo answers 404, the seats it held are free again, and the
 * address signs up again; the reports it filed and its administrator's audit entries stay, from "a
 * deleted account"; the erasure job, run by two instances at once, erases nothing twice.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DELETED_ACCOUNT, DELETION_MESSAGES } from '@campus/contract/privacy';
import { accountAudit, accountClosures } from '../../db/schema/privacy.ts';
import { users } from '../../db/schema/users.ts';
import { signUpAndLogin, testWorldHooks } from '../../test/helpers.ts';
import { jpeg, multipartForm } from '../../test/multipart.ts';
import { VALID_ITEM } from '../marketplace/marketplace.cases.ts';
import { validRide } from '../rides/rides.cases.ts';
import { eraseDueAccounts } from './privacy.service.ts';

const SECOND_ADMIN = 'second.admin@iiitsonepat.ac.in';
const w = testWorldHooks(['leaving', 'driver', 'admin'], {
  TRUST_PROXY: '127.0.0.1',
  ACCOUNT_DELETION_GRACE_DAYS: '0',
  ADMIN_EMAILS: `erasure.admin@iiitsonepat.ac.in,${SECOND_ADMIN}`,
});
const {
  t,
  users: { leaving, driver, admin },
} = w;

describe('deleting an account with no grace', () => {
  it('erases it at once: the photo is gone, the seats are free, the address signs up again', async () => {
    const item = await w.send(
      'POST',
      '/api/buy-and-sell/items',
      leaving.cookie,
      multipartForm(VALID_ITEM, [{ field: 'image', filename: 'photo.jpg', content: await jpeg() }]),
    );
    expect(item.statusCode, item.body).toBe(201);
    const photoPath = new URL(item.json().data.image_url).pathname;
    expect((await w.as(driver).get(photoPath)).statusCode).toBe(200);
    const ride = await w.as(driver).post('/api/rides', { ...validRide(), totalSeats: 2 });
    const rideId = ride.json().data.id;
    expect((await w.as(leaving).post(`/api/rides/${rideId}/join`)).statusCode).toBe(200);
    expect((await w.as(driver).get(`/api/rides/${rideId}`)).json().data.availableSeats).toBe(1);

    const wrong = await w.as(leaving).post('/api/users/me/deletion', { password: 'nope nope', confirmation: 'DELETE' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: DELETION_MESSAGES.wrongPassword });
    const untyped = await w
      .as(leaving)
      .post('/api/users/me/deletion', { password: leaving.password, confirmation: 'yes' });
    expect(untyped.statusCode).toBe(400);
    expect(untyped.json().message).toBe(DELETION_MESSAGES.confirmationMismatch);

    const res = await w
      .as(leaving)
      .post('/api/users/me/deletion', { password: leaving.password, confirmation: 'DELETE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(DELETION_MESSAGES.closed);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.id, leaving.userId))).toEqual([]);
    expect((await w.as(driver).get(photoPath)).statusCode).toBe(404);
    expect((await w.as(driver).get(`/api/rides/${rideId}`)).json().data.availableSeats).toBe(2);
    expect((await w.as(leaving).get('/api/users/current')).statusCode).toBe(401);
    const again = await signUpAndLogin(t, { email: leaving.email });
    expect(again.userId).not.toBe(leaving.userId);
  });

  it('keeps the reports and audit entries of an erased account, from "a deleted account"', async () => {
    const reporter = await signUpAndLogin(t);
    const moderator = await signUpAndLogin(t, { email: SECOND_ADMIN });
    const item = await w.as(driver).post('/api/buy-and-sell/items', { ...VALID_ITEM, item_name: 'Reported lamp' });
    expect(item.statusCode, item.body).toBe(201);
    const target = { targetType: 'listing', targetId: item.json().data.id };
    const filed = await w.as(reporter).post('/api/reports', { ...target, reason: 'spam', details: 'Posted thrice' });
    expect(filed.statusCode, filed.body).toBe(201);
    const caseId = filed.json().data.caseId;
    const dismissed = await w.as(moderator).post(`/api/admin/reports/${caseId}/resolve`, { action: 'dismiss' });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    // Reported again after the dismissal: a pending case whose report outlives its reporter too.
    const again = await w.as(reporter).post('/api/reports', { ...target, reason: 'scam' });
    expect(again.statusCode, again.body).toBe(201);

    for (const who of [reporter, moderator]) {
      const res = await w.as(who).post('/api/users/me/deletion', { password: who.password, confirmation: 'DELETE' });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await t.app.ctx.db.select().from(users).where(eq(users.id, reporter.userId))).toEqual([]);

    const closed = (await w.as(admin).get('/api/admin/reports?status=closed&type=listing')).json().data;
    const old = closed.find((c: { id: string }) => c.id === caseId);
    expect(old.reports).toEqual([
      expect.objectContaining({
        reason: 'spam',
        details: 'Posted thrice',
        reporter: { id: null, name: DELETED_ACCOUNT },
      }),
    ]);
    expect(old.actions).toEqual([
      expect.objectContaining({ action: 'dismiss', admin: { id: null, name: DELETED_ACCOUNT } }),
    ]);
    const open = (await w.as(admin).get('/api/admin/reports?status=open&type=listing')).json().data;
    const pending = open.find((c: { targetId: string }) => c.targetId === target.targetId);
    expect(pending.reports).toEqual([
      expect.objectContaining({ reason: 'scam', reporter: { id: null, name: DELETED_ACCOUNT } }),
    ]);
    // Fresh reports still count towards hiding beside the erased reporter's dismissed one: three hide it.
    for (let i = 0; i < 3; i++) {
      const fresh = await w.as(await signUpAndLogin(t)).post('/api/reports', { ...target, reason: 'spam' });
      expect(fresh.statusCode, fresh.body).toBe(201);
    }
    const hidden = (await w.as(admin).get('/api/admin/reports?status=open&type=listing')).json().data;
    expect(hidden.find((c: { id: string }) => c.id === pending.id).state).toBe('hidden');
  });

  it("keeps an administrator's closing in the audit trail after the account is erased", async () => {
    const student = await signUpAndLogin(t);
    const res = await w.as(admin).post(`/api/users/admin/users/${student.userId}/close`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.id, student.userId))).toEqual([]);
    const [entry] = await t.app.ctx.db
      .select()
      .from(accountAudit)
      .where(and(eq(accountAudit.adminId, admin.userId), eq(accountAudit.action, 'close')));
    expect(entry).toMatchObject({ userId: null });
  });

  it('erases each due account once when two instances run the job together', async () => {
    const a = await signUpAndLogin(t);
    const b = await signUpAndLogin(t);
    // Closed with a grace that has passed, as the job finds them.
    await t.app.ctx.db.insert(accountClosures).values([
      { userId: a.userId, eraseAfter: new Date(Date.now() - 1000) },
      { userId: b.userId, eraseAfter: new Date(Date.now() - 1000) },
    ]);
    const counts = await Promise.all([eraseDueAccounts(t.app.ctx), eraseDueAccounts(t.app.ctx)]);
    expect(counts[0]! + counts[1]!).toBe(2);
    expect(await eraseDueAccounts(t.app.ctx)).toBe(0);
  });
});
