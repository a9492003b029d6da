/**
 * Demo data: seedDemo creates a verified admin and verified students with profile
 * fields from the institute config, only on an empty database, runs the feature seeders, and the
 * printed passwords sign in. `config.seedDemo` decides when the server seeds at first start.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE } from '@campus/contract/users';
import { DEFAULT_BRANCHES, DEFAULT_HOSTELS, DEFAULT_SEMESTERS } from '@campus/contract/institute';
import { loadConfig } from './config.ts';
import { users } from './db/schema/users.ts';
import { DEMO_SEEDERS, seedDemo, type DemoUsers } from './seed.ts';
import { createTestApp, signUpAndLogin, type TestApp } from './test/helpers.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('seedDemo on an empty database', () => {
  // One seeded database for the checks of a first run (seeding is the slow part of this file).
  let seeded: TestApp;
  let demo: DemoUsers | null;
  const probeCalls: DemoUsers[] = [];
  beforeAll(async () => {
    seeded = await createTestApp();
    DEMO_SEEDERS.push({ feature: 'probe', seed: async (_ctx, users) => void probeCalls.push(users) });
    try {
      demo = await seedDemo(seeded.app.ctx);
    } finally {
      DEMO_SEEDERS.pop();
    }
  });
  afterAll(async () => {
    await seeded?.close();
  });

  it('creates a verified admin and several verified students', async () => {
    expect(demo).not.toBeNull();
    const { admin, students } = demo!;
    expect(admin.roles).toEqual([ADMIN_ROLE]);
    expect(students.length).toBeGreaterThanOrEqual(5);
    const rows = await seeded.app.ctx.db.select().from(users);
    expect(rows).toHaveLength(1 + students.length);
    for (const row of rows) {
      expect(row.emailVerifiedAt).toBeInstanceOf(Date);
      expect(row.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(DEFAULT_BRANCHES).toContain(row.branch);
      expect(DEFAULT_SEMESTERS).toContain(row.semester);
      expect(DEFAULT_HOSTELS).toContain(row.hostel);
      expect(row.email.endsWith('@iiitsonepat.ac.in')).toBe(true);
    }
    for (const s of students) {
      // Institute addresses name.rollno@domain: the roll number and graduation year follow.
      const [row] = await seeded.app.ctx.db.select().from(users).where(eq(users.id, s.id));
      const roll = /\.(\d{8})@/.exec(s.email)![1]!;
      expect(row!.registrationNumber).toBe(roll);
      expect(row!.graduationYear).toBe(Number(roll.slice(0, 4)) + 4);
      expect(row!.roles).toEqual([]);
    }
    // Distinct, generated passwords.
    const passwords = [admin, ...students].map((a) => a.password);
    expect(new Set(passwords).size).toBe(passwords.length);
    for (const p of passwords) expect(p).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('runs every feature seeder once, with the created accounts', () => {
    expect(probeCalls).toEqual([demo]);
  });

  it('the printed accounts sign in, and the admin reaches the admin area', async () => {
    const { admin, students } = demo!;
    const login = await seeded.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: admin.email, password: admin.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.roles).toEqual([ADMIN_ROLE]);
    const cookie = login.cookies.find((c) => c.name === 'cc_session')!;
    const all = await seeded.app.inject({
      method: 'GET',
      url: '/api/users/admin/all',
      headers: { cookie: `cc_session=${cookie.value}` },
    });
    expect(all.statusCode).toBe(200);
    const student = await seeded.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: students[0]!.email, password: students[0]!.password },
    });
    expect(student.statusCode).toBe(200);
    expect(student.json().data.user).toMatchObject({ name: students[0]!.name, branch: students[0]!.branch });
  });

  it('does nothing on a second run (no seeder runs again)', async () => {
    const count = (await seeded.app.ctx.db.select().from(users)).length;
    const calls = probeCalls.length;
    DEMO_SEEDERS.push({ feature: 'probe', seed: async (_ctx, users) => void probeCalls.push(users) });
    try {
      expect(await seedDemo(seeded.app.ctx)).toBeNull();
    } finally {
      DEMO_SEEDERS.pop();
    }
    expect((await seeded.app.ctx.db.select().from(users)).length).toBe(count);
    expect(probeCalls).toHaveLength(calls);
  });
});

describe('seedDemo', () => {
  it('does nothing when the database already has users', async () => {
    t = await createTestApp();
    await signUpAndLogin(t);
    expect(await seedDemo(t.app.ctx)).toBeNull();
    expect(await t.app.ctx.db.select().from(users)).toHaveLength(1);
  });

  it('uses the institute config: its e-mail domain and, for unknown names, its own options', async () => {
    t = await createTestApp();
    const ctx = {
      ...t.app.ctx,
      config: {
        ...t.app.ctx.config,
        institute: { ...t.app.ctx.config.institute, emailDomain: 'zit.ac.in', hostels: ['Aravali Hostel'] },
      },
    };
    const { admin, students } = (await seedDemo(ctx))!;
    for (const a of [admin, ...students]) {
      expect(a.email.endsWith('@zit.ac.in')).toBe(true);
      expect(a.hostel).toBe('Aravali Hostel');
    }
  });
});

describe('config.seedDemo', () => {
  it('is on for the embedded database, off for PostgreSQL, and SEED_DEMO decides when set', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
});
