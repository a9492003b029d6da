import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ROLE as CONTRACT_ADMIN_ROLE } from '@campus/contract/users-ui';
import { json } from '../test/http';
import { makeStore } from './store';
import { makeUser } from '../test/render';
import { ADMIN_ROLE } from './roles';
import {
  AUTH_CHECK_TIMEOUT_MS,
  checkSession,
  initialAuthState,
  loggedOut,
  primeSessionCheck,
  signedIn,
  type AuthState,
} from './auth-slice';

const userData = { user: makeUser(), roles: ['user'] };
function storeWith(auth: Partial<AuthState> = {}) {
  return makeStore({ auth: { ...initialAuthState, ...auth } });
}

describe('auth slice: session status (docs/product-spec.md §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('unknown → authenticated with the user and roles of GET /api/users/current', async () => {
    const fetchMock = vi.fn(async () =>
      json(200, { success: true, message: 'OK', data: { ...userData, roles: ['user', 'admin'] } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const store = storeWith();
    await store.dispatch(checkSession());
    expect(fetchMock.mock.calls[0]).toEqual(expect.arrayContaining(['/api/users/current']));
    const auth = store.getState().auth;
    expect(auth.status).toBe('authenticated');
    expect(auth.user?.email).toBe(userData.user.email);
    expect(auth.roles).toEqual(['user', 'admin']);
  });

  it('the first check uses the request primed at start-up: one call, not two', async () => {
    const fetchMock = vi.fn(async () => json(200, { success: true, message: 'OK', data: userData }));
    vi.stubGlobal('fetch', fetchMock);
    primeSessionCheck();
    const store = storeWith();
    await store.dispatch(checkSession());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.getState().auth.status).toBe('authenticated');
    await store.dispatch(checkSession());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a primed check that failed (server still starting) is asked again, not taken as signed out', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(200, { success: true, message: 'OK', data: userData }));
    vi.stubGlobal('fetch', fetchMock);
    primeSessionCheck();
    const store = storeWith();
    await store.dispatch(checkSession());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(store.getState().auth.status).toBe('authenticated');
  });

  it('unknown → unauthenticated on 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { success: false, message: 'Not authenticated' })),
    );
    const store = storeWith();
    await store.dispatch(checkSession());
    expect(store.getState().auth.status).toBe('unauthenticated');
  });

  it('a status check that takes longer than 3 s counts as not authenticated', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_r, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          ),
      ),
    );
    const store = storeWith();
    const done = store.dispatch(checkSession());
    await vi.advanceTimersByTimeAsync(AUTH_CHECK_TIMEOUT_MS - 1);
    expect(store.getState().auth.status).toBe('unknown');
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(store.getState().auth.status).toBe('unauthenticated');
  });

  it('a later refresh keeps the session on a transient failure but ends it on 401', async () => {
    const store = storeWith({ status: 'authenticated', user: userData.user, roles: ['user'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(503, { success: false, message: 'Database unavailable' })),
    );
    await store.dispatch(checkSession());
    expect(store.getState().auth.status).toBe('authenticated');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { success: false, message: 'Not authenticated' })),
    );
    await store.dispatch(checkSession());
    expect(store.getState().auth.status).toBe('unauthenticated');
    expect(store.getState().auth.user).toBeNull();
  });

  it('logout clears everything and a later check does not bring the user back on this page', async () => {
    const store = storeWith();
    store.dispatch(signedIn(userData));
    expect(store.getState().auth.status).toBe('authenticated');
    store.dispatch(loggedOut());
    const auth = store.getState().auth;
    expect(auth).toMatchObject({
      status: 'unauthenticated',
      user: null,
      roles: [],
      allUsers: [],
      error: null,
      signedOutByUser: true,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { success: true, message: 'OK', data: userData })),
    );
    await store.dispatch(checkSession());
    expect(store.getState().auth.status).toBe('unauthenticated');
    store.dispatch(signedIn(userData));
    expect(store.getState().auth).toMatchObject({
      status: 'authenticated',
      signedOutByUser: false,
      justSignedIn: true,
    });
  });
});

describe('roles', () => {
  it('the web admin role matches the contract', () => {
    expect(ADMIN_ROLE).toBe(CONTRACT_ADMIN_ROLE);
  });
});
