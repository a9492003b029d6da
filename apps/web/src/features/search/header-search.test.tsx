/**
 * The header's search loads its combobox's module once the page has hydrated and the browser is
 * idle, so the first keystroke does not wait for it, and swaps it in at first use only
 * (docs/performance.md, "The header search").
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
  it('loads the combobox once the page has hydrated and the browser is idle, and swaps it in at the first focus', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const { unmount } = renderApp(<HeaderSearch />, { auth: { status: 'authenticated', user: makeUser() } });
    const box = () => screen.getByRole('combobox', { name: 'Search' });
    expect(box()).not.toHaveAttribute('data-headlessui-state');
    // Idle moments before the app has hydrated are not used.
    expect(idle).toHaveLength(0);
    act(() => markHydrated());
    await waitFor(() => expect(idle).toHaveLength(1));
    act(() => idle[0]!());
    await vi.dynamicImportSettled();
    // Loaded, not rendered: the light box stays until the box is used.
    expect(box()).not.toHaveAttribute('data-headlessui-state');
    act(() => box().focus());
    await waitFor(() => expect(box()).toHaveAttribute('data-headlessui-state'));
    expect(box()).toHaveFocus();
    unmount();
  });
});
