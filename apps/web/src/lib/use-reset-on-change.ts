/**
 * Resets state when a value changes (the route's path, a query parameter) without an effect.
 * An effect also runs once at mount, right after hydration, so a tap React replayed during
 * hydration (a menu opened, text typed) would be undone by it; adjusting state during render when
 * the value differs from the last render's is React's documented pattern ("Adjusting some state
 * when a prop changes") and runs only on a real change (docs/decisions/0001-hydration-at-load.md).
 */
import { useState } from 'react';

/** Calls `reset` (which sets state) during the render in which `value` differs from the last render's. */
export function useResetOnChange(value: unknown, reset: () => void): void {
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    reset();
  }
}
