/**
 * Toasts declared with the mutation (issue 8): an endpoint states its success and error texts once,
 * as `onQueryStarted: toastOutcome({ … })`, and every screen that calls it gets them — no
 * try/await/toast block per page. Texts are the spec's (§8); `ms` is the feature's toast duration
 * (spec §8–§9: marketplace 5 s, lost and found 4 s; the container's 5 s when absent), for success
 * and error alike.
 */
import { toApiError, type ApiError } from './api';
import { toast } from './toast';

/** A text, or a function of what the call had (argument, result or error) giving it. */
type Text<Args extends unknown[]> = string | ((...args: Args) => string);

/** The toasts of one mutation. */
export interface MutationToasts<Arg, Result> {
  /** Shown when the call succeeds: a text, or `(arg, data) => text`. */
  success?: Text<[arg: Arg, data: Result]>;
  /** Shown when it fails: a text, or `(error, arg) => text` (`error.message` follows spec §8). */
  error?: Text<[error: ApiError, arg: Arg]>;
  /** Auto-close in ms for both toasts. */
  ms?: number;
}

const textOf = <Args extends unknown[]>(text: Text<Args>, ...args: Args) =>
  typeof text === 'function' ? text(...args) : text;

/**
 * Builds an endpoint's `onQueryStarted` that waits for the call and shows `texts.success` or
 * `texts.error`. The caller still gets the result (`{ data }` / `{ error }`, or `.unwrap()`), so a
 * screen only does what follows a success (close a dialog, go back a page).
 */
export function toastOutcome<Arg, Result>(texts: MutationToasts<Arg, Result>) {
  const options = texts.ms ? { autoClose: texts.ms } : undefined;
  return async (arg: Arg, { queryFulfilled }: { queryFulfilled: Promise<{ data: Result }> }): Promise<void> => {
    let data: Result;
    try {
      ({ data } = await queryFulfilled);
    } catch (failure) {
      if (texts.error)
        toast.error(textOf(texts.error, toApiError((failure as { error?: unknown }).error), arg), options);
      return;
    }
    if (texts.success) toast.success(textOf(texts.success, arg, data), options);
  };
}
