/**
 * The drills' load process, started by `lib.ts` `startLoad` as its OWN Node
 * process so that generating load never shares the server's or the drill's event loop (docs/design.md §9).
 *
 * Reads one {@link LoadJob} as JSON from argv[2] and sends requests at a fixed rate (open loop:
 * request i is due at i / rate seconds, whatever the answers do), each as the next student (its
 * session cookie, and its own client IP as `X-Forwarded-For` unless `sendIp` is false), the
 * operation chosen by weight. Runs for `duration` s or until SIGTERM, waits for the requests in
 * flight (each bounded by `timeoutMs`). It prints `started` when it begins, `ack` for each create
 * answered 2xx, and at the end one JSON line: the {@link LoadReport}, including
 * the id of every create answered 2xx (`acked`), so the drill can check that none was lost.
 */

/** A simulated student as the load sees it; `userId`/`subjectId` fill `{userId}`/`{subjectId}`. */
export interface StudentRef {
  cookie: string;
  ip: string;
  userId: string;
  subjectId?: string;
}

/**
 * One kind of request. `path`, `json` and `form` values may hold `{n}` (the request's number),
 * `{userId}` and `{subjectId}`. A 2xx answer of an op with a `kind` records `data.id` in `acked`.
 */
export interface Op {
  name: string;
  weight: number;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  kind?: string;
}

/** What the load process does: `rate` requests/s for at most `duration` s against `base`. */
export interface LoadJob {
  base: string;
  rate: number;
  duration: number;
  students: StudentRef[];
  ops: Op[];
  /** Per-request limit (ms, default 15 000); a request still unanswered then counts as an error. */
  timeoutMs?: number;
  /** Requests in flight at most (default 1 000); a due request beyond it is skipped and counted. */
  maxInFlight?: number;
  /** Send each student's `ip` as `X-Forwarded-For` (default true). */
  sendIp?: boolean;
}

/** An acknowledged create: its kind, the id the answer carried and the creator's index in `students`. */
export interface Acked {
  kind: string;
  id: string;
  student: number;
}

/** Per route: requests, answers by status (`"200"`, …, `"error"`), latency p50/p99/max (ms). */
export interface RouteStats {
  count: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
}

/** What the load saw. Times in ms unless named otherwise. */
export interface LoadReport {
  /** Requests sent, due ones skipped (too many in flight), and the run's length (s). */
  sent: number;
  skipped: number;
  seconds: number;
  routes: Record<string, RouteStats>;
  /** Requests with no HTTP answer (refused, reset, or unanswered after `timeoutMs`). */
  errors: number;
  /** Answers that took over 10 s. */
  slow: number;
  /** 503 answers; those without `Retry-After` or without the `{ success: false, message }` body. */
  status503: number;
  bad503: number;
  /** 5xx answers other than 503. */
  other5xx: number;
  /** Non-2xx answers (503 included). */
  non2xx: number;
  /** The first 30 failures (non-2xx, 503 included, or no answer), `atS` s after the start. */
  failures: Array<{ atS: number; op: string; status: number | 'error'; message: string }>;
  /** Per second of the run: [2xx, 503, other answers, no answer]. */
  perSecond: Array<[number, number, number, number]>;
  acked: Acked[];
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
}

async function main(job: LoadJob): Promise<LoadReport> {
  const timeoutMs = job.timeoutMs ?? 15_000;
  const maxInFlight = job.maxInFlight ?? 1000;
  const totalWeight = job.ops.reduce((s, o) => s + o.weight, 0);
  const latencies = new Map<string, number[]>();
  const report: LoadReport = {
    sent: 0,
    skipped: 0,
    seconds: 0,
    routes: {},
    errors: 0,
    slow: 0,
    status503: 0,
    bad503: 0,
    other5xx: 0,
    non2xx: 0,
    failures: [],
    perSecond: [],
    acked: [],
  };
  for (const op of job.ops) {
    report.routes[op.name] = { count: 0, statuses: {}, p50: 0, p99: 0, max: 0 };
    latencies.set(op.name, []);
  }
  const t0 = performance.now();
  const second = (col: 0 | 1 | 2 | 3, at: number) => {
    const i = Math.floor((at - t0) / 1000);
    while (report.perSecond.length <= i) report.perSecond.push([0, 0, 0, 0]);
    report.perSecond[i]![col] += 1;
  };
  const fail = (at: number, op: string, status: number | 'error', message: string) => {
    if (report.failures.length < 30)
      report.failures.push({ atS: Math.round((at - t0) / 100) / 10, op, status, message: message.slice(0, 200) });
  };

  // Operations by weight along a low-discrepancy sequence: deterministic, evenly mixed.
  const pick = (i: number): Op => {
    let u = ((i * 0.6180339887498949) % 1) * totalWeight;
    for (const op of job.ops) if ((u -= op.weight) < 0) return op;
    return job.ops[job.ops.length - 1]!;
  };

  async function fire(i: number): Promise<void> {
    const op = pick(i);
    const si = i % job.students.length;
    const student = job.students[si]!;
    const fill = (s: string) =>
      s
        .replaceAll('{n}', String(i))
        .replaceAll('{userId}', student.userId)
        .replaceAll('{subjectId}', student.subjectId ?? '');
    const headers: Record<string, string> = { cookie: student.cookie };
    if (job.sendIp !== false) headers['x-forwarded-for'] = student.ip;
    let body: string | FormData | undefined;
    if (op.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = fill(JSON.stringify(op.json));
    } else if (op.form) {
      body = new FormData();
      for (const [k, v] of Object.entries(op.form)) body.append(k, fill(v));
    }
    const stats = report.routes[op.name]!;
    stats.count += 1;
    const start = performance.now();
    try {
      const res = await fetch(job.base + fill(op.path), {
        method: op.method,
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      const ms = performance.now() - start;
      latencies.get(op.name)!.push(ms);
      stats.statuses[res.status] = (stats.statuses[res.status] ?? 0) + 1;
      if (ms > 10_000) report.slow += 1;
      if (res.status >= 200 && res.status < 300) {
        second(0, start);
        if (op.kind) {
          const id = (JSON.parse(text) as { data?: { id?: string } }).data?.id;
          if (id) {
            report.acked.push({ kind: op.kind, id, student: si });
            process.stdout.write('ack\n');
          }
        }
        return;
      }
      report.non2xx += 1;
      if (res.status === 503) {
        second(1, start);
        report.status503 += 1;
        let envelope = false;
        try {
          const parsed = JSON.parse(text) as { success?: unknown; message?: unknown };
          envelope = parsed.success === false && typeof parsed.message === 'string';
        } catch {
          envelope = false;
        }
        if (!res.headers.get('retry-after') || !envelope) report.bad503 += 1;
        // Listed too when well-formed: its message tells a shutdown from a busy or absent database.
        fail(start, op.name, res.status, `${text} (Retry-After: ${res.headers.get('retry-after')})`);
      } else {
        second(2, start);
        if (res.status >= 500) report.other5xx += 1;
        fail(start, op.name, res.status, text);
      }
    } catch (err) {
      report.errors += 1;
      second(3, start);
      stats.statuses.error = (stats.statuses.error ?? 0) + 1;
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      fail(start, op.name, 'error', `${(err as Error).name}${cause ? ` ${cause}` : ''}: ${(err as Error).message}`);
    }
  }

  let stopping = false;
  process.on('SIGTERM', () => (stopping = true));
  const inFlight = new Set<Promise<void>>();
  const interval = 1000 / job.rate;
  process.stdout.write('started\n');
  for (let i = 0; !stopping && i < job.rate * job.duration; i += 1) {
    const wait = t0 + i * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (stopping) break;
    if (inFlight.size >= maxInFlight) {
      report.skipped += 1;
      continue;
    }
    report.sent += 1;
    const p: Promise<void> = fire(i).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  report.seconds = (performance.now() - t0) / 1000;
  for (const [name, values] of latencies) {
    values.sort((a, b) => a - b);
    const r = report.routes[name]!;
    Object.assign(r, { p50: percentile(values, 50), p99: percentile(values, 99), max: values.at(-1) ?? 0 });
  }
  return report;
}

if (process.argv[2]) {
  const report = await main(JSON.parse(process.argv[2]) as LoadJob);
  console.log(JSON.stringify(report));
}
