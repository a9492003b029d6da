/**
 * Sharing a listing (docs/product-spec.md §2): the Web Share API when the browser has it; otherwise (or when it
 * fails for a reason other than the user cancelling) the deep link is copied to the clipboard and
 * "Link copied to clipboard!" is shown for 3 s (docs/product-spec.md §9).
 */
import { MARKETPLACE_MESSAGES } from '@campus/contract/marketplace-ui';
import { toast } from '../../lib/toast';

/** Share toast duration in ms (docs/product-spec.md §9). */
export const SHARE_TOAST_MS = 3000;

/** Absolute deep link of an item: `{origin}/marketplace/{id}`. */
export function itemLink(id: string): string {
  return `${window.location.origin}/marketplace/${id}`;
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Shares `{ title, url }`; falls back to copying `url`. */
export async function shareLink(title: string, url: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (err) {
      if ((err as DOMException)?.name === 'AbortError') return; // the user closed the sheet
    }
  }
  if (await copy(url)) toast.success(MARKETPLACE_MESSAGES.linkCopied, { autoClose: SHARE_TOAST_MS });
  else toast.info(url, { autoClose: 8000 });
}
