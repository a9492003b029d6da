/**
 * The toast container (docs/product-spec.md §9, docs/design.md §8): react-toastify 11, top-right, auto-close 5000 ms,
 * swipe-to-dismiss at 80 %, at most 20 toasts, dark theme when the system prefers dark
 * (Alt+T focuses the toasts: react-toastify's default hot key). Lazy-loaded by app.tsx; its styles are
 * in index.css.
 */
import { useSyncExternalStore } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const mql = window.matchMedia?.(DARK_QUERY);
  mql?.addEventListener('change', onChange);
  return () => mql?.removeEventListener('change', onChange);
}

/** True when the system colour scheme is dark (live). */
export function usePrefersDark(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(DARK_QUERY).matches ?? false,
    () => false,
  );
}

export default function Toasts() {
  const dark = usePrefersDark();
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      draggablePercent={80}
      limit={20}
      newestOnTop={false}
      closeOnClick={false}
      pauseOnFocusLoss
      pauseOnHover
      theme={dark ? 'dark' : 'light'}
    />
  );
}
