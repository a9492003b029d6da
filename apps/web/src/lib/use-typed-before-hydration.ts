/**
 * Text typed into a server-rendered controlled field before the app hydrated
 * (docs/decisions/0001-hydration-at-load.md): hydration keeps the field's text in the page but not
 * in React's state, so the next render would wipe it (a search typed at once vanished when the
 * price beside it changed). At mount, a field whose text differs from its `value` hands that text
 * to `adopt`, as if it were typed now. After a client-side render the two never differ.
 */
import { useEffect, useRef } from 'react';

/** Returns the ref to put on the field; `value` is its controlled value (undefined: uncontrolled, left alone). */
export function useTypedBeforeHydration(value: unknown, adopt: ((typed: string) => void) | undefined) {
  const ref = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && adopt && value !== undefined && value !== null && el.value !== String(value)) adopt(el.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount: only hydration leaves the two apart
  }, []);
  return ref;
}
