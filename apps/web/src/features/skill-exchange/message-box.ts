/**
 * The skill exchange page's message box (docs/product-spec.md §2, §4, §9): one message at a time, success or
 * error, cleared after 3 s (success) or 5 s (error) or when dismissed; a newer message replaces
 * the older one and restarts its clock. Also the docs/product-spec.md §8 texts of a failed call.
 */
import { useCallback, useEffect, useState } from 'react';
import { SKILL_ERROR_MS, SKILL_SUCCESS_MS } from '@campus/contract/skill-exchange-ui';
import type { ApiError } from '../../lib/api';

/** A shown message; `at` distinguishes two equal texts shown one after the other. */
export interface BoxMessage {
  tone: 'success' | 'error';
  text: string;
  at: number;
}

/** How long a message of `tone` stays, in ms (docs/product-spec.md §9). */
export const messageLifetime = (tone: BoxMessage['tone']) => (tone === 'success' ? SKILL_SUCCESS_MS : SKILL_ERROR_MS);

/** State of the message box: the current message, `show(tone, text)` and `dismiss()`. */
export function useMessageBox() {
  const [message, setMessage] = useState<BoxMessage | null>(null);
  const dismiss = useCallback(() => setMessage(null), []);
  const show = useCallback(
    (tone: BoxMessage['tone'], text: string) => setMessage((prev) => ({ tone, text, at: (prev?.at ?? 0) + 1 })),
    [],
  );
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(dismiss, messageLifetime(message.tone));
    return () => clearTimeout(timer);
  }, [message, dismiss]);
  return { message, show, dismiss };
}

/**
 * The text of a failed call (docs/product-spec.md §8 general rule): the server's message, else the network error's
 * text, else `fallback` — or `conflict` for a 409 without a message (adding a skill: "Skill already
 * exists").
 */
export function failureText(error: ApiError, fallback: string, conflict?: string): string {
  if (error.serverMessage) return error.serverMessage;
  if (error.status === 'NETWORK' || error.status === 'TIMEOUT') return error.message;
  if (error.status === 409 && conflict) return conflict;
  return fallback;
}
