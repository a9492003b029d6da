/**
 * The header's search loads its combobox once the page has hydrated and the browser is idle, so
 * the first keystroke does not wait for the module (docs/performance.md, "The header search").
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp } from '../../test/render';
import { markHydrated } from '../../lib/hydration';
import HeaderSearch from './components/header-search';

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.hydrated;
});

describe('HeaderSearch at idle', () => {
  it('swaps the light box for the combobox once the page has hydrated and the browser is idle, without taking the focus', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const { unmount } = renderApp(<HeaderSearch />, { auth: { status: 'authenticated', user: makeUser() } });
    expect(screen.getByRole('combobox', { name: 'Search' })).not.toHaveAttribute('data-headlessui-state');
    // Idle moments before the app has hydrated are not used.
    expect(idle).toHaveLength(0);
    act(() => markHydrated());
    await waitFor(() => expect(idle).toHaveLength(1));
    act(() => idle[0]!());
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Search' })).toHaveAttribute('data-headlessui-state'),
    );
    expect(screen.getByRole('combobox', { name: 'Search' })).not.toHaveFocus();
    unmount();
  });
});
