/**
 * `useOpenedOnce(open)`: false until `open` has been true once, then true for the component's
 * life. Pages mount a lazily loaded form modal only from its first opening (the form
 * libraries and the contract's zod schemas load with the form, not with the page's first paint),
 * and keep it mounted afterwards so its closing animation and state behave as before.
 */
import { useState } from 'react';

export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
