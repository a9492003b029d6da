/**
 * Deleting an account with ACCOUNT_DELETION_GRACE_DAYS=0 (docs/privacy.md "Delete my account"): the
 * account is erased at once — its photo answers 404, the seats it held are free again, and the
 * address signs up again; the erasure job, run by two instances at once, erases nothing twice.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DELETION_MESSAGES } from '@campus/contract/privacy';
import { accountClosures } from '../../db/schema/privacy.ts';
import { users } from '../../db/schema/users.ts';
import { signUpAndLogin, testWorldHooks } from '../../test/helpers.ts';
import { jpeg, multipartForm } from '../../test/multipart.ts';
import { VALID_ITEM } from '../marketplace/marketplace.cases.ts';
import { validRide } from '../rides/rides.cases.ts';
import { eraseDueAccounts } from './privacy.service.ts';

const w = testWorldHooks(['leaving', 'driver'], { TRUST_PROXY: '127.0.0.1', ACCOUNT_DELETION_GRACE_DAYS: '0' });
const {
  t,
  users: { leaving, driver },
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
