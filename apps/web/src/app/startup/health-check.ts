/**
 * Start-up database health check (docs/product-spec.md §2, §7, §9): `GET /api/users/health`, success = HTTP 200.
 * Up to 3 tries, 2 s apart, each aborted after 3 s; the whole check gives up after 10 s. A success
 * is remembered in sessionStorage (key {@link HEALTH_STORAGE_KEY}) so a reload in the same browser
 * session skips the check. Failures are not remembered: the next load checks again.
 */

export const HEALTH_URL = '/api/users/health';
export const HEALTH_STORAGE_KEY = 'cc:health-ok';
export const HEALTH_TRIES = 3;
export const HEALTH_RETRY_GAP_MS = 2000;
export const HEALTH_REQUEST_TIMEOUT_MS = 3000;
export const HEALTH_OVERALL_TIMEOUT_MS = 10_000;

/** Outcome: 'ok' (healthy or remembered), 'failed' (all tries failed), 'timeout' (10 s elapsed). */
export type HealthResult = 'ok' | 'failed' | 'timeout';

export interface HealthCheckOptions {
  fetchFn?: typeof fetch;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  tries?: number;
  retryGapMs?: number;
  requestTimeoutMs?: number;
  overallTimeoutMs?: number;
}

function safeStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode): just check every time
  }
}

/** True when this browser session already saw a healthy check. */
export function healthRemembered(storage = safeStorage()): boolean {
  try {
    return storage?.getItem(HEALTH_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

async function tryOnce(fetchFn: typeof fetch, timeoutMs: number): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetchFn(HEALTH_URL, { signal: controller.signal, credentials: 'include', cache: 'no-store' });
    // The body is not needed, but an unread body keeps the request open in Chromium: release it.
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs the check and resolves its {@link HealthResult}; never rejects. Remembers 'ok'.
 * All timings are in ms and can be overridden (tests use the defaults with fake timers).
 */
export async function runHealthCheck(options: HealthCheckOptions = {}): Promise<HealthResult> {
  const {
    fetchFn = (...args) => fetch(...args),
    storage = safeStorage(),
    tries = HEALTH_TRIES,
    retryGapMs = HEALTH_RETRY_GAP_MS,
    requestTimeoutMs = HEALTH_REQUEST_TIMEOUT_MS,
    overallTimeoutMs = HEALTH_OVERALL_TIMEOUT_MS,
  } = options;
  if (healthRemembered(storage)) return 'ok';

  let overallTimer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const overall = new Promise<HealthResult>((resolve) => {
    overallTimer = setTimeout(() => {
      timedOut = true;
      resolve('timeout');
    }, overallTimeoutMs);
  });

  const attempts = (async (): Promise<HealthResult> => {
    for (let attempt = 1; attempt <= tries && !timedOut; attempt += 1) {
      if (await tryOnce(fetchFn, requestTimeoutMs)) return 'ok';
      if (attempt < tries && !timedOut) await new Promise((r) => setTimeout(r, retryGapMs));
    }
    return 'failed';
  })();

  const result = await Promise.race([attempts, overall]);
  clearTimeout(overallTimer);
  if (result === 'ok') {
    try {
      storage?.setItem(HEALTH_STORAGE_KEY, '1');
    } catch {
      /* storage full or disabled: nothing to remember */
    }
  }
  return result;
}

/** The check started by {@link primeHealthCheck}, waiting for the start-up gate. */
let primed: Promise<HealthResult> | null = null;

/**
 * Starts the start-up health check before React renders (the request then overlaps the
 * download of the page's module); {@link takePrimedHealthCheck} hands it to the gate once.
 */
export function primeHealthCheck(): void {
  if (!healthRemembered()) primed ??= runHealthCheck();
}

/** The check {@link primeHealthCheck} started, if any (once; later calls get null). */
export function takePrimedHealthCheck(): Promise<HealthResult> | null {
  const check = primed;
  primed = null;
  return check;
}
