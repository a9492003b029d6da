/**
 * Demo data. `seedDemo(ctx)` creates, on an empty database only, a verified
 * administrator and several verified students with Indian names, branches, semesters and hostels
 * from the institute config, with generated passwords printed once to the log; then it runs every
 * feature's demo seeder. The server calls it at first start when `config.seedDemo` is true
 * (embedded database unless SEED_DEMO=false; PostgreSQL only with SEED_DEMO=true); `npm run seed`
 * runs this file to do it on demand against the configured database.
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ADMIN_ROLE } from '@campus/contract/users';
import type { InstituteConfig } from '@campus/contract/institute';
import { users } from './db/schema/users.ts';
import type { ServiceContext } from './lib/context.ts';
import { graduationYearFor, hashPassword } from './features/users/users.service.ts';
import { seedLostFoundDemo } from './features/lost-found/lost-found.service.ts';
import { seedMarketplaceDemo } from './features/marketplace/marketplace.service.ts';
import { seedNotificationsDemo } from './features/notifications/notifications.seed.ts';
import { seedRidesDemo } from './features/rides/rides.service.ts';
import { seedEventsDemo } from './features/events/events.service.ts';
import { seedSkillExchangeDemo } from './features/skill-exchange/skill-exchange.service.ts';
import { seedAttendanceDemo } from './features/attendance/attendance.service.ts';
import { seedMessDemo } from './features/mess/mess.service.ts';
import { seedPlacesDemo } from './features/places/places.service.ts';
import { seedTransportDemo } from './features/transport/transport.service.ts';

/** One demo account as created; `password` is the generated plain text (shown once). */
export interface DemoAccount {
  id: string;
  name: string;
  email: string;
  password: string;
  roles: string[];
  branch: string;
  semester: string;
  hostel: string;
}

/** The accounts a seed run created, handed to every feature seeder. */
export interface DemoUsers {
  admin: DemoAccount;
  students: DemoAccount[];
}

/** A feature's demo rows: called once, after the accounts exist, with the same context. */
export type DemoSeeder = (ctx: ServiceContext, users: DemoUsers) => Promise<void>;

/**
 * Feature demo seeders, run in this order after the accounts are created: one line per feature
 * with demo data, e.g. `{ feature: 'marketplace', seed: seedMarketplaceDemo }` (the function is
 * exported by the feature's service, or by its `<f>.seed.ts` when the seeder calls the service, as
 * notifications' does: a re-export would be an import cycle; docs/architecture.md "The places a
 * new feature touches"). Every folder of `src/features/` is named here or in
 * {@link FEATURES_WITHOUT_DEMO_DATA}: `feature-lists.test.ts` fails otherwise.
 */
export const DEMO_SEEDERS: Array<{ feature: string; seed: DemoSeeder }> = [
  { feature: 'marketplace', seed: seedMarketplaceDemo },
  { feature: 'lost-found', seed: seedLostFoundDemo },
  { feature: 'notifications', seed: seedNotificationsDemo },
  { feature: 'rides', seed: seedRidesDemo },
  { feature: 'skill-exchange', seed: seedSkillExchangeDemo },
  { feature: 'attendance', seed: seedAttendanceDemo },
  { feature: 'events', seed: seedEventsDemo },
  { feature: 'mess', seed: seedMessDemo },
  { feature: 'places', seed: seedPlacesDemo },
  { feature: 'transport', seed: seedTransportDemo },
];

/**
 * The features that add no demo rows (users: the accounts are {@link seedDemo}'s own; the others
 * hold no student records, fetch them, or start empty — push: a subscription is a real
 * browser's), so that a new feature folder is a decision here or in {@link DEMO_SEEDERS}, not a
 * silent omission.
 */
export const FEATURES_WITHOUT_DEMO_DATA: readonly string[] = [
  'admin',
  'alerts',
  'files',
  'institute',
  'internships',
  'privacy',
  'push',
  'reports',
  'search',
  'users',
];

/** Arbitrary constant key of the seed advisory lock (instances starting together on one PostgreSQL). */
const SEED_LOCK_KEY = 727_002;

/** Demo people: name, roll number (its year matches the semester in 2026–27), preferred profile. */
const DEMO_ADMIN = { name: 'Neha Kapoor', localPart: 'admin' };
const DEMO_STUDENTS = [
  {
    name: 'Aarav Sharma',
    roll: '20240417',
    branch: 'Computer Science Engineering',
    semester: 'Fifth',
    hostel: 'CECT Hostel',
  },
  {
    name: 'Priya Nair',
    roll: '20250231',
    branch: 'Electronics and Communication Engineering',
    semester: 'Third',
    hostel: 'Coho Hostel',
  },
  {
    name: 'Ishaan Verma',
    roll: '20230508',
    branch: 'Mechanical Engineering',
    semester: 'Seventh',
    hostel: 'Supermax Flats',
  },
  {
    name: 'Sneha Reddy',
    roll: '20250452',
    branch: 'Computer Science Engineering',
    semester: 'Third',
    hostel: 'Tdi flats',
  },
  { name: 'Kabir Singh', roll: '20260314', branch: 'Electrical Engineering', semester: 'First', hostel: 'CECT Hostel' },
  { name: 'Ananya Iyer', roll: '20241006', branch: 'Biotechnology', semester: 'Fifth', hostel: 'Coho Hostel' },
];

/** `preferred` when the config lists it, else the config's option at `index` (configs may differ). */
function option(list: string[], preferred: string, index: number): string {
  return list.includes(preferred) ? preferred : list[index % list.length]!;
}

/** A readable random password: 16 URL-safe characters (96 bits). */
function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

function demoProfiles(institute: InstituteConfig) {
  const domain = institute.emailDomain;
  const first = (name: string) => name.split(' ')[0]!.toLowerCase();
  const admin = {
    name: DEMO_ADMIN.name,
    email: `${DEMO_ADMIN.localPart}@${domain}`,
    username: DEMO_ADMIN.localPart,
    roll: null as string | null,
    roles: [ADMIN_ROLE],
    branch: institute.branches[0]!,
    semester: institute.semesters.at(-1)!,
    hostel: institute.hostels[0]!,
  };
  const students = DEMO_STUDENTS.map((s, i) => ({
    name: s.name,
    email: `${first(s.name)}.${s.roll}@${domain}`,
    username: `${first(s.name)}.${s.roll}`,
    roll: s.roll as string | null,
    roles: [] as string[],
    branch: option(institute.branches, s.branch, i),
    semester: option(institute.semesters, s.semester, i),
    hostel: option(institute.hostels, s.hostel, i),
  }));
  return [admin, ...students];
}

/**
 * Seeds the demo accounts and every DEMO_SEEDERS entry, only when the `users` table is empty (so
 * a second run, or a database with real users, is left alone). Runs under an advisory lock; the
 * accounts are inserted in one transaction. Logs the e-mails and generated passwords once.
 * Returns the created accounts, or null when nothing was seeded. Throws on database errors.
 */
export async function seedDemo(ctx: ServiceContext): Promise<DemoUsers | null> {
  const profiles = demoProfiles(ctx.config.institute);
  const passwords = profiles.map(() => generatePassword());
  const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));

  const created = await ctx.database.withAdvisoryLock(SEED_LOCK_KEY, () =>
    ctx.db.transaction(async (tx) => {
      const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
      if (Number(count) > 0) return null;
      const now = new Date();
      return tx
        .insert(users)
        .values(
          profiles.map((p, i) => ({
            email: p.email,
            passwordHash: hashes[i]!,
            name: p.name,
            username: p.username,
            branch: p.branch,
            semester: p.semester,
            hostel: p.hostel,
            registrationNumber: p.roll,
            graduationYear: graduationYearFor(p.roll),
            roles: p.roles,
            emailVerifiedAt: now,
          })),
        )
        .returning({ id: users.id, email: users.email });
    }),
  );
  if (!created) return null;

  const accounts: DemoAccount[] = profiles.map((p, i) => ({
    id: created.find((r) => r.email === p.email)!.id,
    name: p.name,
    email: p.email,
    password: passwords[i]!,
    roles: p.roles,
    branch: p.branch,
    semester: p.semester,
    hostel: p.hostel,
  }));
  const demo: DemoUsers = { admin: accounts[0]!, students: accounts.slice(1) };

  for (const seeder of DEMO_SEEDERS) {
    await seeder.seed(ctx, demo);
    ctx.log.info(`Demo data added: ${seeder.feature}`);
  }

  const width = Math.max(...accounts.map((a) => a.email.length));
  ctx.log.info(
    [
      'Demo data created. Sign in with one of these accounts (the passwords are shown only this once):',
      ...accounts.map(
        (a) =>
          `  ${a.roles.includes(ADMIN_ROLE) ? 'admin  ' : 'student'}  ${a.email.padEnd(width)}  password: ${a.password}`,
      ),
    ].join('\n'),
  );
  return demo;
}

/** `npm run seed`: opens the configured database, migrates, seeds (if empty) and closes. */
async function main(): Promise<number> {
  const { loadConfig, ConfigError } = await import('./config.ts');
  const { openDatabase, DataDirLockedError } = await import('./db/client.ts');
  const { runMigrations } = await import('./db/migrate.ts');
  const { buildApp } = await import('./app.ts');
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return 1;
  }
  let database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(
      `${err.message}\nThe embedded database is used by the running server: stop it, then run the seed again.`,
    );
    return 1;
  }
  try {
    await runMigrations(database);
    const app = await buildApp({ config, database });
    try {
      const result = await seedDemo(app.ctx);
      if (!result) app.log.info('The database already has users: nothing was seeded.');
    } finally {
      await app.close();
    }
    return 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  process.exitCode = await main();
}
