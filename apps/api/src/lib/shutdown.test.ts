/**
 * Clean shutdown (lib/shutdown.ts, docs/security.md "Shutdown"), on real sockets: readiness turns
 * 503 first and serving goes on as usual during the delay (keep-alive too); an idle keep-alive
 * socket stays open during the delay and is closed after it; a request in flight on a keep-alive
 * socket is answered with `Connection: close`; new connections
 * are refused after the delay; the database is closed and the result is 0, well within the time
 * limit. Nothing that reached the server before the listener closed is refused or reset: a request
 * whose headers complete after it, a request sent on a keep-alive socket that was idle then, and a
 * connection still waiting in the kernel's listen queue then are all answered as usual, with
 * `Connection: close` (not 503, not a reset).
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { gracefulShutdown } from './shutdown.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';

/** A raw socket to 127.0.0.1:`port` that records what it received and when it closed. */
function rawSocket(port: number) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  let received = '';
  let error: string | undefined;
  socket.on('data', (d) => (received += d.toString()));
  socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return { socket, connected, closed, received: () => received, error: () => error };
}

/** Status, headers (lower-case) and parsed body of the first HTTP answer in `raw`. */
function parse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [status, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(status?.split(' ')[1]), headers, body: body ? (JSON.parse(body) as unknown) : undefined };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A test app listening on a free loopback port for the enclosing describe block (its own hooks). */
function listeningApp(): { t: TestApp; port: number } {
  const app = {} as { t: TestApp; port: number };
  beforeAll(async () => {
    app.t = await createTestApp();
    await app.t.app.listen({ port: 0, host: '127.0.0.1' });
    app.port = (app.t.app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    await app.t?.close().catch(() => {});
  });
  return app;
}

describe('graceful shutdown', () => {
  const app = listeningApp();

  it('readiness 503 first, idle sockets closed, in-flight and late requests answered with Connection: close, exit 0', async () => {
    const { t, port } = app;
    const delayMs = 1_000;
    // An idle keep-alive socket that has made one request.
    const idle = rawSocket(port);
    await idle.connected;
    idle.socket.write('GET /api/users/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await expect.poll(() => idle.received()).toMatch(/^HTTP\/1\.1 200/);
    // A request in flight: its body arrives only after the delay.
    const body = JSON.stringify({ email: 'nobody@iiitsonepat.ac.in', password: 'not the password' });
    const busy = rawSocket(port);
    await busy.connected;
    busy.socket.write(
      `POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    // A request whose headers are complete only after the delay.
    const late = rawSocket(port);
    await late.connected;
    late.socket.write('GET /api/users/health HTTP/1.1\r\nHost: localhost\r\n');

    const started = performance.now();
    const result = gracefulShutdown(t.app, t.database, { delayMs, timeoutMs: 6_000, idleGraceMs: 200 });

    const ready = rawSocket(port);
    await ready.connected;
    ready.socket.write('GET /api/ready HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await expect.poll(() => ready.received()).toMatch(/\r\n\r\n\{.*\}$/);
    const readyAnswer = parse(ready.received());
    expect(readyAnswer.status).toBe(503);
    // Serving goes on as usual during the delay, keep-alive included.
    expect(readyAnswer.headers.connection).toBe('keep-alive');
    expect((readyAnswer.body as { errors: Record<string, string> }).errors.server).toBe(COMMON_MESSAGES.shuttingDown);

    // The idle keep-alive socket stays open during the delay (a balancer may be sending on it) …
    await sleep(delayMs - 200);
    expect(idle.socket.destroyed).toBe(false);
    // … and is closed at the cut-over (after the idle grace, here 200 ms).
    await idle.closed;
    expect(performance.now() - started).toBeGreaterThanOrEqual(delayMs);

    await sleep(300);
    late.socket.write('\r\n');
    busy.socket.write(body.slice(10));
    await Promise.all([late.closed, busy.closed]);
    // Headers completed after the listener closed: answered as usual, not 503.
    const lateAnswer = parse(late.received());
    expect(late.error()).toBeUndefined();
    expect(lateAnswer.status).toBe(200);
    expect(lateAnswer.headers.connection).toBe('close');
    const busyAnswer = parse(busy.received());
    expect(busyAnswer.status).toBe(401);
    expect(busyAnswer.headers.connection).toBe('close');

    const refused = rawSocket(port);
    await refused.closed;
    expect(refused.error()).toBe('ECONNREFUSED');

    expect(await result).toBe(0);
    expect(performance.now() - started).toBeLessThan(delayMs + 5_000);
    await expect(t.database.ping()).rejects.toThrow();
  }, 30_000);
});

describe('a keep-alive socket idle when the listener closes', () => {
  const app = listeningApp();

  it('answers a request sent on it after the listener closed as usual, with Connection: close, neither 503 nor reset', async () => {
    const { t, port } = app;
    const idle = rawSocket(port);
    await idle.connected;
    idle.socket.write('GET /api/users/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await expect.poll(() => idle.received()).toMatch(/^HTTP\/1\.1 200/);
    const before = idle.received().length;

    const result = gracefulShutdown(t.app, t.database, { delayMs: 0, timeoutMs: 20_000, idleGraceMs: 15_000 });
    // The listener is closed: a new connection is refused …
    await expect
      .poll(
        () =>
          new Promise<string>((resolve) => {
            const probe = net.connect({ port, host: '127.0.0.1' });
            probe.on('connect', () => (probe.destroy(), resolve('open')));
            probe.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
          }),
        { timeout: 10_000 },
      )
      .toBe('ECONNREFUSED');
    // … while the socket that was open before is still there, and a request on it is answered.
    expect(idle.socket.destroyed).toBe(false);
    idle.socket.write('GET /api/users/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await idle.closed;
    expect(idle.error()).toBeUndefined();
    const answer = parse(idle.received().slice(before));
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('close');
    // The last socket closed after its answer: the shutdown ends without waiting out the grace.
    expect(await result).toBe(0);
  }, 30_000);
});

describe('a connection waiting in the listen queue when the listener closes', () => {
  const app = listeningApp();

  it('is accepted and its request answered with Connection: close, not reset', async () => {
    const { t, port } = app;
    const waiting = rawSocket(port);
    // net.connect connects on the next tick; after it the kernel has completed the loopback
    // handshake and the connection waits in the listen queue: the server accepts it only at the
    // event loop's next poll, and the listener closes before that (no delay).
    await new Promise((resolve) => process.nextTick(resolve));
    const result = gracefulShutdown(t.app, t.database, { delayMs: 0, timeoutMs: 20_000, idleGraceMs: 15_000 });
    // The listener closes: a new connection is refused …
    await expect
      .poll(
        () =>
          new Promise<string>((resolve) => {
            const probe = net.connect({ port, host: '127.0.0.1' });
            probe.on('connect', () => (probe.destroy(), resolve('open')));
            probe.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
          }),
        { timeout: 10_000 },
      )
      .toBe('ECONNREFUSED');
    // … and the request sent on the connection that waited is answered as usual.
    waiting.socket.write('GET /api/users/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await waiting.closed;
    expect(waiting.error()).toBeUndefined();
    const answer = parse(waiting.received());
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('close');
    expect(await result).toBe(0);
  }, 30_000);
});
