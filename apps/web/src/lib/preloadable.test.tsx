/**
 * `preloadable`: a preloaded component renders in the first commit with no fallback; one
 * not yet loaded suspends like React.lazy; a failed download is retried.
 */
import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

const Page = ({ name }: { name: string }) => <p>page {name}</p>;

function renderInSuspense(Component: React.ComponentType<{ name: string }>) {
  return render(
    <Suspense fallback={<p>loading</p>}>
      <Component name="a" />
    </Suspense>,
  );
}

describe('preloadable', () => {
  it('renders a preloaded module in the first commit, without a fallback', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Page }));
    const Lazy = preloadable(load);
    await Lazy.preload();
    renderInSuspense(Lazy);
    expect(screen.getByText('page a')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends until the module arrives when it was not preloaded, and loads it once', async () => {
    let resolve!: (m: { default: typeof Page }) => void;
    const load = vi.fn(() => new Promise<{ default: typeof Page }>((r) => (resolve = r)));
    const Lazy = preloadable(load);
    renderInSuspense(Lazy);
    expect(screen.getByText('loading')).toBeInTheDocument();
    void Lazy.preload();
    await act(async () => resolve({ default: Page }));
    expect(await screen.findByText('page a')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('retries a failed download on the next preload', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ default: Page });
    const Lazy = preloadable(load);
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await expect(Lazy.preload()).resolves.toEqual({ default: Page });
    renderInSuspense(Lazy);
    expect(screen.getByText('page a')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
