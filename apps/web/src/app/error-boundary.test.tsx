import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

afterEach(() => vi.restoreAllMocks());

/** Counts its own mounts, and throws while `fail` is set. */
let mounts = 0;
function Page({ fail }: { fail: boolean }) {
  useState(() => (mounts += 1));
  if (fail) throw new Error('render failed');
  return <p>page content</p>;
}

const tree = (resetKey: string, fail: boolean) => (
  <MemoryRouter>
    <ErrorBoundary resetKey={resetKey}>
      <Page fail={fail} />
    </ErrorBoundary>
  </MemoryRouter>
);

describe('ErrorBoundary', () => {
  it('keeps the page mounted when its reset key changes without an error', () => {
    mounts = 0;
    const { rerender } = render(tree('/marketplace', false));
    rerender(tree('/marketplace/1', false));
    expect(screen.getByText('page content')).toBeInTheDocument();
    expect(mounts).toBe(1);
  });

  it('shows the error page for a render error, and the page again once the reset key changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(tree('/rides', true));
    expect(screen.queryByText('page content')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    rerender(tree('/rides', false));
    expect(screen.queryByText('page content')).not.toBeInTheDocument();
    rerender(tree('/marketplace', false));
    expect(screen.getByText('page content')).toBeInTheDocument();
  });
});
