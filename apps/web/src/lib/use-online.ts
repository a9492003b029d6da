/**
 * Whether the browser believes it is online (`navigator.onLine`, kept current by the `online` and
 * `offline` events) as React state; true where the API is missing (server, tests).
 */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/** True while the browser is online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, online, () => true);
}
