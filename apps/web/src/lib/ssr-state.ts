/**
 * Reads the state the server rendered with — without React, so the tiny browser
 * entry (main.tsx) can read it before the app is downloaded.
 */
import { SSR_STATE_ID, type SsrState } from '@campus/contract/ssr';

/**
 * The {@link SsrState} in `<script type="application/json" id="ssr-state">`, or null when the page
 * is the plain shell (no block, an empty one, or JSON that does not parse; never throws).
 */
export function readSsrState(doc: Document | undefined = globalThis.document): SsrState | null {
  const block = doc?.getElementById(SSR_STATE_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as SsrState;
  } catch {
    return null;
  }
}
