/**
 * Taps made before the app's JavaScript has arrived (docs/decisions/0001-hydration-at-load.md).
 * Once `hydrateRoot` has been called, React listens on the root and replays what arrives during
 * hydration itself (selective hydration). Before that call nothing listens: a tap on a button, a
 * tab or a menu toggle would do nothing, and a form would submit natively and leave the page. So,
 * from the first paint (a copy of {@link captureEarlyTaps} inlined in the head) until `hydrateRoot`
 * has been called, the pointer, mouse, click and
 * submit events of a real input are held (cancelled, but for pointerdown) and then dispatched
 * again, as faithful copies in their original order on their original targets, for React to
 * handle. Native form fields are left alone: they work without the app. No React here: this runs
 * in the start-up entry, and its capture from the page's head (before any script has loaded).
 */

/** A copy of `event` that can be dispatched again: same type, coordinates, buttons and keys. */
function copyOf(event: Event): Event {
  const Type = event.constructor as new (type: string, init: object) => Event;
  return new Type(event.type, event);
}

/**
 * What {@link captureEarlyTaps} leaves on `window.__earlyTaps`: the held events, whether a native
 * field was typed into meanwhile (not held: the field keeps the text, which the app's handlers read
 * once it starts, as the header search does), and how to stop.
 */
export interface EarlyTapCapture {
  held: Event[];
  typed: boolean;
  stop: () => void;
}

/**
 * Starts holding the taps made in `win` (real input, not on native form fields) and leaves the capture on `win.__earlyTaps`. Self-contained — no import,
 * no name from this module — because the web build also inlines its source into the page's
 * `<head>` (vite.config.ts `earlyTapsInHead`; allowed by the CSP's hash of it, apps/api
 * plugins/security-headers.ts), so taps are held from the first paint, before any module has
 * loaded; the entry's {@link holdEarlyTaps} then takes that capture over.
 */
export function captureEarlyTaps(win: Window & { __earlyTaps?: EarlyTapCapture }): EarlyTapCapture {
  // The events of a tap (pointer and mouse, down and up, the click) and a form's submission.
  const types = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'submit'];
  // Form fields that work natively before the app has hydrated (not their submit buttons).
  const fields =
    'input:not([type="submit"]):not([type="button"]):not([type="image"]):not([type="reset"]), select, textarea, label';
  const held: Event[] = [];
  const hold = (event: Event) => {
    if (!event.isTrusted) return;
    // Native fields (typing, ticking, choosing) work without the app: their taps are theirs.
    if (event.target instanceof Element && event.target.closest(fields)) return;
    // A cancelled pointerdown would suppress the mousedown and mouseup that follow it, on which
    // some controls act (a Radix tab activates on mousedown): it is held but not cancelled.
    if (event.type !== 'pointerdown') event.preventDefault();
    event.stopImmediatePropagation();
    held.push(event);
  };
  // Typing into a native field is not held, only noted: the app's start then hurries as for a tap.
  const typing = (event: Event) => {
    if (event.isTrusted) capture.typed = true;
  };
  for (const type of types) win.addEventListener(type, hold, true);
  win.addEventListener('input', typing, true);
  const capture = {
    held,
    typed: false,
    stop: () => {
      for (const type of types) win.removeEventListener(type, hold, true);
      win.removeEventListener('input', typing, true);
    },
  };
  win.__earlyTaps = capture;
  return capture;
}

/**
 * True while input made before the app listens waits for the start ({@link holdEarlyTaps}): a held
 * tap, or text typed into a native field (the header search: its suggestions come once the app
 * reads it). The start then stops yielding to the browser between its steps
 * (app/startup/start-app.tsx), since the input it would yield for is already waiting for it.
 */
export function tapHeld(win: Window & { __earlyTaps?: EarlyTapCapture } = window): boolean {
  const capture = win.__earlyTaps;
  return capture !== undefined && (capture.held.length > 0 || capture.typed);
}

/**
 * Holds the taps made in `win` until `ready` settles — taking over the capture the page's head
 * started ({@link captureEarlyTaps}), or starting one — then dispatches copies of them on their
 * targets (still in the document) in order; a submission is sent with `requestSubmit`. After a
 * failed start (`ready` rejects) the copies go out all the same, to the page's native behaviour
 * (a link's copy of the click follows it). Only real input is held (`isTrusted`), so the copies pass.
 */
export function holdEarlyTaps(ready: Promise<unknown>, win: Window & { __earlyTaps?: EarlyTapCapture } = window): void {
  const { held, stop } = win.__earlyTaps ?? captureEarlyTaps(win);
  const release = () => {
    stop();
    delete win.__earlyTaps;
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
