/**
 * `preloadable(load)`: `React.lazy` for a component whose module can be fetched ahead of its first
 * render (`Component.preload()`), and which renders without suspending once its module is in:
 * `lazy` then receives an already-fulfilled thenable, so React commits no fallback and its Suspense
 * reveal throttle (about 300 ms after a fallback shows) never delays the page (first paint).
 * Until then it suspends like `lazy`. A failed download is retried on the next call.
 */
import { lazy, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

export function preloadable<P extends object>(load: () => Promise<Module<P>>) {
  let loaded: Module<P> | undefined;
  let pending: Promise<Module<P>> | undefined;
  const preload = (): Promise<Module<P>> =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    ));
  const Component = lazy(() =>
    loaded
      ? // A thenable that calls back at once: React.lazy reads the module in the same render.
        ({ then: (resolve: (m: Module<P>) => void) => resolve(loaded!) } as unknown as Promise<Module<P>>)
      : preload(),
  );
  return Object.assign(Component, { preload });
}
