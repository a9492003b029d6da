/**
 * The headers of a stored file's answer (docs/design.md §6; docs/security.md): the SHA-256 ETag and
 * `Cache-Control: private, no-cache`, so a browser keeps the bytes but asks again each time
 * (`If-None-Match` → 304 after the access check) and a file whose record is hidden, deleted or
 * recalled stops being served at once and never lives on in a shared cache; `nosniff` and
 * `Content-Security-Policy: sandbox` keep an upload from running as a page;
 * `Cross-Origin-Resource-Policy: cross-origin` on the file itself (the rest of the app keeps
 * `same-site`) lets the front-ends of `CORS_ORIGINS` display it; `Vary: Cookie`.
 */
import type { FastifyReply } from 'fastify';

/** The ETag of a stored file (`sha256`: hex digest of its bytes), `-t` for its thumbnail; quoted. */
export function fileEtag(sha256: string, thumb: boolean): string {
  return `"${sha256}${thumb ? '-t' : ''}"`;
}

/** Sets the headers above on `reply`, with `etag` from {@link fileEtag}; returns the reply. */
export function setFileHeaders(reply: FastifyReply, etag: string): FastifyReply {
  return reply
    .header('cache-control', 'private, no-cache')
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('vary', 'Cookie');
}

/** True when an `If-None-Match` header lists `etag` (or `*`); weak validators compare equal. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === etag || t === '*';
  });
}
