/**
 * Outbound connections to public addresses only (docs/security.md "Outbound requests"): the
 * internship scraper and Web Push connect through {@link publicOnlyLookup}, so a name is resolved
 * when the connection is opened and refused when any address it resolves to is loopback, private,
 * link-local (cloud metadata, 169.254.169.254), CGNAT, multicast or otherwise not public unicast.
 * What was checked is what is connected to: a name that answers a public address first and a
 * private one later (DNS rebinding) is refused on the connection that gets the private one.
 */
import dns from 'node:dns';
import ipaddr from 'ipaddr.js';

/** True for addresses that are not public unicast (ipaddr.js `range()`), and for text that is no address. */
export function isPrivateAddress(address: string): boolean {
  try {
    const ip = ipaddr.process(address.replace(/^\[|\]$/g, ''));
    return ip.range() !== 'unicast';
  } catch {
    return true;
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** Resolves `hostname` to all its addresses (node:dns `lookup` with `all: true`, or a test's). */
export type Resolve = (
  hostname: string,
  options: dns.LookupOptions,
  done: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for net.connect (undici's `connect.lookup`) that resolves with `resolve` and fails with
 * code `ERR_SSRF_REFUSED` when any address is not public ({@link isPrivateAddress}).
 */
export function publicOnly(resolve: Resolve) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, options, (err, addresses) => {
      if (err) return callback(err, '');
      const bad = addresses.find((a) => isPrivateAddress(a.address));
      if (bad || !addresses.length) {
        const e: NodeJS.ErrnoException = new Error(`refused: ${hostname} resolves to ${bad?.address ?? 'nothing'}`);
        e.code = 'ERR_SSRF_REFUSED';
        return callback(e, '');
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** {@link publicOnly} over the system resolver (`dns.lookup`). */
export const publicOnlyLookup = publicOnly((hostname, options, done) =>
  dns.lookup(hostname, { ...options, all: true }, done),
);
