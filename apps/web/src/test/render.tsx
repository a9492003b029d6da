/**
 * Test helpers: `renderApp(ui, { auth, initialEntries })` renders `ui` inside a fresh store (with
 * the given auth state merged over the initial one) and a MemoryRouter. `LocationProbe` prints the
 * current path and `state.from` so tests can assert redirects.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, type InitialEntry } from 'react-router';
import { makeStore } from '../lib/store';
import { initialAuthState, type AuthState } from '../lib/auth-slice';
import type { PublicUser } from '@campus/contract/users';

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: '0190a000-0000-7000-8000-000000000001',
    name: 'Asha Verma',
    email: 'asha.12345678@iiitsonepat.ac.in',
    username: 'asha.12345678',
    branch: 'Computer Science Engineering',
    semester: 'Fifth',
    hostel: 'Coho Hostel',
    graduation_year: 2027,
    registration_number: '12345678',
    roles: ['user'],
    avatar: null,
    avatarThumb: null,
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function renderApp(
  ui: ReactElement,
  { auth = {}, initialEntries = ['/'] }: { auth?: Partial<AuthState>; initialEntries?: InitialEntry[] } = {},
) {
  const store = makeStore({ auth: { ...initialAuthState, ...auth } });
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={initialEntries}>{ui}</MemoryRouter>
    </Provider>,
  );
  return { store, ...result };
}

export function LocationProbe({ name }: { name: string }) {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return (
    <div>
      <p>{name}</p>
      <p data-testid="path">{location.pathname + location.search}</p>
      <p data-testid="from">{from ?? '(none)'}</p>
    </div>
  );
}
