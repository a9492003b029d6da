import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEALTH_RETRY_GAP_MS, HEALTH_STORAGE_KEY, HEALTH_URL, healthRemembered, runHealthCheck } from './health-check';

const ok = () => Promise.resolve(new Response(JSON.stringify({ success: true }), { status: 200 }));
const down = () => Promise.resolve(new Response(JSON.stringify({ success: false }), { status: 503 }));
/** A request that never answers but honours its abort signal, like a real hung fetch. */
const hang = (_url: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });

describe('start-up health check', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('succeeds on the first 200, calls the health path once and remembers it for the session', async () => {
    const fetchFn = vi.fn<typeof fetch>(ok);
    await expect(runHealthCheck({ fetchFn })).resolves.toBe('ok');
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(fetchFn.mock.calls[0]?.[0]).toBe(HEALTH_URL);
    expect(sessionStorage.getItem(HEALTH_STORAGE_KEY)).toBe('1');
    expect(healthRemembered()).toBe(true);
  });

  it('skips the request when a success is remembered', async () => {
    sessionStorage.setItem(HEALTH_STORAGE_KEY, '1');
    const fetchFn = vi.fn<typeof fetch>(down);
    await expect(runHealthCheck({ fetchFn })).resolves.toBe('ok');
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('retries 3 times, 2 s apart, then gives up without remembering anything', async () => {
    const fetchFn = vi.fn<typeof fetch>(down);
    let result: string | undefined;
    void runHealthCheck({ fetchFn }).then((r) => (result = r));

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(HEALTH_RETRY_GAP_MS - 1);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(HEALTH_RETRY_GAP_MS);
    expect(fetchFn).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(result).toBe('failed');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchFn).toHaveBeenCalledTimes(3);
    expect(sessionStorage.getItem(HEALTH_STORAGE_KEY)).toBeNull();
  });

  it('succeeds on a later try after failures (network error, then 503, then 200)', async () => {
    const fetchFn = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementationOnce(down)
      .mockImplementationOnce(ok);
    const done = runHealthCheck({ fetchFn });
    await vi.advanceTimersByTimeAsync(2 * HEALTH_RETRY_GAP_MS);
    await expect(done).resolves.toBe('ok');
    expect(fetchFn).toHaveBeenCalledTimes(3);
    expect(sessionStorage.getItem(HEALTH_STORAGE_KEY)).toBe('1');
  });

  it('aborts each request after 3 s and gives up when 10 s have passed', async () => {
    const fetchFn = vi.fn<typeof fetch>(hang);
    let result: string | undefined;
    void runHealthCheck({ fetchFn }).then((r) => (result = r));

    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchFn.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchFn.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    // 3 s request + 2 s gap → second try at 5 s, aborted at 8 s, gap until 10 s.
    expect(fetchFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe('timeout');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(sessionStorage.getItem(HEALTH_STORAGE_KEY)).toBeNull();
  });
});
