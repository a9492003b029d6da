/**
 * The page is marked hydrated (lib/hydration.ts: `<html data-hydrated>` and the `hydrated`
 * performance mark) when the page's own region has committed, not when the app's shell has: a page
 * whose module is still on its way leaves the mark unset.
 */
import { act, screen } from '@testing-library/react';
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from './root-layout';
import { renderApp } from '../../test/render';

beforeEach(() => {
  delete document.documentElement.dataset.hydrated;
  performance.clearMarks('hydrated');
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
});

afterEach(() => {
  delete document.documentElement.dataset.hydrated;
});

describe('the hydrated mark', () => {
  it('waits for the page region, then is set once', async () => {
    let arrive: (module: { default: () => React.JSX.Element }) => void = () => {};
    const Page = lazy(() => new Promise<{ default: () => React.JSX.Element }>((resolve) => (arrive = resolve)));
    renderApp(
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<Page />} />
        </Route>
      </Routes>,
      { auth: { status: 'unauthenticated' } },
    );
    expect(await screen.findByText('Loading page')).toBeInTheDocument();
    expect(document.documentElement.dataset.hydrated).toBeUndefined();
    expect(performance.getEntriesByName('hydrated')).toHaveLength(0);

    await act(async () => arrive({ default: () => <h1>The page</h1> }));
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(document.documentElement.dataset.hydrated).toBe('');
    expect(performance.getEntriesByName('hydrated')).toHaveLength(1);
  });
});
