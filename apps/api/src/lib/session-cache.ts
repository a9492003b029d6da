/**
 * The in-process session cache (docs/design.md §5): a signed-in request looks its
 * session up here before PostgreSQL. Entries are keyed by the stored session id (the SHA-256 of the
 * cookie token, never the token) and live at most `ttlMs` (config `SESSION_CACHE_TTL_MS`, default
 * 30 s; 0 turns the cache off), never past the session's own expiry. Bounded: the least recently
 * used entry goes first beyond `maxEntries`.
 *
 * Revocation: this instance evicts at once on its own sign-outs and ended sessions (the app's
 * `session-ended` / `sessions-ended` events), and every instance evicts on the database's NOTIFY on
 * {@link SESSION_EVICT_CHANNEL}, sent by triggers at the commit of any change to a session or user
 * row (migration 0012). While the LISTEN connection is down the cache is bypassed, and it is
 * flushed when the connection comes back (NOTIFYs meanwhile are lost): revocation then holds within
 * the NOTIFY latency, and at worst the TTL.
 */

/** The NOTIFY channel of evictions; payload `s:<session id>` or `u:<user id>` (migration 0012). */
export const SESSION_EVICT_CHANNEL = 'cc_session_evict';

interface Entry<V> {
  value: V;
  userId: string;
  /** ms since the epoch after which the entry is stale. */
  until: number;
}

/** A bounded TTL cache of session lookups; `V` is what a lookup found (the session and its user). */
export class SessionCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Bumped by every eviction: a lookup that overlapped one does not cache what it read. */
  private evictions = 0;
  /** Lookups answered from the cache, and those that were not (docs/operations.md "Metrics"). */
  private counts = { hits: 0, misses: 0 };
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  /** `ttlMs` 0 makes every call a miss (cache off); `now` is injectable for tests. */
  constructor(ttlMs: number, maxEntries = 10_000, now: () => number = Date.now) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.now = now;
  }

  /** The live entry for stored session id `id`, or undefined (expired entries are dropped). */
  get(id: string): V | undefined {
    const entry = this.entries.get(id);
    if (!entry) {
      this.counts.misses += 1;
      return undefined;
    }
    this.entries.delete(id);
    if (entry.until <= this.now()) {
      this.counts.misses += 1;
      return undefined;
    }
    this.entries.set(id, entry); // most recently used last
    this.counts.hits += 1;
    return entry.value;
  }

  /**
   * A mark to take before reading the database: {@link set} with it keeps nothing when an eviction
   * came in meanwhile (the read may predate the revocation).
   */
  get epoch(): number {
    return this.evictions;
  }

  /**
   * Keeps `value` for session `id` of `userId` for the TTL, or until `expiresAt` (ms) if sooner —
   * unless an eviction happened since `epoch` was taken.
   */
  set(id: string, userId: string, value: V, expiresAt: number, epoch: number): void {
    if (this.ttlMs <= 0 || epoch !== this.evictions) return;
    this.entries.delete(id);
    this.entries.set(id, { value, userId, until: Math.min(this.now() + this.ttlMs, expiresAt) });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forgets session `id`. */
  evictSession(id: string): void {
    this.evictions += 1;
    this.entries.delete(id);
  }

  /** Forgets every session of `userId` (a scan: evictions are rare next to lookups). */
  evictUser(userId: string): void {
    this.evictions += 1;
    for (const [id, entry] of this.entries) if (entry.userId === userId) this.entries.delete(id);
  }

  /** Applies one NOTIFY payload of {@link SESSION_EVICT_CHANNEL}; an unknown one flushes everything. */
  evict(payload: string): void {
    if (payload.startsWith('s:')) this.evictSession(payload.slice(2));
    else if (payload.startsWith('u:')) this.evictUser(payload.slice(2));
    else this.clear();
  }

  /** Forgets every entry. */
  clear(): void {
    this.evictions += 1;
    this.entries.clear();
  }

  /** Lookups since start: answered from the cache (`hits`) or not (`misses`, the cache off included). */
  get lookups(): { hits: number; misses: number } {
    return { ...this.counts };
  }

  /** How many entries are held (tests, metrics). */
  get size(): number {
    return this.entries.size;
  }
}
