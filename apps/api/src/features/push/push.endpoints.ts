/**
 * Where and how the server posts pushes (docs/decisions/0501-web-push.md "Endpoints"; docs/security.md
 * "Outbound requests", "Fair shares"): {@link pushTarget} and {@link postPush} decide where, and
 * {@link PushSender} shares the sending out per push service host. Endpoints are checked when a
 * subscription is stored and again at every send:
 *
 * - a host name must be one of the known push services ({@link KNOWN_PUSH_HOSTS}) or a name listed
 *   in `PUSH_ENDPOINT_HOSTS`, compared exactly (`localhost.` is not `localhost`), over https on
 *   port 443, without credentials; and it is resolved when the connection opens, to public
 *   addresses only (lib/public-address.ts), so what was checked is what is connected to and DNS
 *   rebinding is refused on the connection it would reach;
 * - an IP address is refused unless `PUSH_ENDPOINT_HOSTS` lists it (`127.0.0.1:9999`, or the bare
 *   address for any port): a local push service (the tests'), posted to as is over http or https.
 *   No name is resolved there, so nothing but the listed address can be reached.
 */
import net from 'node:net';
import pLimit, { type LimitFunction } from 'p-limit';
import { Agent, request } from 'undici';
import type { AppConfig } from '../../config.ts';
import { publicOnlyLookup } from '../../lib/public-address.ts';

/**
 * The push services browsers subscribe with: Chrome, Edge (Chromium) and Opera (Firebase Cloud
 * Messaging), Firefox (Mozilla autopush), Safari (Apple), legacy Edge (Windows Push Notification
 * Services). `*.` allows any subdomain.
 */
export const KNOWN_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** An endpoint the server may post to; `listed`: an IP address of `PUSH_ENDPOINT_HOSTS`, posted to as is. */
export interface PushTarget {
  url: URL;
  listed: boolean;
}

/** True when `host` is `pattern`, or a subdomain of it for `*.` patterns. */
function hostMatches(pattern: string, host: string): boolean {
  return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern;
}

/**
 * The target of `endpoint` under the rules above, or null when the server must not post to it
 * (not a URL, a host or port not allowed, credentials in it).
 */
export function pushTarget(config: AppConfig, endpoint: string): PushTarget | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const listed = config.push.endpointHosts;
  const host = url.hostname.toLowerCase();
  if (net.isIP(host.replace(/^\[|\]$/g, ''))) {
    const ok =
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      (listed.includes(host) || listed.includes(url.host.toLowerCase()));
    return ok ? { url, listed: true } : null;
  }
  if (url.protocol !== 'https:' || url.port !== '') return null; // '' is https' default, 443
  const names = [...KNOWN_PUSH_HOSTS, ...listed.filter((h) => !h.includes(':') && !net.isIP(h))];
  return names.some((p) => hostMatches(p, host)) ? { url, listed: false } : null;
}

/** Connection pools: push services by name (public addresses only), and the listed addresses. */
const publicAgent = new Agent({ connect: { lookup: publicOnlyLookup as never } });
const listedAgent = new Agent();

/** One encrypted push as web-push builds it. */
export interface PushRequest {
  method: string;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Posts `req` to `target` (no redirect followed) and resolves the status code, the answer's body
 * discarded. Rejects on a transport error, when `signal` aborts, or with code `ERR_SSRF_REFUSED`
 * when the name resolves to an address that is not public.
 */
export async function postPush(target: PushTarget, req: PushRequest, signal: AbortSignal): Promise<number> {
  const res = await request(target.url, {
    method: req.method as 'POST',
    headers: req.headers,
    body: req.body,
    signal,
    dispatcher: target.listed ? listedAgent : publicAgent,
  });
  await res.body.dump();
  return res.statusCode;
}

/**
 * How pushes are shared out per process (docs/security.md "Fair shares"): at most `perHost` posts
 * in flight to one endpoint host (`host:port`), `inFlightMax` in all; after `failuresToOpen`
 * consecutive failures of a host (time-out, transport error, 5xx or 429) its breaker opens and
 * its pushes are skipped for `coolDownMs`, then one probe decides whether it closes again.
 */
export const SEND_LIMITS = { perHost: 16, inFlightMax: 512, failuresToOpen: 5, coolDownMs: 30_000 } as const;

/** One endpoint host's share: its queue of posts, and its breaker. */
interface HostState {
  limit: LimitFunction;
  failures: number;
  openUntil: number;
  probing: boolean;
}

/**
 * The sending side of one push worker: runs posts concurrently per host under {@link SEND_LIMITS}
 * without the drain waiting for them, so a host that never answers delays only its own pushes.
 */
export class PushSender {
  private readonly hosts = new Map<string, HostState>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly stopping = new AbortController();
  private posts = 0;

  /** Posts started or queued and not yet settled. */
  get inFlight(): number {
    return this.posts;
  }

  /**
   * Queues `post` on `host`'s share and resolves what it resolves, or `skipped` without calling it
   * while the host's breaker is open or after {@link stop}. `post` gets a signal that aborts at
   * {@link stop}, and resolves `healthy: false` for a failure of the host.
   */
  run<T>(
    host: string,
    post: (signal: AbortSignal) => Promise<{ result: T; healthy: boolean }>,
  ): Promise<T | 'skipped'> {
    let state = this.hosts.get(host);
    if (!state) {
      state = { limit: pLimit(SEND_LIMITS.perHost), failures: 0, openUntil: 0, probing: false };
      this.hosts.set(host, state);
    }
    const s = state;
    this.posts += 1;
    return s
      .limit(async () => {
        if (this.stopping.signal.aborted) return 'skipped' as const;
        if (s.failures >= SEND_LIMITS.failuresToOpen) {
          if (Date.now() < s.openUntil || s.probing) return 'skipped' as const;
          s.probing = true; // half-open: this one post decides
        }
        let healthy = false;
        try {
          const done = await post(this.stopping.signal);
          healthy = done.healthy;
          return done.result;
        } finally {
          s.probing = false;
          if (healthy) s.failures = 0;
          else if ((s.failures += 1) >= SEND_LIMITS.failuresToOpen) s.openUntil = Date.now() + SEND_LIMITS.coolDownMs;
        }
      })
      .finally(() => {
        this.posts -= 1;
        if (!s.limit.activeCount && !s.limit.pendingCount && !s.failures) this.hosts.delete(host);
      });
  }

  /** Keeps `work` (a drain's sends and their bookkeeping) until it settles; see {@link settled}. */
  track(work: Promise<unknown>): void {
    const p: Promise<unknown> = work.catch(() => undefined).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves once fewer than `inFlightMax` posts are in flight (a drain waits here before taking more). */
  async room(): Promise<void> {
    while (this.posts >= SEND_LIMITS.inFlightMax && this.pending.size) await Promise.race(this.pending);
  }

  /** Aborts the posts in flight, skips those queued, and resolves once every tracked work has settled (shutdown). */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.settled();
  }

  /** Resolves once every tracked work has settled (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
