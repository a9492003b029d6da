/**
 * What a person typed, chose or ticked in a server-rendered field before the app hydrated
 * (docs/decisions/0001-hydration-at-load.md). Hydration keeps it in the page but not in React's or
 * a form library's state, and a mount step may overwrite it at once: react-hook-form's `register`
 * writes the form's default into its field when it attaches, and Headless UI's `ComboboxInput`
 * writes its display value. So it is read when the field is first attached, before any other ref
 * or effect has run, by comparing the field with what the server rendered (`defaultValue`,
 * `defaultSelected`, `defaultChecked`); once the children's effects have run it is entered again:
 * text written past React's value tracker and announced with an `input` event (`change` for a
 * select), which React turns into the field's `onChange` (and Headless UI into opening its list),
 * and a box ticked or cleared with a click. After a client-side render the field still holds what
 * was rendered, and nothing is entered.
 */
import { useCallback, useEffect, useRef, type Ref } from 'react';

/** A field a person can fill before the app has hydrated. */
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Whether `el` is ticked rather than typed into. */
const isToggle = (el: Field): el is HTMLInputElement =>
  el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');

/** The text (or option value) `el` held as the server rendered it. */
function renderedValue(el: Field): string {
  if (!(el instanceof HTMLSelectElement)) return el.defaultValue;
  return ([...el.options].find((o) => o.defaultSelected) ?? el.options[0])?.value ?? '';
}

/**
 * What a person left in `el` that differs from the server's markup: its text (or chosen option's
 * value), or for a checkbox or radio whether it is ticked; undefined when it holds what was rendered.
 */
function enteredBefore(el: Field): string | boolean | undefined {
  if (isToggle(el)) return el.checked !== el.defaultChecked ? el.checked : undefined;
  return el.value !== renderedValue(el) ? el.value : undefined;
}

/**
 * Puts `text` into `el` the way a person does: React's value tracker on the element is set to
 * `from` (the text React or the form library holds now), the text is written past it, and the
 * field announces it (`input`, or `change` for a select), so React reads a change.
 */
function typeInto(el: Field, from: string, text: string): void {
  el.value = from;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!.call(el, text);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Returns the ref to put on the field (it also sets `forwarded`, after reading the field). `value`
 * is what React holds for a controlled field at mount (its text, or `checked` for a checkbox);
 * undefined for an uncontrolled one (react-hook-form's `register`), whose entry is always announced
 * again, so the form's state and its watchers (`useWatch`) follow the field.
 */
export function useTypedBeforeHydration<T extends Field>(value: unknown, forwarded?: Ref<T>): (el: T | null) => void {
  const ref = useRef<T | null>(null);
  const attached = useRef(false);
  const entered = useRef<string | boolean | undefined>(undefined);
  useEffect(() => {
    const el = ref.current;
    const before = entered.current;
    const held = value ?? undefined;
    if (!el || before === undefined || held === before) return;
    if (typeof before === 'boolean') {
      // A radio cleared by choosing another is left to the one chosen, which ticks itself.
      if (!isToggle(el) || (el.type === 'radio' && !before)) return;
      el.checked = !before;
      el.click();
    } else if (held === undefined || String(held) !== before) {
      typeInto(el, held === undefined ? renderedValue(el) : String(held), before);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount: only hydration leaves the two apart
  }, []);
  return useCallback(
    (el: T | null) => {
      if (el && !attached.current) {
        attached.current = true;
        entered.current = enteredBefore(el);
      }
      ref.current = el;
      if (typeof forwarded === 'function') forwarded(el);
      else if (forwarded) forwarded.current = el;
    },
    [forwarded],
  );
}
