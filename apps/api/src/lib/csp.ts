/**
 * The Content-Security-Policy's script sources (docs/security.md "Headers"): scripts from the app's
 * own origin, plus each inline script of the built `index.html` by its SHA-256 hash — the one the
 * web build puts first in the head to hold taps from the first paint (apps/web/early-taps-head.ts,
 * docs/decisions/0001-hydration-at-load.md). No `'unsafe-inline'`: a script injected into a page
 * has another hash and does not run.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The `'sha256-…'` source of each inline `<script>` (one without `src`) in `html`, in order. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .filter(([tag, body]) => body!.trim() && !/type=["']?application\/json/i.test(tag.slice(0, tag.indexOf('>'))))
    .map(([, body]) => `'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
}

/**
 * `script-src` for the app served from `webDist`: `'self'` and the hashes of its `index.html`'s
 * inline scripts (none when the web app is not built, as in the API's own tests).
 */
export function scriptSources(webDist: string): string[] {
  const file = path.join(webDist, 'index.html');
  return ["'self'", ...(fs.existsSync(file) ? inlineScriptHashes(fs.readFileSync(file, 'utf8')) : [])];
}

/**
 * `img-src`: the app's own origin (the campus map image included), `data:` and `blob:`, plus the
 * host of the map's tile server when `MAP_TILE_URL` names one (`{s}` subdomains as `*`), so the
 * map makes no other request (docs/architecture.md "Features in detail": Places and the map).
 */
export function imageSources(tileUrl: string | undefined): string[] {
  const base = ["'self'", 'data:', 'blob:'];
  if (!tileUrl) return base;
  const host = /^https:\/\/([^/]+)\//.exec(tileUrl)?.[1]?.replace(/\{s\}/g, '*');
  return host ? [...base, `https://${host}`] : base;
}
