/**
 * The load generator of the API benchmark (docs/design.md §9), run as its OWN process so that
 * generating load never shares the server's event loop: reads one job as JSON from argv[2]
 * (`{ url, cookies, connections, duration }`, duration in s; optionally `method`, `body`, extra
 * `headers` and `idReplacement`, autocannon's `[<id>]` placeholder, e.g. one X-Forwarded-For per
 * request; `paths`, one request path per connection, e.g. each student's own `?userId=`), drives it with autocannon — each connection signed in as its own student
 * (`cookies[i]`) — and prints one JSON line:
 * `{ requests, reqPerSec, p50, p99, non2xx, errors, cpuMs }` (latencies in ms; `cpuMs`: this process's
 * own CPU time, user + system, during the run — the load generator shares the machine's cores with
 * the server and the database, so its cost per request belongs beside theirs).
 */
import autocannon from 'autocannon';

export interface Job {
  url: string;
  cookies: string[];
  connections: number;
  duration?: number;
  /** A number of requests instead of a duration. */
  amount?: number;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: string;
  headers?: Record<string, string>;
  idReplacement?: boolean;
  /** One path (with query) per connection, used in turn; the url's path when absent. */
  paths?: string[];
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
let next = 0;
const cpuBefore = process.cpuUsage();
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  ...(job.amount ? { amount: job.amount } : { duration: job.duration }),
  method: job.method ?? 'GET',
  body: job.body,
  idReplacement: job.idReplacement ?? false,
  headers: { 'accept-encoding': 'gzip, br', ...job.headers },
  setupClient: (client) => {
    const i = next++;
    const cookie = job.cookies[i % Math.max(job.cookies.length, 1)];
    const headers = { ...(cookie && { cookie }), 'accept-encoding': 'gzip, br', ...job.headers };
    if (job.paths?.length)
      client.setRequests([{ method: job.method ?? 'GET', path: job.paths[i % job.paths.length]!, headers }]);
    else if (cookie) client.setHeaders(headers);
  },
});
console.log(
  JSON.stringify({
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMs: ((cpu) => (cpu.user + cpu.system) / 1000)(process.cpuUsage(cpuBefore)),
  }),
);
