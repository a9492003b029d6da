/**
 * The PostgreSQL LISTEN connection that heals itself (docs/design.md §7, §9): one
 * dedicated `pg.Client` carries every LISTEN of this instance. When it errors or ends (a database
 * restart, failover or `pg_terminate_backend`), it is opened again with capped exponential backoff
 * and full jitter, every channel is LISTENed again, and the `onReconnect` callbacks run so the
 * consumers can resynchronise (NOTIFYs sent while it was down are lost by PostgreSQL's design).
 */
import pg from 'pg';

/** Backoff of the reconnect loop, ms: `min(cap, base × 2^attempt)`, then a random share of it. */
export const LISTENER_BACKOFF = { baseMs: 200, capMs: 3_000 } as const;

/** The logger methods the listener uses (pino's, or console's). */
export interface ListenerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** A self-healing LISTEN connection on `url`. */
export class PgListener {
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private readonly reconnectCallbacks = new Set<() => void>();
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private droppedOnce = false;
  private readonly url: string;
  private log: ListenerLog;

  // Plain fields, not parameter properties: this module loads in the PGlite worker thread too,
  // where Node strips types and refuses TypeScript-only syntax.
  constructor(url: string, log: ListenerLog) {
    this.url = url;
    this.log = log;
  }

  /** Replaces the logger (the app's, once it exists). */
  useLogger(log: ListenerLog): void {
    this.log = log;
  }

  /** 'ok' while the connection is open and every channel LISTENed; 'down' otherwise. */
  get state(): 'ok' | 'down' {
    return this.client ? 'ok' : 'down';
  }

  /**
   * Delivers every NOTIFY on `channel` (case-folded like PostgreSQL) to `cb`. Resolves once the
   * LISTEN is active; rejects when the database cannot be reached now (the listener keeps trying in
   * the background and `cb` stays registered). Returns the unsubscribe function.
   */
  async listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> {
    const name = channel.toLowerCase();
    let set = this.handlers.get(name);
    const isNew = !set;
    if (!set) this.handlers.set(name, (set = new Set()));
    set.add(cb);
    const unsubscribe = async () => {
      this.handlers.get(name)?.delete(cb);
    };
    if (!this.client) await this.connect();
    // LISTEN twice is a no-op, so a channel added while a connect was in flight is safe either way.
    if (isNew && this.client) await this.client.query(`LISTEN ${quoteIdent(name)}`);
    return unsubscribe;
  }

  /** Runs `cb` after every reconnect (not the first connect); returns the unsubscribe function. */
  onReconnect(cb: () => void): () => void {
    this.reconnectCallbacks.add(cb);
    return () => this.reconnectCallbacks.delete(cb);
  }

  /** Closes the connection and stops reconnecting. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  /** Opens the connection (one attempt at a time); on failure schedules the next attempt and rethrows. */
  private connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    if (this.closed) throw new Error('The LISTEN connection is closed.');
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 3_000, keepAlive: true });
    client.on('error', (err) => this.drop(client, err));
    client.on('end', () => this.drop(client));
    client.on('notification', (msg) => {
      for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    try {
      await client.connect();
      for (const name of this.handlers.keys()) await client.query(`LISTEN ${quoteIdent(name)}`);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      this.scheduleReconnect();
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.attempt = 0;
    if (this.droppedOnce) {
      this.log.info({ channels: [...this.handlers.keys()] }, 'PostgreSQL LISTEN connection restored');
      for (const cb of this.reconnectCallbacks) cb();
    }
  }

  /** The connection failed or ended: forget it and reconnect (once per connection). */
  private drop(client: pg.Client, err?: Error): void {
    if (client !== this.client) return;
    this.client = undefined;
    this.droppedOnce = true;
    client.end().catch(() => {});
    if (this.closed) return;
    this.log.warn({ reason: err?.message ?? 'connection ended' }, 'PostgreSQL LISTEN connection lost; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.droppedOnce = true;
    if (this.closed || this.timer) return;
    const ceiling = Math.min(LISTENER_BACKOFF.capMs, LISTENER_BACKOFF.baseMs * 2 ** this.attempt);
    this.attempt += 1;
    // Full jitter (never less than the base), so many instances do not reconnect in step.
    const delay = LISTENER_BACKOFF.baseMs + Math.random() * (ceiling - LISTENER_BACKOFF.baseMs);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.connect().catch(() => {});
    }, delay);
    this.timer.unref();
  }
}

/** Quotes a channel name as an SQL identifier. */
function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
