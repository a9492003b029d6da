/**
 * The header's search loads its combobox's module once the page has hydrated and the browser is
 * idle, so the first keystroke does not wait for it, and swaps it in then where the box is shown;
 * a hidden box (phones) gets it at first use (docs/performance.md, "The header search").
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp } from '../../test/render';
import { markHydrated } from '../../lib/hydration';
import HeaderSearch from './components/header-search';

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.hydrated;
});

describe('HeaderSearch at idle', () => {
  it('swaps in the combobox once the page has hydrated and is idle where the box is shown, elsewhere at the first focus', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    // happy-dom lays nothing out: the box inside "wide" stands for the one shown from md up.
    vi.spyOn(HTMLElement.prototype, 'checkVisibility').mockImplementation(function (this: HTMLElement) {
      return this.closest('[data-testid="wide"]') !== null;
    });
    const { unmount } = renderApp(
      <>
        <div data-testid="wide">
          <HeaderSearch />
        </div>
        <div data-testid="narrow">
          <HeaderSearch />
        </div>
      </>,
      { auth: { status: 'authenticated', user: makeUser() } },
    );
    const box = (id: string) => within(screen.getByTestId(id)).getByRole('combobox', { name: 'Search' });
    expect(box('wide')).not.toHaveAttribute('data-headlessui-state');
    // Idle moments before the app has hydrated are not used.
    expect(idle).toHaveLength(0);
    act(() => markHydrated());
    await waitFor(() => expect(idle).toHaveLength(2));
    act(() => idle.forEach((task) => task()));
    await waitFor(() => expect(box('wide')).toHaveAttribute('data-headlessui-state'));
    expect(box('wide')).not.toHaveFocus();
    // The hidden box keeps its light stand-in until it is used.
    expect(box('narrow')).not.toHaveAttribute('data-headlessui-state');
    act(() => box('narrow').focus());
    await waitFor(() => expect(box('narrow')).toHaveAttribute('data-headlessui-state'));
    expect(box('narrow')).toHaveFocus();
    unmount();
  });
});
