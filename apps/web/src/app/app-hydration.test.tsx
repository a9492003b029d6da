/**
 * The app hydrates from the state the server rendered with (app.tsx `serverState`,
 * docs/decisions/0001-hydration-at-load.md): a store that moved on before the page hydrated — a
 * student who logged in while the header was still the server's markup — hydrates without a
 * mismatch and then shows the new state.
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { authSlice, signedIn } from '../lib/auth-slice';
import { makeStore } from '../lib/store';
import { makeUser } from '../test/render';

vi.mock('./routes', async () => {
  const { useAppSelector } = await import('../lib/store');
  function AuthProbe() {
    const name = useAppSelector((s) => s.auth.user?.name ?? 'Guest');
    return <p>{name}</p>;
  }
  return { AppRoutes: AuthProbe };
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** Server-renders the app for a guest, then hydrates it with a store in which the student has logged in. */
async function hydrateAfterLogin(withServerState: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  const guest = { auth: { ...authSlice.getInitialState(), status: 'unauthenticated' as const } };
  const container = document.createElement('div');
  // The first render starts the lazy toasts' download, the second has them (as the server's does).
  renderToString(<App store={makeStore(guest)} location="/" ready />);
  await import('./toasts');
  await new Promise((resolve) => setTimeout(resolve, 0));
  container.innerHTML = renderToString(<App store={makeStore(guest)} location="/" ready />);
  document.body.append(container);
  const store = makeStore(guest);
  const serverState = store.getState();
  store.dispatch(signedIn({ user: makeUser(), roles: ['user'] }));
  const recoverable = vi.fn();
  await act(async () => {
    hydrateRoot(container, <App store={store} serverState={withServerState ? serverState : undefined} ready />, {
      onRecoverableError: recoverable,
    });
  });
  return { container, recoverable };
}

describe('hydration after the store moved on', () => {
  it('hydrates from the server state without a mismatch, then shows the store', async () => {
    const { container, recoverable } = await hydrateAfterLogin(true);
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toContain('Asha Verma');
  });

  it('would mismatch without it', async () => {
    const { recoverable } = await hydrateAfterLogin(false);
    expect(recoverable).toHaveBeenCalled();
  });
});
