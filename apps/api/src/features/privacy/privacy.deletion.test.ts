/**
 * Closing an account within its grace (docs/privacy.md "Delete my account"): it closes at once —
 * sessions end, the listing is hidden, riders of its ride are told, its seat is released, its
 * pending request withdrawn; signing in shows the erasure date; "Keep my account" brings everything
 * back. An administrator closes an account the same way, named on the closure; reactivating it
 * keeps it; both go to the audit trail.
 */
import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { DELETION_MESSAGES } from '@campus/contract/privacy';
import { accountAudit, accountClosures } from '../../db/schema/privacy.ts';
import { signUpAndLogin, testWorldHooks } from '../../test/helpers.ts';
import { VALID_ITEM } from '../marketplace/marketplace.cases.ts';
import { validRide } from '../rides/rides.cases.ts';

const ADMIN = 'dean.privacy@iiitsonepat.ac.in';
const w = testWorldHooks(['leaving', 'rider', 'driver', 'admin'], { TRUST_PROXY: '127.0.0.1', ADMIN_EMAILS: ADMIN });
const {
  t,
  users: { leaving, rider, driver, admin },
} = w;

const login = (email: string, password: string) => w.as().post('/api/users/login', { email, password });

describe('closing an account', () => {
  it('closes at once, shows the erasure date on sign-in, and Keep my account restores it', async () => {
    const item = await w.as(leaving).post('/api/buy-and-sell/items', VALID_ITEM);
    const itemId = item.json().data.id;
    const mine = await w.as(leaving).post('/api/rides', validRide());
    const myRide = mine.json().data.id;
    expect((await w.as(rider).post(`/api/rides/${myRide}/join`)).statusCode).toBe(200);
    const theirs = await w.as(driver).post('/api/rides', { ...validRide(), totalSeats: 2 });
    const theirRide = theirs.json().data.id;
    expect((await w.as(leaving).post(`/api/rides/${theirRide}/join`)).statusCode).toBe(200);
    const skill = await w.as(driver).post('/api/skill-exchange/add-skill', { skillName: 'Tabla', type: 'teach' });
    const request = await w.as(leaving).post('/api/skill-exchange/request', {
      recipientId: driver.userId,
      skillId: skill.json().userSkill.skillId,
    });
    expect(request.statusCode, request.body).toBe(201);

    const res = await w
      .as(leaving)
      .post('/api/users/me/deletion', { password: leaving.password, confirmation: 'DELETE' });
    expect(res.statusCode, res.body).toBe(200);
    const eraseAfter = new Date(res.json().data.eraseAfter);
    expect(eraseAfter.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);

    expect((await w.as(leaving).get('/api/users/current')).statusCode).toBe(401);
    expect((await w.as(rider).get(`/api/buy-and-sell/items/${itemId}`)).statusCode).toBe(404);
    expect((await w.as(rider).get(`/api/rides/${myRide}`)).statusCode).toBe(404);
    expect((await w.notificationsOf(rider)).map((n) => n.message).join('\n')).toMatch(/you joined was cancelled/);
    expect((await w.as(driver).get(`/api/rides/${theirRide}`)).json().data.availableSeats).toBe(2);
    const inbox = await w.as(driver).get('/api/skill-exchange/requests?box=received');
    expect(inbox.json().data.filter((r: { status: string }) => r.status === 'pending')).toEqual([]);

    const signIn = await login(leaving.email, leaving.password);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toMatch(/^This account is closed and will be erased on \d{1,2} \w{3} \d{4}\.$/);
    expect(signIn.json().errors).toEqual({ erasure: eraseAfter.toISOString() });
    expect((await login(leaving.email, 'wrong password')).statusCode).toBe(401);

    const wrong = await w.as().delete('/api/users/me/deletion', { email: leaving.email, password: 'wrong password' });
    expect(wrong.statusCode).toBe(400);
    const keep = await w.as().delete('/api/users/me/deletion', { email: leaving.email, password: leaving.password });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json().message).toBe(DELETION_MESSAGES.kept);
    expect((await login(leaving.email, leaving.password)).statusCode).toBe(200);
    expect((await w.as(rider).get(`/api/buy-and-sell/items/${itemId}`)).statusCode).toBe(200);
    expect((await w.as(rider).get(`/api/rides/${myRide}`)).statusCode).toBe(200);
  });

  it('lets an administrator close an account, named on the closure', async () => {
    const student = await signUpAndLogin(t);
    expect((await w.as(rider).post(`/api/users/admin/users/${student.userId}/close`)).statusCode).toBe(403);
    const res = await w.as(admin).post(`/api/users/admin/users/${student.userId}/close`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(DELETION_MESSAGES.adminClosed);
    const [closure] = await t.app.ctx.db
      .select()
      .from(accountClosures)
      .where(eq(accountClosures.userId, student.userId));
    expect(closure).toMatchObject({ closedBy: admin.userId });
    expect((await login(student.email, student.password)).statusCode).toBe(403);

    // Reactivating it keeps it: the closure goes, so nothing erases it, and the student signs in.
    const back = await w.as(admin).post(`/api/users/admin/users/${student.userId}/reactivate`);
    expect(back.statusCode, back.body).toBe(200);
    expect(await t.app.ctx.db.select().from(accountClosures).where(eq(accountClosures.userId, student.userId))).toEqual(
      [],
    );
    expect((await login(student.email, student.password)).statusCode).toBe(200);
    const trail = await t.app.ctx.db
      .select({ adminId: accountAudit.adminId, action: accountAudit.action })
      .from(accountAudit)
      .where(eq(accountAudit.userId, student.userId))
      .orderBy(asc(accountAudit.createdAt), asc(accountAudit.id));
    expect(trail).toEqual([
      { adminId: admin.userId, action: 'close' },
      { adminId: admin.userId, action: 'reactivate' },
    ]);
  });
});
