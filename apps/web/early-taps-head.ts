/**
 * The page holds taps from its first paint (docs/decisions/0001-hydration-at-load.md "Every tap
 * counts"): the build inlines `captureEarlyTaps` (src/app/startup/early-taps.ts) as the first
 * script of `index.html`'s head (after the charset), so a tap made before the entry module has loaded — before `load`,
 * on a slow phone — is held and replayed once the page hydrates instead of being lost. An inline
 * script, not a file: a classic `<script src>` would delay the first paint by a request, and a
 * module script runs only after the HTML is parsed. The CSP allows exactly this script by its
 * hash, computed by the API from the built `index.html` (apps/api/src/lib/csp.ts).
 */
import type { Plugin } from 'vite';
import { captureEarlyTaps } from './src/app/startup/early-taps';

/** The inline script: the capture function's own source, called on `window`. */
export const EARLY_TAPS_SCRIPT = `(${captureEarlyTaps.toString()})(window);`;

/** The tag the script follows: the charset must stay within the document's first 1,024 bytes. */
const AFTER = '<meta charset="UTF-8" />';

/** Vite plugin: {@link EARLY_TAPS_SCRIPT} is the head's first script, right after the charset. */
export function earlyTapsInHead(): Plugin {
  return {
    name: 'early-taps-in-head',
    transformIndexHtml(html) {
      if (!html.includes(AFTER)) throw new Error(`index.html has no ${AFTER} to put the early-taps script after`);
      return html.replace(AFTER, `${AFTER}\n    <script>${EARLY_TAPS_SCRIPT}</script>`);
    },
  };
}
