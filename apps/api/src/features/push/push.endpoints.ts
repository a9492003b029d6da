/**
 * Where the server may post a push (docs/decisions/0501-web-push.md "Endpoints"; docs/security.md
 * "Outbound requests"). Checked when a subscription is stored and again at every send:
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
