import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { Route, Routes, StaticRouter } from 'react-router';
import { GuestOnly } from './guest-only';
import { RequireAdmin } from './require-admin';
import { RequireAuth } from './require-auth';
import NotFoundPage from '../../components/not-found-page';
import { initialAuthState, type AuthState } from '../../lib/auth-slice';
import { loginOrigin, redirectTarget } from '../../lib/login-redirect';
import { ServerRenderContext, type ServerRenderRecord } from '../../lib/ssr';
import { makeStore } from '../../lib/store';
import { makeUser } from '../../test/render';

/** Renders the guarded routes at `url` the way the server does; returns the markup and the record. */
function serverRender(url: string, auth: Partial<AuthState>) {
  const store = makeStore({ auth: { ...initialAuthState, ...auth } });
  const record: ServerRenderRecord = {};
  const html = renderToString(
    <ServerRenderContext value={record}>
      <Provider store={store}>
        <StaticRouter location={url}>
          <Routes>
            <Route path="/" element={<p>Home</p>} />
            <Route element={<GuestOnly />}>
              <Route path="/login" element={<p>Login</p>} />
            </Route>
            <Route element={<RequireAuth />}>
              <Route path="/rides" element={<p>Rides</p>} />
              <Route element={<RequireAdmin />}>
                <Route path="/admin/*" element={<p>Admin</p>} />
              </Route>
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </StaticRouter>
      </Provider>
    </ServerRenderContext>,
  );
  return { html, record };
}

const student = { status: 'authenticated' as const, user: makeUser(), roles: ['user'] };

describe('guards on the server', () => {
  it('records the redirect of a guest on a protected page, with the page and its query', () => {
    const { html, record } = serverRender('/rides?when=today', { status: 'unauthenticated' });
    expect(record.redirect).toEqual({ to: '/login', from: '/rides?when=today' });
    expect(html).not.toContain('Rides');
  });

  it('sends a signed-in student away from /login (to from, else home) and a non-admin away from /admin', () => {
    expect(serverRender('/login', student).record.redirect).toEqual({ to: '/' });
    expect(serverRender('/login?from=%2Frides', student).record.redirect).toEqual({ to: '/rides' });
    expect(serverRender('/admin/users', student).record.redirect).toEqual({ to: '/' });
  });

  it('renders the page and records nothing for a visitor who may see it', () => {
    const { html, record } = serverRender('/rides', student);
    expect(html).toContain('Rides');
    expect(record).toEqual({});
    expect(serverRender('/login', { status: 'unauthenticated' }).html).toContain('Login');
  });

  it('records 404 for the not-found page', () => {
    const { html, record } = serverRender('/nowhere', { status: 'unauthenticated' });
    expect(record.status).toBe(404);
    expect(html).toContain('Oops! You&#x27;ve hit a dead end.');
  });
});

describe('loginOrigin', () => {
  it('reads the router state first, else the ?from= of the server redirect', () => {
    expect(loginOrigin({ state: { from: '/rides' }, search: '?from=%2Fprofile' })).toEqual({ from: '/rides' });
    expect(loginOrigin({ state: null, search: '?from=%2Fprofile%3Ftab%3D1' })).toEqual({ from: '/profile?tab=1' });
    expect(loginOrigin({ state: null, search: '' })).toBeNull();
    expect(redirectTarget(loginOrigin({ state: null, search: '?from=https%3A%2F%2Fevil.example' }))).toBe('/');
  });
});
