import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { StartupGate, SERVER_UNREACHABLE } from './startup-gate';
import { HEALTH_STORAGE_KEY } from './health-check';

const toastWarn = vi.hoisted(() => vi.fn());
vi.mock('react-toastify/unstyled', () => ({ toast: { warn: toastWarn } }));

describe('StartupGate (start-up loading screen)', () => {
  // The gate loads the toast module lazily; load it once up front so its first (slow, real-time)
  // import cannot land in a later test.
  beforeAll(async () => {
    await import('../../lib/toast');
  });
  beforeEach(() => {
    vi.useFakeTimers();
    toastWarn.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the loading screen until the health check succeeds, then the app', async () => {
    const fetchFn = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response(null, { status: 503 }))
      .mockResolvedValueOnce(new Response('{"success":true}', { status: 200 }));
    render(
      <StartupGate options={{ fetchFn }}>
        <p>App content</p>
      </StartupGate>,
    );
    expect(screen.getByTestId('loading-screen')).toBeInTheDocument();
    expect(screen.queryByText('App content')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('Connecting to database...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
    expect(screen.queryByText('App content')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(screen.getByText('App content')).toBeInTheDocument();
    expect(screen.queryByTestId('loading-screen')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(HEALTH_STORAGE_KEY)).toBe('1');
    expect(toastWarn).not.toHaveBeenCalled();
  });

  it('renders the app at once when this browser session already passed the check', () => {
    sessionStorage.setItem(HEALTH_STORAGE_KEY, '1');
    const fetchFn = vi.fn<typeof fetch>();
    render(
      <StartupGate options={{ fetchFn }}>
        <p>App content</p>
      </StartupGate>,
    );
    expect(screen.getByText('App content')).toBeInTheDocument();
    expect(screen.queryByTestId('loading-screen')).not.toBeInTheDocument();
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('gives up after three failed tries, renders the app and warns', async () => {
    const fetchFn = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    render(
      <StartupGate options={{ fetchFn }}>
        <p>App content</p>
      </StartupGate>,
    );
    await act(() => vi.advanceTimersByTimeAsync(3999));
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('App content')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchFn).toHaveBeenCalledTimes(3);
    expect(screen.getByText('App content')).toBeInTheDocument();
    await vi.waitFor(() => expect(toastWarn).toHaveBeenCalledWith(SERVER_UNREACHABLE, expect.anything()));
    expect(sessionStorage.getItem(HEALTH_STORAGE_KEY)).toBeNull();
  });

  it('gives up after the 10 s overall time-out when the server never answers', async () => {
    const fetchFn = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_r, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        ),
    );
    render(
      <StartupGate options={{ fetchFn }}>
        <p>App content</p>
      </StartupGate>,
    );
    await act(() => vi.advanceTimersByTimeAsync(9999));
    expect(screen.getByTestId('loading-screen')).toBeInTheDocument();
    expect(screen.getByText('Almost ready...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '90');
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('App content')).toBeInTheDocument();
    await vi.waitFor(() => expect(toastWarn).toHaveBeenCalledTimes(1));
  });
});
