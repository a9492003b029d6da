import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { LocationProbe, makeUser, renderApp } from '../../test/render';
import { GuestOnly } from './guest-only';
import { RequireAdmin } from './require-admin';
import { redirectTarget } from '../../lib/login-redirect';
import { RequireAuth } from './require-auth';

function TestRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LocationProbe name="Home page" />} />
      <Route element={<GuestOnly />}>
        <Route path="/login" element={<LocationProbe name="Login page" />} />
      </Route>
      <Route element={<RequireAuth />}>
        <Route path="/rides" element={<p>Rides content</p>} />
        <Route path="/profile" element={<p>Profile content</p>} />
        <Route element={<RequireAdmin />}>
          <Route path="/admin/*" element={<p>Admin content</p>} />
        </Route>
      </Route>
    </Routes>
  );
}

const signedIn = (roles: string[] = ['user']) => ({
  status: 'authenticated' as const,
  user: makeUser({ roles }),
  roles,
});

describe('signed-in guard (RequireAuth)', () => {
  it('shows the full-screen loading screen while the auth status is unknown', () => {
    renderApp(<TestRoutes />, { initialEntries: ['/rides'] });
    expect(screen.getByTestId('loading-screen')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Connecting to database...')).toBeInTheDocument();
    expect(screen.queryByText('Rides content')).not.toBeInTheDocument();
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login, remembering the page with its query and hash', () => {
    renderApp(<TestRoutes />, { auth: { status: 'unauthenticated' }, initialEntries: ['/rides?when=today#list'] });
    expect(screen.getByText('Login page')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/login');
    expect(screen.getByTestId('from')).toHaveTextContent('/rides?when=today#list');
    expect(screen.queryByText('Rides content')).not.toBeInTheDocument();
  });

  it('does not remember the page after the user pressed Logout', () => {
    renderApp(<TestRoutes />, {
      auth: { status: 'unauthenticated', signedOutByUser: true },
      initialEntries: ['/profile'],
    });
    expect(screen.getByText('Login page')).toBeInTheDocument();
    expect(screen.getByTestId('from')).toHaveTextContent('(none)');
  });

  it('renders the protected page for a signed-in user', () => {
    renderApp(<TestRoutes />, { auth: signedIn(), initialEntries: ['/rides'] });
    expect(screen.getByText('Rides content')).toBeInTheDocument();
    expect(screen.queryByTestId('loading-screen')).not.toBeInTheDocument();
  });
});

describe('admin guard (RequireAdmin)', () => {
  it('sends a signed-in non-admin to /', () => {
    renderApp(<TestRoutes />, { auth: signedIn(['user']), initialEntries: ['/admin/users'] });
    expect(screen.getByText('Home page')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
    expect(screen.queryByText('Admin content')).not.toBeInTheDocument();
  });

  it('shows the admin area to a user whose roles include admin', () => {
    renderApp(<TestRoutes />, { auth: signedIn(['user', 'admin']), initialEntries: ['/admin/users'] });
    expect(screen.getByText('Admin content')).toBeInTheDocument();
  });

  it('uses the roles of the session, not the user object', () => {
    renderApp(<TestRoutes />, {
      auth: { status: 'authenticated', user: makeUser({ roles: ['admin'] }), roles: ['user'] },
      initialEntries: ['/admin'],
    });
    expect(screen.queryByText('Admin content')).not.toBeInTheDocument();
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login first (with the origin)', () => {
    renderApp(<TestRoutes />, { auth: { status: 'unauthenticated' }, initialEntries: ['/admin'] });
    expect(screen.getByText('Login page')).toBeInTheDocument();
    expect(screen.getByTestId('from')).toHaveTextContent('/admin');
  });
});

describe('guest-only wrapper (GuestOnly)', () => {
  it('shows the login page to a signed-out visitor', () => {
    renderApp(<TestRoutes />, { auth: { status: 'unauthenticated' }, initialEntries: ['/login'] });
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  it('shows the loading screen while the status is unknown', () => {
    renderApp(<TestRoutes />, { initialEntries: ['/login'] });
    expect(screen.getByTestId('loading-screen')).toBeInTheDocument();
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
  });

  it('sends a signed-in user to the page they came from', () => {
    renderApp(<TestRoutes />, {
      auth: signedIn(),
      initialEntries: [{ pathname: '/login', state: { from: '/rides' } }],
    });
    expect(screen.getByText('Rides content')).toBeInTheDocument();
  });

  it('sends a signed-in user without an origin to /', () => {
    renderApp(<TestRoutes />, { auth: signedIn(), initialEntries: ['/login'] });
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('lets the login screen finish its delayed redirect right after a login', () => {
    renderApp(<TestRoutes />, { auth: { ...signedIn(), justSignedIn: true }, initialEntries: ['/login'] });
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });
});

describe('redirectTarget', () => {
  it('accepts same-app paths only', () => {
    expect(redirectTarget({ from: '/rides?x=1' })).toBe('/rides?x=1');
    expect(redirectTarget({ from: '//evil.example/phish' })).toBe('/');
    expect(redirectTarget({ from: 'https://evil.example' })).toBe('/');
    expect(redirectTarget({ from: '/login' })).toBe('/');
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget({ from: 42 })).toBe('/');
  });
});
