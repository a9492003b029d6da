/**
 * Toasts declared with the mutation: an endpoint states its success and error texts once,
 * as `onQueryStarted: toastOutcome({ … })`, and every screen that calls it gets them — no
 * try/await/toast block per page. Texts are the spec's (§8); `ms` is the feature's toast duration
 * (docs/product-spec.md §8–§9: marketplace 5 s, lost and found 4 s; the container's 5 s when absent), for success
 * and error alike. Uploads with progress declare theirs the same way (`useMultipartSave`).
 */
import { toApiError, type ApiError } from './api';
import { toast } from './toast';

/** A text, or a function of what the call had (argument, result or error) giving it. */
type Text<Args extends unknown[]> = string | ((...args: Args) => string);

/** The toasts of one mutation. */
export interface MutationToasts<Arg, Result> {
  /** Shown when the call succeeds: a text, or `(arg, data) => text`. */
  success?: Text<[arg: Arg, data: Result]>;
  /** Shown when it fails: a text, or `(error, arg) => text` (`error.message` follows docs/product-spec.md §8). */
  error?: Text<[error: ApiError, arg: Arg]>;
  /** Auto-close in ms for both toasts. */
  ms?: number;
}

const textOf = <Args extends unknown[]>(text: Text<Args>, ...args: Args) =>
  typeof text === 'function' ? text(...args) : text;

/**
 * Shows the toast of one finished call with `arg`: `texts.success` for `{ data }`, `texts.error` for
 * `{ error }` (nothing when that text is absent). Used by {@link toastOutcome} and by multipart
 * uploads (`useMultipartSave` in lib/upload.ts), so both declare their toasts the same way.
 */
export function showOutcomeToast<Arg, Result>(
  texts: MutationToasts<Arg, Result>,
  arg: Arg,
  outcome: { data: Result } | { error: ApiError },
): void {
  const options = texts.ms ? { autoClose: texts.ms } : undefined;
  if ('error' in outcome) {
    if (texts.error) toast.error(textOf(texts.error, outcome.error, arg), options);
  } else if (texts.success) {
    toast.success(textOf(texts.success, arg, outcome.data), options);
  }
}

/**
 * Builds an endpoint's `onQueryStarted` that waits for the call and shows `texts.success` or
 * `texts.error`. The caller still gets the result (`{ data }` / `{ error }`, or `.unwrap()`), so a
 * screen only does what follows a success (close a dialog, go back a page).
 */
export function toastOutcome<Arg, Result>(texts: MutationToasts<Arg, Result>) {
  return async (arg: Arg, { queryFulfilled }: { queryFulfilled: Promise<{ data: Result }> }): Promise<void> => {
    let outcome: { data: Result } | { error: ApiError };
    try {
      outcome = { data: (await queryFulfilled).data };
    } catch (failure) {
      outcome = { error: toApiError((failure as { error?: unknown }).error) };
    }
    showOutcomeToast(texts, arg, outcome);
  };
}
