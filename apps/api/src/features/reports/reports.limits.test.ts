/**
 * Reports that one party cannot turn into a weapon (docs/security.md "Reports"), through HTTP on a
 * real database: after an admin restores a listing, the same reporters cannot hide it again; admins
 * hear of a target once, not of every report; an unverified sign-up cannot be reported.
 */
import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES as M } from '@campus/contract/reports';
import { eq } from 'drizzle-orm';
import { users as usersTable } from '../../db/schema/users.ts';
import { instituteEmail, testWorldHooks } from '../../test/helpers.ts';
import { VALID_ITEM } from '../marketplace/marketplace.cases.ts';

const ADMIN = 'moderator.limits@iiitsonepat.ac.in';
const w = testWorldHooks(['owner', 'a', 'b', 'c', 'd', 'viewer', 'admin'], { ADMIN_EMAILS: ADMIN });

/** A fresh listing of `owner` named `name`. */
async function listing(name: string): Promise<string> {
  const res = await w.as('owner').post('/api/buy-and-sell/items', { ...VALID_ITEM, item_name: name });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

const report = (who: 'a' | 'b' | 'c' | 'd', targetId: string, targetType = 'listing') =>
  w.as(who).post('/api/reports', { targetType, targetId, reason: 'scam' });

const visible = async (id: string) => (await w.as('viewer').get(`/api/buy-and-sell/items/${id}`)).statusCode;

describe('reports cannot be turned into a weapon', () => {
  it('after an admin restores a listing, the same three reporters cannot hide it again', async () => {
    const id = await listing('Restored desk lamp');
    let caseId = '';
    for (const who of ['a', 'b', 'c'] as const) {
      const res = await report(who, id);
      expect(res.statusCode, res.body).toBe(201);
      caseId = res.json().data.caseId;
    }
    expect(await visible(id)).toBe(404);
    const restored = await w.as('admin').post(`/api/admin/reports/${caseId}/resolve`, { action: 'dismiss' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await visible(id)).toBe(200);
    for (const who of ['a', 'b', 'c'] as const) expect((await report(who, id)).statusCode).toBe(201);
    expect(await visible(id)).toBe(200);
    // Reporters an admin has not overruled still count: with a new one the case is not hidden
    // yet (one fresh reporter of three), and the earlier three never count again.
    expect((await report('d', id)).statusCode).toBe(201);
    expect(await visible(id)).toBe(200);
  });

  it('admins are told of a target once, however many report it', async () => {
    const id = await listing('Much reported kettle');
    for (const who of ['a', 'b'] as const) expect((await report(who, id)).statusCode).toBe(201);
    const notes = await w.notificationsOf('admin');
    expect(notes.filter((n) => n.link === '/admin/reports' && n.message.includes('Much reported kettle'))).toHaveLength(
      1,
    );
  });

  it('an unverified sign-up cannot be reported (404), so its address never reaches the admin queue', async () => {
    const email = instituteEmail('unverified');
    const signup = await w.t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: { email, password: 'correct horse battery' },
    });
    expect(signup.statusCode).toBe(201);
    const [u] = await w.t.database.db.select({ id: usersTable.id }).from(usersTable).where(eq(usersTable.email, email));
    const res = await report('a', u!.id, 'user');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(M.targetNotFound);
  });
});
