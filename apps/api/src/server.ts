/**
 * Entry point (docs/design.md §1, §3): checks the Node version, loads config, opens and migrates the
 * database, builds the app, listens, and shuts down gracefully on SIGINT/SIGTERM (lib/shutdown.ts:
 * readiness 503, a delay for the balancer, then streams, the server and its in-flight requests,
 * then CHECKPOINT and close of the embedded database; exit 0).
 */
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    `Campus Companion needs Node 22 or newer (this is ${process.version}). ` +
      'Start it with `npm start`, which runs the pinned Node 24 from node_modules.',
  );
  process.exit(1);
}

const { loadConfig, ConfigError } = await import('./config.ts');
const { openDatabase, DataDirLockedError } = await import('./db/client.ts');
const { runMigrations } = await import('./db/migrate.ts');
const { buildApp } = await import('./app.ts');
const { grantConfiguredAdmins, purgeUnverifiedUsers } = await import('./features/users/users.service.ts');
const { purgeExpiredSessions } = await import('./lib/auth.ts');
const { purgeExpiredCounters } = await import('./lib/rate-limit.ts');
const { purgeExpiredIdempotencyKeys } = await import('./lib/idempotency.ts');
const { seedDemo } = await import('./seed.ts');
const { eraseDueAccounts, purgeRetained } = await import('./features/privacy/privacy.service.ts');
const { gracefulShutdown } = await import('./lib/shutdown.ts');
const { serveBackupSocket } = await import('./lib/backup-socket.ts');

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase(config);
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

try {
  await runMigrations(database);
  await grantConfiguredAdmins(database.db, config.adminEmails);
  await purgeExpiredSessions(database.db);
  await purgeUnverifiedUsers(database.db);
} catch (err) {
  console.error('Database migration failed:', err);
  await database.close();
  process.exit(1);
}

const app = await buildApp({ config, database });
// Demo accounts on the first start of an empty database (config.seedDemo, see config.ts).
if (config.seedDemo) {
  try {
    await seedDemo(app.ctx);
  } catch (err) {
    app.log.error({ err }, 'Seeding the demo data failed');
  }
}
/**
 * Expired sessions, rate-limit counters, idempotency keys and unverified sign-ups older than 7 days are
 * deleted every 6 hours (sessions and sign-ups at start too).
 */
const purgeTimer = setInterval(
  () =>
    void Promise.all([
      purgeExpiredSessions(database.db),
      purgeExpiredCounters(database.db),
      purgeUnverifiedUsers(database.db),
      purgeExpiredIdempotencyKeys(database.db),
    ]).catch((err: Error) => app.log.warn({ reason: err.message }, 'Purge of expired rows failed')),
  6 * 60 * 60 * 1000,
);
purgeTimer.unref();

/**
 * Closed accounts past their grace are erased every hour (docs/privacy.md "Delete my account");
 * each instance runs it, and each account is erased once (`FOR UPDATE SKIP LOCKED`).
 */
const erasureTimer = setInterval(
  () =>
    void eraseDueAccounts(app.ctx).catch((err: Error) =>
      app.log.warn({ reason: err.message }, 'Erasing closed accounts failed'),
    ),
  60 * 60 * 1000,
);
erasureTimer.unref();

/** Closed records and old notifications past their retention go daily (docs/privacy.md "Retention"). */
const retentionTimer = setInterval(
  () =>
    void purgeRetained(app.ctx).catch((err: Error) => app.log.warn({ reason: err.message }, 'Retention purge failed')),
  24 * 60 * 60 * 1000,
);
retentionTimer.unref();

/** The embedded database's backup socket (docs/operations.md "Backups"); PostgreSQL uses pg_dump. */
let closeBackupSocket: () => Promise<void> = async () => {};

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'Shutting down');
  // Last resort if closing itself hangs; gracefulShutdown cuts connections before this.
  const timer = setTimeout(() => process.exit(1), config.shutdown.timeoutMs + 2_000);
  timer.unref();
  await closeBackupSocket().catch((err: Error) => app.log.warn({ reason: err.message }, 'Closing the backup socket'));
  // Readiness 503, SHUTDOWN_DELAY_MS, Connection: close, in-flight requests finish, the database
  // closes (lib/shutdown.ts; README Operations).
  process.exit(await gracefulShutdown(app, database, config.shutdown));
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  if (database.driver === 'pglite')
    closeBackupSocket = await serveBackupSocket(config.dataDir, database, config.backupDir, app.log);
  app.log.info(
    `Campus Companion is running on ${config.appUrl} (database: ${database.driver === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
  );
} catch (err) {
  app.log.error(err);
  await database.close();
  process.exit(1);
}
