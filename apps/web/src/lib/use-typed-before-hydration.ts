/**
 * Text typed into a server-rendered field (or an option chosen in a select) before the app hydrated
 * (docs/decisions/0001-hydration-at-load.md). Hydration keeps the field's text in the page but not
 * in React's state, so the next render would wipe it (a search typed at once vanished when the
 * price beside it changed), and a library's own mount effect may clear it at once (Headless UI's
 * `ComboboxInput` writes its display value into the field). So the text is read at mount before
 * any effect has run (a layout effect) and, if it differs from the text React holds, it is typed
 * again once the children's effects have run: written into the field past React's value tracker
 * and announced with an `input` event, which React turns into the field's `onChange` (and Headless
 * UI into opening its list), as if it were typed now. After a client-side render the two never
 * differ.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, type Ref } from 'react';

/** A field a person can fill before the app has hydrated. */
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Puts `text` into `el` the way a person does: React's value tracker on the element is set to
 * `from` (the text React holds; hydration tracked the typed text as if React had written it), the
 * text is written past it, and the field announces it (`input`, or `change` for a select), so
 * React reads a change.
 */
function typeInto(el: Field, from: string, text: string): void {
  el.value = from;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!.call(el, text);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Returns the ref to put on the field (it also sets `forwarded`). `value` is the text React holds
 * for the field at mount (undefined or null: the field is not React's to follow, and is left alone).
 */
export function useTypedBeforeHydration<T extends Field>(value: unknown, forwarded?: Ref<T>): (el: T | null) => void {
  const ref = useRef<T | null>(null);
  const typed = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    typed.current = ref.current?.value;
  }, []);
  useEffect(() => {
    const el = ref.current;
    const text = typed.current;
    if (el && text !== undefined && value !== undefined && value !== null && text !== String(value))
      typeInto(el, String(value), text);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount: only hydration leaves the two apart
  }, []);
  return useCallback(
    (el: T | null) => {
      ref.current = el;
      if (typeof forwarded === 'function') forwarded(el);
      else if (forwarded) forwarded.current = el;
    },
    [forwarded],
  );
}
