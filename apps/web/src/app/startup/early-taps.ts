/**
 * Taps made before the app's JavaScript has arrived (docs/decisions/0001-hydration-at-load.md).
 * Once `hydrateRoot` has been called, React listens on the root and replays what arrives during
 * hydration itself (selective hydration). Before that call nothing listens: a tap on a button, a
 * tab or a menu toggle would do nothing, and a form would submit natively and leave the page. So,
 * from the tiny entry's start until `hydrateRoot` has been called, the pointer, mouse, click and
 * submit events of a real input are held (cancelled, but for pointerdown) and then dispatched
 * again, as faithful copies in their original order on their original targets, for React to
 * handle. Native form fields are left alone: they work without the app. No React here: this runs
 * in the start-up entry.
 */

/** The events of a tap (pointer and mouse, down and up, the click) and a form's submission. */
export const EARLY_TAP_EVENTS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'submit'] as const;

/** Form fields that work natively before the app has hydrated (not their submit buttons). */
export const NATIVE_FIELDS =
  'input:not([type="submit"]):not([type="button"]):not([type="image"]):not([type="reset"]), select, textarea, label';

/** A copy of `event` that can be dispatched again: same type, coordinates, buttons and keys. */
function copyOf(event: Event): Event {
  const Type = event.constructor as new (type: string, init: object) => Event;
  return new Type(event.type, event);
}

/**
 * Holds the taps made in `win` until `ready` settles, then dispatches copies of them on their
 * targets (still in the document) in order; a submission is sent with `requestSubmit`. After a
 * failed start (`ready` rejects) the copies go out all the same, to the page's native behaviour
 * (a link's copy of the click follows it). Only real input is held (`isTrusted`), so the copies pass.
 */
export function holdEarlyTaps(ready: Promise<unknown>, win: Window = window): void {
  const held: Event[] = [];
  const hold = (event: Event) => {
    if (!event.isTrusted) return;
    // Native fields (typing, ticking, choosing) work without the app: their taps are theirs.
    if (event.target instanceof Element && event.target.closest(NATIVE_FIELDS)) return;
    // A cancelled pointerdown would suppress the mousedown and mouseup that follow it, on which
    // some controls act (a Radix tab activates on mousedown): it is held but not cancelled.
    if (event.type !== 'pointerdown') event.preventDefault();
    event.stopImmediatePropagation();
    held.push(event);
  };
  for (const type of EARLY_TAP_EVENTS) win.addEventListener(type, hold, true);
  const release = () => {
    for (const type of EARLY_TAP_EVENTS) win.removeEventListener(type, hold, true);
    for (const event of held) {
      const target = event.target as Node | null;
      if (!target?.isConnected) continue;
      if (event.type === 'submit') {
        const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
        const form = target as HTMLFormElement;
        form.requestSubmit(submitter?.isConnected && submitter.form === form ? submitter : undefined);
      } else target.dispatchEvent(copyOf(event));
    }
  };
  ready.then(release, release);
}
