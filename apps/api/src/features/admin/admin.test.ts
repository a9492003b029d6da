/**
 * Admin user management through HTTP on a real database: role enforcement on the server
 * (401 guest, 403 non-admin with the spec's message), the all-users list with docs/product-spec.md §5 search and
 * sort applied in SQL, stats, edit with institute-config validation and role rules, deactivation
 * (ends sessions, blocks login) and reactivation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES, type AdminUsersData } from '@campus/contract/admin';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { USER_MESSAGES, type PublicUser } from '@campus/contract/users';
import { users } from '../../db/schema/users.ts';
import { signUpAndLogin, testWorldHooks } from '../../test/helpers.ts';

const DEAN = 'dean@iiitsonepat.ac.in';
const {
  t,
  users: { admin: dean, student },
  json: call,
} = testWorldHooks(['admin', 'student'], { ADMIN_EMAILS: DEAN });

type Method = 'GET' | 'POST' | 'PUT';
const list = async (query: string, cookie = dean.cookie): Promise<AdminUsersData> => {
  const res = await call('GET', `/api/users/admin/all${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const setName = (id: string, name: string | null) => t.database.db.update(users).set({ name }).where(eq(users.id, id));

describe('authorization', () => {
  it('refuses guests with 401 and non-admins with 403 "Permission denied: Admin access required."', async () => {
    const id = student.userId;
    const routes: [Method, string, object?][] = [
      ['GET', '/api/users/admin/all'],
      ['PUT', `/api/users/admin/users/${id}`, { name: 'Hacker' }],
      ['POST', `/api/users/admin/users/${id}/deactivate`],
      ['POST', `/api/users/admin/users/${id}/reactivate`],
    ];
    for (const [method, url, payload] of routes) {
      const guest = await call(method, url, undefined, payload);
      expect(guest.statusCode, `${method} ${url}`).toBe(401);
      const other = await call(method, url, student.cookie, payload);
      expect(other.statusCode, `${method} ${url}`).toBe(403);
      expect(other.json()).toEqual({ success: false, message: COMMON_MESSAGES.adminOnly });
    }
    // Refused before validation: a bad body still answers 403 for a non-admin.
    expect((await call('PUT', `/api/users/admin/users/${id}`, student.cookie, { roles: ['god'] })).statusCode).toBe(
      403,
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row!.name).toBeNull();
    expect(row!.deactivatedAt).toBeNull();
  });

  it('lets a user granted the admin role in the database in (role-based, not e-mail based)', async () => {
    const staff = await signUpAndLogin(t);
    await t.database.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, staff.userId));
    expect((await call('GET', '/api/users/admin/all', staff.cookie)).statusCode).toBe(200);
  });
});

describe('GET /api/users/admin/all', () => {
  let a: Awaited<ReturnType<typeof signUpAndLogin>>;
  let b: Awaited<ReturnType<typeof signUpAndLogin>>;
  let c: Awaited<ReturnType<typeof signUpAndLogin>>;
  beforeAll(async () => {
    a = await signUpAndLogin(t);
    b = await signUpAndLogin(t);
    c = await signUpAndLogin(t);
    await setName(a.userId, 'zoya Khan');
    await setName(b.userId, 'Aarav 100%_Mehta');
    await setName(c.userId, null);
  });

  it('returns data { users, pagination, stats } with the public user shape', async () => {
    const data = await list('');
    expect(Object.keys(data).sort()).toEqual(['pagination', 'stats', 'users']);
    expect(data.pagination).toMatchObject({ page: 1, limit: 100 }); // neither page nor limit sent
    expect(data.stats.total).toBe(data.pagination.total);
    const me = data.users.find((u) => u.id === dean.userId)!;
    expect(me).toMatchObject({ email: DEAN, roles: ['admin'], isActive: true });
    expect(me).not.toHaveProperty('passwordHash');
  });

  it('searches case-insensitively in name, e-mail and id text; empty search shows all', async () => {
    const ids = (d: AdminUsersData) => d.users.map((u) => u.id);
    expect(ids(await list('?search=ZOYA'))).toEqual([a.userId]);
    expect(ids(await list(`?search=${encodeURIComponent(b.email.split('@')[0]!.toUpperCase())}`))).toEqual([b.userId]);
    expect(ids(await list(`?search=${c.userId.slice(-12)}`))).toEqual([c.userId]);
    // %, _ are literal, not wildcards.
    expect(ids(await list(`?search=${encodeURIComponent('100%_')}`))).toEqual([b.userId]);
    expect((await list(`?search=${encodeURIComponent('%')}`)).users.map((u) => u.id)).toEqual([b.userId]);
    expect((await list('?search=nobody-matches-this')).users).toEqual([]);
    const all = await list('?search=&limit=100');
    expect(all.users.length).toBe(all.stats.total);
    const filtered = await list('?search=zoya');
    expect(filtered.pagination.total).toBe(1);
    expect(filtered.stats.total).toBe(all.stats.total);
  });

  it('sorts newest (default), oldest and name (A-Z, a missing name as empty)', async () => {
    const created = (d: AdminUsersData) => d.users.map((u) => Date.parse(u.createdAt));
    const newest = created(await list('?limit=100'));
    expect(newest).toEqual([...newest].sort((x, y) => y - x));
    const oldest = created(await list('?sort=oldest&limit=100'));
    expect(oldest).toEqual([...oldest].sort((x, y) => x - y));
    const byName = (await list('?sort=name&limit=100')).users.map((u: PublicUser) => u.name ?? '');
    expect(byName).toEqual([...byName].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    expect(byName.indexOf('Aarav 100%_Mehta')).toBeLessThan(byName.indexOf('zoya Khan'));
    expect(byName[0]).toBe('');
    const bad = await call('GET', '/api/users/admin/all?sort=random', dean.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ADMIN_MESSAGES.sortInvalid);
  });

  it('pages with bounds and counts New This Week over the last 7 days', async () => {
    const p = await list('?limit=2&page=2');
    expect(p.users).toHaveLength(2);
    expect(p.pagination).toMatchObject({ page: 2, limit: 2 });
    for (const q of ['limit=0', 'limit=101', 'page=0']) {
      expect((await call('GET', `/api/users/admin/all?${q}`, dean.cookie)).statusCode, q).toBe(400);
    }
    const tooLong = await call('GET', `/api/users/admin/all?search=${'x'.repeat(201)}`, dean.cookie);
    expect(tooLong.json().message).toBe(ADMIN_MESSAGES.searchTooLong);
    const before = (await list('')).stats;
    expect(before.newThisWeek).toBe(before.total);
    await t.database.db
      .update(users)
      .set({ createdAt: sql`now() - interval '10 days'` })
      .where(eq(users.id, a.userId));
    await t.database.db
      .update(users)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(users.id, b.userId));
    const after = (await list('')).stats;
    expect(after.total).toBe(before.total);
    expect(after.newThisWeek).toBe(before.total - 1);
  });
});

describe('edit, deactivate, reactivate', () => {
  it('edits name, branch, semester, hostel and roles, validating against the institute config', async () => {
    const s = await signUpAndLogin(t);
    const url = `/api/users/admin/users/${s.userId}`;
    const res = await call('PUT', url, dean.cookie, {
      name: 'Riya Sharma',
      branch: 'Computer Science Engineering',
      semester: 'Third',
      hostel: 'Coho Hostel',
      roles: ['admin'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ADMIN_MESSAGES.userUpdated);
    expect(res.json().data.user).toMatchObject({
      name: 'Riya Sharma',
      branch: 'Computer Science Engineering',
      semester: 'Third',
      hostel: 'Coho Hostel',
      roles: ['admin'],
    });
    expect((await call('GET', '/api/users/admin/all', s.cookie)).statusCode).toBe(200);
    const demote = await call('PUT', url, dean.cookie, { roles: [] });
    expect(demote.json().data.user.roles).toEqual([]);
    expect((await call('GET', '/api/users/admin/all', s.cookie)).statusCode).toBe(403);
    const bad: [object, string][] = [
      [{ branch: 'Astrology' }, USER_MESSAGES.branchInvalid],
      [{ semester: 'Ninth' }, USER_MESSAGES.semesterInvalid],
      [{ hostel: 'Taj Hotel' }, USER_MESSAGES.hostelInvalid],
      [{ name: '' }, USER_MESSAGES.nameInvalid],
      [{ roles: ['superuser'] }, ADMIN_MESSAGES.roleInvalid],
      [{ roles: 'admin' }, ADMIN_MESSAGES.roleInvalid],
    ];
    for (const [payload, message] of bad) {
      const r = await call('PUT', url, dean.cookie, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().message).toBe(message);
    }
    // A bad field in a mixed body writes nothing.
    await call('PUT', url, dean.cookie, { name: 'Changed', hostel: 'Taj Hotel' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, s.userId));
    expect(row!.name).toBe('Riya Sharma');
    expect(
      (await call('PUT', '/api/users/admin/users/0190a0a0-0000-7000-8000-000000000000', dean.cookie, {})).statusCode,
    ).toBe(404);
    expect((await call('PUT', '/api/users/admin/users/nope', dean.cookie, {})).statusCode).toBe(404);
  });

  it('refuses to demote or deactivate oneself or an ADMIN_EMAILS admin (403)', async () => {
    const other = await signUpAndLogin(t);
    await t.database.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, other.userId));
    const selfDemote = await call('PUT', `/api/users/admin/users/${other.userId}`, other.cookie, { roles: [] });
    expect(selfDemote.statusCode).toBe(403);
    expect(selfDemote.json().message).toBe(ADMIN_MESSAGES.cannotDemoteSelf);
    const demoteDean = await call('PUT', `/api/users/admin/users/${dean.userId}`, other.cookie, { roles: [] });
    expect(demoteDean.statusCode).toBe(403);
    expect(demoteDean.json().message).toBe(ADMIN_MESSAGES.cannotDemoteConfigured);
    const selfOff = await call('POST', `/api/users/admin/users/${other.userId}/deactivate`, other.cookie);
    expect(selfOff.json().message).toBe(ADMIN_MESSAGES.cannotDeactivateSelf);
    const deanOff = await call('POST', `/api/users/admin/users/${dean.userId}/deactivate`, other.cookie);
    expect(deanOff.statusCode).toBe(403);
    expect(deanOff.json().message).toBe(ADMIN_MESSAGES.cannotDeactivateConfigured);
    // The dean can still edit their own profile fields, and other admins can be demoted.
    expect((await call('PUT', `/api/users/admin/users/${dean.userId}`, dean.cookie, { name: 'Dean' })).statusCode).toBe(
      200,
    );
    expect((await call('PUT', `/api/users/admin/users/${other.userId}`, dean.cookie, { roles: [] })).statusCode).toBe(
      200,
    );
  });

  it('deactivation ends every session and blocks login; reactivation lets the user back in', async () => {
    const s = await signUpAndLogin(t);
    expect((await call('GET', '/api/users/current', s.cookie)).statusCode).toBe(200);
    const off = await call('POST', `/api/users/admin/users/${s.userId}/deactivate`, dean.cookie);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: ADMIN_MESSAGES.userDeactivated, data: { user: { isActive: false } } });
    expect((await call('GET', '/api/users/current', s.cookie)).statusCode).toBe(401);
    const login = await call('POST', '/api/users/login', undefined, { email: s.email, password: s.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(USER_MESSAGES.deactivated);
    const listed = (await list(`?search=${s.userId}`)).users[0]!;
    expect(listed.isActive).toBe(false);
    expect((await list('')).stats.deactivated).toBeGreaterThanOrEqual(1);
    const on = await call('POST', `/api/users/admin/users/${s.userId}/reactivate`, dean.cookie);
    expect(on.json()).toMatchObject({ message: ADMIN_MESSAGES.userReactivated, data: { user: { isActive: true } } });
    const back = await call('POST', '/api/users/login', undefined, { email: s.email, password: s.password });
    expect(back.statusCode).toBe(200);
    expect((await call('POST', '/api/users/admin/users/nope/reactivate', dean.cookie)).statusCode).toBe(404);
  });
});
