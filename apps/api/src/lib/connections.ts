/**
 * Socket ceilings: the server accepts at most `limits.maxConnections` open
 * sockets (`server.maxConnections`; Node closes the ones over it), and one remote address at most
 * `limits.maxConnectionsPerAddress` (default 64, far below the global 4,096, so 17 addresses hold
 * at most a quarter of it), so one client can never hold the process's file descriptors.
 * Behind a trusted proxy every socket comes from the proxy, so the per-address ceiling is left to
 * it (nginx `limit_conn`, see README Operations). A request body that trickles in slower than
 * `limits.minBodyBytesPerSecond` is refused with 408 and its socket closed (docs/security.md
 * "Time limits").
 */
import type { Server } from 'node:http';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import type { AppConfig } from '../config.ts';

const body = JSON.stringify({ success: false, message: COMMON_MESSAGES.rateLimited });
/** What a socket over the per-address ceiling gets before it is closed: the contract's 429. */
const REFUSAL =
  'HTTP/1.1 429 Too Many Requests\r\nRetry-After: 5\r\nContent-Type: application/json; charset=utf-8\r\n' +
  `Connection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

const timeoutBody = JSON.stringify({ success: false, message: COMMON_MESSAGES.requestTimeout });
/** What a socket whose body arrives too slowly gets before it is closed. */
const TOO_SLOW =
  'HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\n' +
  `Connection: close\r\nContent-Length: ${Buffer.byteLength(timeoutBody)}\r\n\r\n${timeoutBody}`;

/** The window over which a body's arrival rate is measured, ms. */
export const BODY_RATE_WINDOW_MS = 10_000;

/** Applies the ceilings of `config.limits` to `server`. */
export function limitConnections(server: Server, config: Pick<AppConfig, 'limits' | 'trustProxy'>): void {
  server.maxConnections = config.limits.maxConnections;
  const rate = config.limits.minBodyBytesPerSecond;
  if (rate > 0) {
    server.on('request', (req, res) => {
      const declared = Number(req.headers['content-length'] ?? (req.headers['transfer-encoding'] ? Infinity : 0));
      if (!(declared > 0) || req.complete) return;
      const socket = req.socket;
      let seen = socket.bytesRead;
      const timer = setInterval(() => {
        if (req.complete || socket.destroyed) return clearInterval(timer);
        const now = socket.bytesRead;
        if (now - seen >= (rate * BODY_RATE_WINDOW_MS) / 1000) {
          seen = now;
          return;
        }
        clearInterval(timer);
        if (res.headersSent) socket.destroy();
        else socket.end(TOO_SLOW, () => socket.destroy());
      }, BODY_RATE_WINDOW_MS);
      timer.unref();
      res.once('close', () => clearInterval(timer));
    });
  }
  if (config.trustProxy !== false) return;
  const max = config.limits.maxConnectionsPerAddress;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const n = (open.get(address) ?? 0) + 1;
    if (n > max) {
      socket.end(REFUSAL);
      socket.destroySoon();
      return;
    }
    open.set(address, n);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
