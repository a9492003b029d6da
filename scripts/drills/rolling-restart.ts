/**
 * Drill: a rolling restart of 3 API instances behind nginx under mixed reads and writes
 * (docs/security.md "Shutdown", README Operations).
 *
 * Creates a scratch database on the system's PostgreSQL (`DRILL_DATABASE_URL`), starts 3 instances
 * on it and Debian's nginx as a non-daemon child on a free loopback port (the README's upstream
 * settings: keep-alive to the instances, `proxy_next_upstream error timeout`). Under a steady load
 * through nginx (its own process; 20 % creating writes, each simulated student with its own client
 * address) it sends SIGTERM to each instance in turn, waits for it to exit, starts it again on the
 * same port and waits until it answers before the next. Then it reads back every acknowledged write.
 *
 * Promises (exit 1 when one breaks): every instance exits with code 0 within `SHUTDOWN_DELAY_MS`
 * + 5 s of its SIGTERM; no request through nginx fails (non-2xx or no answer) and none is skipped;
 * no acknowledged write is lost.
 *
 * Run: `npm run drill:rolling-restart` (15 s between restarts) or `-- --quick` (3 s). Needs
 * nginx (`apt-get install nginx-light`; `NGINX=/path/to/nginx` for another binary).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createServerDatabase } from '../bench/scratch-db.ts';
import {
  SYSTEM_PG_URL,
  api,
  appEnv,
  check,
  drillFlags,
  figure,
  fmt,
  freePort,
  lostWrites,
  onCleanup,
  printRoutes,
  runDrill,
  signUpStudents,
  sleep,
  startApp,
  startLoad,
  studentOps,
  studentRefs,
  tempDir,
} from './lib.ts';

const flags = drillFlags();
/** Seconds between one instance answering again and the next SIGTERM. */
const PAUSE_S = flags.quick ? 3 : 15;
const RATE = 50;
// Creating writes are multipart, 60 an hour per student (USER_LIMITS.uploadsPerHour).
const STUDENTS = 40;
const SHUTDOWN_DELAY_MS = 5_000;

/** nginx.conf for a reverse proxy on 127.0.0.1:`port` to `upstreams`, everything under `dir`. */
function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  return `# Written by scripts/drills/rolling-restart.ts
daemon off;
worker_processes 1;
worker_rlimit_nofile 16384;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 10m;
  client_header_timeout 10s;
  client_body_timeout 10s;
  upstream campus {
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 32;
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_next_upstream error timeout;
    proxy_next_upstream_tries 3;
    proxy_connect_timeout 2s;
    location / {
      proxy_pass http://campus;
      proxy_read_timeout 30s;
    }
  }
}
`;
}

/** Sends SIGTERM to `child`; resolves its exit code (or signal) and the ms until it exited. */
function terminate(child: ChildProcess): Promise<{ code: number | string; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code: code ?? signal ?? 'unknown', ms: performance.now() - t0 }));
    child.kill('SIGTERM');
  });
}

await runDrill(
  'drill:rolling-restart — SIGTERM each of 3 instances behind nginx in turn, under load',
  900,
  async () => {
    const nginxBin = process.env.NGINX ?? ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
    if (!nginxBin)
      throw new Error("nginx not found: install Debian's nginx (apt-get install nginx-light) or set NGINX");

    const target = await createServerDatabase(SYSTEM_PG_URL, 'cc_drill_rolling');
    onCleanup(() => target.drop());
    const ports = [await freePort(), await freePort(), await freePort()];
    const proxyPort = await freePort();
    const proxy = `http://127.0.0.1:${proxyPort}`;
    const tag = String(Date.now() % 10_000);
    // Two hops: nginx, and the load process that names each simulated student's address.
    const envOf = (port: number) => ({
      ...appEnv({ port, dataDir: target.dataDir, databaseUrl: target.databaseUrl, appUrl: proxy }),
      TRUST_PROXY: '2',
      SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
    });
    const instances = await Promise.all(ports.map((port) => startApp(port, envOf(port))));

    const dir = await tempDir('nginx');
    await fs.chmod(dir, 0o755); // nginx workers run as an unprivileged user when started as root
    const conf = path.join(dir, 'nginx.conf');
    await fs.writeFile(conf, nginxConfig(dir, proxyPort, ports));
    const nginx = spawn(nginxBin, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    onCleanup(async () => {
      if (nginx.exitCode !== null || nginx.signalCode !== null) return;
      const exited = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGTERM');
      await exited;
    });
    let up = false;
    for (let i = 0; i < 50 && !up; i += 1) {
      up = await api(proxy, 'GET', '/api/users/health').then(
        (r) => r.status === 200,
        () => false,
      );
      if (!up) await sleep(200);
    }
    if (!up) throw new Error('nginx did not answer');

    const students = await signUpStudents([proxy], path.join(target.dataDir, 'outbox'), tag, STUDENTS);
    const refs = studentRefs(students);
    const load = startLoad({
      base: proxy,
      rate: RATE,
      duration: 900,
      students: refs,
      ops: studentOps({ writes: 20 }),
      timeoutMs: 15_000,
    });
    await load.started;
    await sleep(3_000);

    const exits: Array<{ instance: number; code: number | string; ms: number; startMs: number }> = [];
    for (let i = 0; i < instances.length; i += 1) {
      const { code, ms } = await terminate(instances[i]!.child);
      const restarted = await startApp(ports[i]!, envOf(ports[i]!));
      instances[i] = restarted;
      exits.push({ instance: i + 1, code, ms, startMs: restarted.startMs });
      console.log(
        `instance ${i + 1}: exit ${code} ${fmt(ms)} ms after SIGTERM; answering again ${fmt(restarted.startMs)} ms later`,
      );
      await sleep(PAUSE_S * 1000);
    }
    const report = await load.stop();
    const errorLog = await fs.readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
    const upstreamLines = errorLog.split('\n').filter((l) => /upstream/.test(l));
    const passedOn = upstreamLines.length;
    // What nginx saw: refused connects (passed on), closed connections, no live upstream (502).
    const kinds = new Map<string, number>();
    for (const l of upstreamLines) {
      const kind =
        /\] \d+#\d+: \*\d+ (.*?)(?: while |, client)/.exec(l)?.[1]?.replace(/\(\d+: /, '(') ?? l.slice(0, 80);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    for (const [kind, n] of kinds) console.log(`nginx: ${n} × ${kind}`);
    printRoutes(report);
    for (const f of report.failures.slice(0, 10)) console.log(`  ${f.atS} s  ${f.op}  ${f.status}  ${f.message}`);
    const { checked, lost } = await lostWrites(proxy, refs, report.acked);

    figure(
      'load through nginx',
      `${fmt(report.sent)} requests at ${RATE}/s over ${fmt(report.seconds, 1)} s (20 % creates, ${STUDENTS} students)`,
    );
    figure('nginx: upstream errors logged (requests passed to the next instance)', passedOn);
    check(
      `SIGTERM of each instance in turn: exit codes · ms to exit (promise: 0, ≤ ${fmt(SHUTDOWN_DELAY_MS + 5_000)})`,
      `${exits.map((e) => e.code).join(' ')} · ${exits.map((e) => fmt(e.ms)).join(' ')}`,
      exits.every((e) => e.code === 0 && e.ms <= SHUTDOWN_DELAY_MS + 5_000),
    );
    check(
      'failed requests through nginx (non-2xx or no answer) · not sent in time',
      `${fmt(report.non2xx + report.errors)} of ${fmt(report.sent)} · ${report.skipped}`,
      report.non2xx + report.errors === 0 && report.skipped === 0,
    );
    check(
      'acknowledged writes lost (read back through nginx)',
      `${lost.length} of ${fmt(checked)}`,
      lost.length === 0 && checked > 0,
    );
  },
);
