/**
 * Drill: 3 API instances on one PostgreSQL behind nginx (docs/design.md §1
 * "Scale-out", §9 "Operations").
 *
 * Creates a scratch database on the system's PostgreSQL (`DRILL_DATABASE_URL`), starts 3 instances
 * on it (`TRUST_PROXY=1`) and Debian's nginx as a non-daemon child on a free loopback port, with
 * its own config, pid, logs and temp paths in a temporary directory (upstream of the 3 instances,
 * `X-Forwarded-For $proxy_add_x_forwarded_for`, buffering off for the stream, idempotent requests
 * retried on another instance: `proxy_next_upstream error timeout`). Then it checks:
 *
 * - sessions: signed in through one instance, recognised by all 3; signed out through one, refused
 *   by another;
 * - uploads: a listing photo uploaded through instance 1 is served by instances 2 and 3;
 * - live notifications: a notification posted through instance 1 reaches streams open on instances 2
 *   and 3 and through nginx within 1 s;
 * - a per-IP limit (change-password: 30 per hour) allows 30 in total across the instances, not 90,
 *   with a forged `X-Forwarded-For` on every request (the client's own header is not trusted);
 * - kill -9 of one instance under 200 req/s of GETs through nginx: no failed request.
 *
 * Exit 1 when one of those breaks. Run: `npm run drill:scale-out` or
 * `npm run drill:scale-out -- --quick` (a shorter kill phase). Needs nginx (`apt-get install
 * nginx-light`; `NGINX=/path/to/nginx` for another binary).
 *
 * `-- --pgbouncer`: the same promises with the instances' `DATABASE_URL` on Debian's PgBouncer in
 * transaction mode (`scripts/drills/pgbouncer.ts`) and `DATABASE_LISTEN_URL` straight at PostgreSQL
 * (LISTEN, migrations, advisory locks), all on a PostgreSQL cluster of the drill's own (`initdb` in
 * a temporary directory, a free port: never the system's server); it also checks that PgBouncer
 * carried the app's transactions and held fewer server connections than the instances' pools, and
 * restarts PostgreSQL behind PgBouncer under load (`pgbouncer-restart.ts`): no 5xx but 503 with
 * `Retry-After`, every instance serving again within 5 s of PostgreSQL's return (docs/operations.md
 * "PgBouncer").
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { createServerDatabase } from '../bench/scratch-db.ts';
import { startPgBouncer } from './pgbouncer.ts';
import { restartBehindPgBouncer } from './pgbouncer-restart.ts';
import {
  SYSTEM_PG_URL,
  SseClient,
  api,
  appEnv,
  check,
  drillFlags,
  figure,
  fmt,
  freePort,
  onCleanup,
  ownPostgresCluster,
  printRoutes,
  runDrill,
  samplePhoto,
  signUp,
  signUpStudents,
  sleep,
  sqlOnce,
  startApp,
  startLoad,
  startNginx,
  studentEmail,
  studentOps,
  studentRefs,
  type Student,
} from './lib.ts';

const flags = drillFlags();
const KILL_PHASE_S = flags.quick ? 12 : 30;
const KILL_RATE = 200;
const SENDS = flags.quick ? 3 : 5;
const LIMIT = 30; // POST /api/users/change-password: 30 per hour per client IP (users.routes.ts)
const TRIES = 40;

/** Fetches a file's bytes with the session `cookie`: status, content type and SHA-256. */
async function fileDigest(url: string, cookie: string): Promise<{ status: number; type: string; sha: string }> {
  const res = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(10_000) });
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    sha: createHash('sha256').update(bytes).digest('hex'),
  };
}

const TITLE = `drill:scale-out — 3 instances on one PostgreSQL behind nginx${flags.pgbouncer ? ', through PgBouncer (transaction mode)' : ''}`;
await runDrill(TITLE, 600, async () => {
  // --pgbouncer restarts PostgreSQL: a cluster of the drill's own, never the system's server.
  const cluster = flags.pgbouncer ? await ownPostgresCluster() : null;
  const target = await createServerDatabase(cluster?.url ?? SYSTEM_PG_URL, 'cc_drill_scale');
  onCleanup(() => target.drop());
  const ports = [await freePort(), await freePort(), await freePort()];
  const proxyPort = await freePort();
  const proxy = `http://127.0.0.1:${proxyPort}`;
  const tag = String(Date.now() % 10_000);
  const adminEmail = studentEmail(tag, 999, 'warden');
  // --pgbouncer: the pool through PgBouncer, LISTEN/migrations/locks straight at PostgreSQL.
  const bouncer = cluster ? await startPgBouncer(cluster.url, target.scratchName!, 20) : null;
  if (bouncer) figure('PgBouncer', `${bouncer.version}, pool_mode transaction, unnamed statements`);
  const databaseEnv = (port: number) => ({
    ...appEnv({
      port,
      dataDir: target.dataDir,
      databaseUrl: bouncer?.url ?? target.databaseUrl,
      appUrl: proxy,
      adminEmail,
    }),
    ...(bouncer ? { DATABASE_LISTEN_URL: target.databaseUrl! } : {}),
  });
  // All three on one database; they share DATA_DIR only for the mail outbox the drill reads.
  const instances = await Promise.all(ports.map((port) => startApp(port, databaseEnv(port))));
  const [one, two, three] = instances as [(typeof instances)[0], (typeof instances)[0], (typeof instances)[0]];

  const nginx = await startNginx(proxyPort, ports);

  const outbox = path.join(target.dataDir, 'outbox');
  const admin = await signUp(proxy, outbox, adminEmail);
  const [seller, reader, watcher, limited] = (await signUpStudents([proxy], outbox, tag, 4)) as [
    Student,
    Student,
    Student,
    Student,
  ];
  const login = async (base: string, s: Student) => {
    const r = await api(base, 'POST', '/api/users/login', { json: { email: s.email, password: s.password } });
    const cookie = /cc_session=[^;]+/.exec(r.headers.get('set-cookie') ?? '')?.[0];
    if (r.status !== 200 || !cookie) throw new Error(`login through ${base}: ${r.status}`);
    return cookie;
  };

  // Sessions: one sign-in, every instance; one sign-out, every instance.
  const seen = await Promise.all(
    instances.map((i) => api(i.base, 'GET', '/api/users/current', { cookie: seller.cookie })),
  );
  const sameUser = seen.every((r) => r.status === 200 && r.body?.data?.user?.id === seller.userId);
  const second = await login(one.base, seller);
  const out = await api(two.base, 'POST', '/api/users/logout', { cookie: second });
  const after = await api(three.base, 'GET', '/api/users/current', { cookie: second });
  check(
    'sessions: signed in once → `/api/users/current` on instances 1·2·3; signed out on 2 → on 3',
    `${seen.map((r) => r.status).join('·')}; logout ${out.status} → ${after.status}`,
    sameUser && out.status === 200 && after.status === 401,
  );

  // Uploads: a listing photo through instance 1, read through 2 and 3.
  const listing = await api(one.base, 'POST', '/api/buy-and-sell/items', {
    cookie: seller.cookie,
    form: {
      item_name: 'Study lamp',
      price: '400',
      category: 'Electronics',
      item_condition: 'Good',
      description: 'LED lamp, three brightness levels.',
      owner_contact: '9876543210',
      image: await samplePhoto(),
    },
  });
  const imagePath = listing.body?.data?.image_url ? new URL(listing.body.data.image_url as string, proxy).pathname : '';
  const copies = imagePath
    ? await Promise.all(instances.map((i) => fileDigest(i.base + imagePath, reader.cookie)))
    : [];
  check(
    'upload through instance 1 → the photo through instances 1·2·3 (status, same bytes)',
    `listing ${listing.status}; ${copies.map((c) => c.status).join('·') || 'no image_url'}; ` +
      `${new Set(copies.map((c) => c.sha)).size === 1 ? 'same bytes' : 'bytes differ'}`,
    listing.status === 201 &&
      copies.length === 3 &&
      copies.every((c) => c.status === 200 && c.type.startsWith('image/')) &&
      new Set(copies.map((c) => c.sha)).size === 1,
  );

  // Live notifications: posted through instance 1, streamed by instances 2, 3 and through nginx.
  const streams = [
    {
      where: 'instance 2',
      client: new SseClient(`${two.base}/api/notification/stream`, await login(two.base, watcher)),
    },
    {
      where: 'instance 3',
      client: new SseClient(`${three.base}/api/notification/stream`, await login(three.base, watcher)),
    },
    { where: 'nginx', client: new SseClient(`${proxy}/api/notification/stream`, await login(proxy, watcher)) },
  ];
  for (const s of streams)
    if (!(await s.client.waitFor((e) => e.event === 'unread', 10_000))) throw new Error(`no stream on ${s.where}`);
  const delays: Record<string, number[]> = Object.fromEntries(streams.map((s) => [s.where, []]));
  let missed = 0;
  for (let k = 0; k < SENDS; k += 1) {
    const message = `Drill ${tag}-${k}: bus to the city leaves at 5 pm`;
    const sent = await api(one.base, 'POST', '/api/notification', {
      cookie: admin.cookie,
      form: { userId: watcher.userId, message },
    });
    const answered = performance.now();
    if (sent.status !== 201) throw new Error(`notification: ${sent.status} ${JSON.stringify(sent.body)}`);
    for (const s of streams) {
      const e = await s.client.waitFor((x) => x.event === 'notification' && x.data.includes(message), 3000);
      if (e) delays[s.where]!.push(Math.max(0, e.at - answered));
      else missed += 1;
    }
    await sleep(300);
  }
  const worst = Math.max(...Object.values(delays).flat());
  check(
    `SSE: ${SENDS} notifications posted through instance 1 → ms from the answer until each stream had it (max)`,
    `${Object.entries(delays)
      .map(([w, d]) => `${w} ${fmt(Math.max(...d))}`)
      .join(', ')}; missed ${missed}`,
    missed === 0 && worst <= 1000,
  );

  // A per-IP limit across the instances, each request with a forged X-Forwarded-For.
  const statuses: Record<number, number> = {};
  const servedBy = new Set<string>();
  for (let k = 0; k < TRIES; k += 1) {
    const r = await api(proxy, 'POST', '/api/users/change-password', {
      cookie: limited.cookie,
      ip: `203.0.113.${k + 1}`,
      json: { currentPassword: `not my password ${k}`, newPassword: 'a new password 2026' },
    });
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    servedBy.add(r.headers.get('x-upstream') ?? '?');
  }
  const allowed = TRIES - (statuses[429] ?? 0);
  check(
    `per-IP limit ${LIMIT}/h (change-password) across ${servedBy.size} instances: ${TRIES} tries, forged X-Forwarded-For`,
    `${allowed} allowed (${Object.entries(statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')})`,
    allowed === LIMIT && servedBy.size === 3,
  );

  // PostgreSQL restarted behind PgBouncer under load through nginx.
  if (cluster)
    await restartBehindPgBouncer({
      cluster,
      proxy,
      instances,
      outbox,
      tag,
      quick: flags.quick,
      nginxLog: () => nginx.errorLog(),
    });

  // Kill one instance under 200 req/s of GETs through nginx.
  const load = startLoad({
    base: proxy,
    rate: KILL_RATE,
    duration: KILL_PHASE_S,
    students: studentRefs([seller, reader, watcher, limited, admin]),
    ops: studentOps({ writes: 0, readsOnly: true }),
    sendIp: false,
    timeoutMs: 10_000,
  });
  await load.started;
  await sleep((KILL_PHASE_S * 1000) / 3);
  three.child.kill('SIGKILL');
  const report = await load.done;
  const errorLog = await nginx.errorLog();
  const upstreamError = /while (connecting to|reading response header from) upstream/;
  const retried = errorLog.split('\n').filter((l) => upstreamError.test(l));
  const otherLog = errorLog.split('\n').filter((l) => l && !upstreamError.test(l));
  if (otherLog.length) console.log(`nginx error log, other lines (last 10):\n  ${otherLog.slice(-10).join('\n  ')}`);
  printRoutes(report);
  for (const f of report.failures.slice(0, 10)) console.log(`  ${f.atS} s  ${f.op}  ${f.status}  ${f.message}`);
  figure(
    'kill phase',
    `${fmt(report.sent)} GETs at ${KILL_RATE}/s over ${fmt(report.seconds, 1)} s; instance 3 killed at ${fmt(KILL_PHASE_S / 3, 1)} s`,
  );
  figure('nginx: upstream errors logged (requests passed to the next instance)', retried.length);
  // Failures per second, split at the kill: before it they are the machine's or nginx's, not the kill's.
  const killSecond = Math.floor(KILL_PHASE_S / 3);
  const failedIn = (from: number, to?: number) =>
    report.perSecond.slice(from, to).reduce((n, [, s503, other, none]) => n + s503 + other + none, 0);
  check(
    'failed GETs through nginx (non-2xx or no answer): before the kill · after · not sent in time',
    `${failedIn(0, killSecond)} · ${failedIn(killSecond)} of ${fmt(report.sent)} · ${report.skipped}`,
    report.non2xx + report.errors === 0 && report.skipped === 0,
  );
  if (bouncer) {
    const stats = await bouncer.stats();
    const direct = await sqlOnce<{ n: number }>(
      target.databaseUrl!,
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'",
    );
    check(
      'PgBouncer carried the app: transactions and queries passed on (SHOW STATS); server connections it holds vs direct ones (LISTEN, this query)',
      `${fmt(stats.transactions)} transactions, ${fmt(stats.queries)} queries; ${await bouncer.serverConnections()} server connections PgBouncer held (the instances' pools allow 3 × (10 + 2 reserved)); ${direct[0]!.n} client backends on the database in all`,
      stats.transactions > 1000,
    );
  }
});
