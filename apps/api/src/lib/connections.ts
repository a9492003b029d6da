/**
 * Socket ceilings: the server accepts at most `limits.maxConnections` open
 * sockets (`server.maxConnections`; Node closes the ones over it), and one remote address at most
 * `limits.maxConnectionsPerAddress` (default 64, far below the global 4,096, so 17 addresses hold
 * at most a quarter of it), so one client can never hold the process's file descriptors.
 * Near the global ceiling the remaining room is shared fairly ({@link FAIR_SHARE}): above the
 * watermark a new socket from an address holding more than its share of the ceiling (split among
 * the addresses holding sockets) is refused, and an accepted one makes room by closing an idle
 * socket (no request in flight) of the address holding the most — so many addresses at their
 * per-address ceiling cannot fill the server for a newcomer (docs/security.md "Fair shares").
 * Behind a trusted proxy every socket comes from the proxy, so the per-address ceiling is left to
 * it (nginx `limit_conn`, see README Operations). A request body that trickles in slower than
 * `limits.minBodyBytesPerSecond` is refused with 408 and its socket closed (docs/security.md
 * "Time limits").
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
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

/**
 * The fair share near the socket ceiling: from `watermark` × `maxConnections` open sockets on, an
 * address may hold at most `maxConnections` ÷ (addresses holding sockets), never less than
 * `minShare`, and each accepted socket closes an idle one of the fullest address.
 */
export const FAIR_SHARE = { watermark: 0.9, minShare: 8 } as const;

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
  const ceiling = config.limits.maxConnections;
  const watermark = Math.floor(ceiling * FAIR_SHARE.watermark);
  /** Each address's open sockets, oldest first. */
  const open = new Map<string, Set<Socket>>();
  /** Requests in flight per socket: a socket without one is idle (never sent one, or between two). */
  const inFlight = new WeakMap<Socket, number>();
  let total = 0;
  const forget = (address: string, socket: Socket) => {
    const mine = open.get(address);
    if (!mine?.delete(socket)) return;
    total -= 1;
    if (mine.size === 0) open.delete(address);
  };
  /** Closes idle sockets of the fullest addresses until `total` is under the watermark (or none is idle). */
  const makeRoom = () => {
    const fullest = [...open.entries()].sort((a, b) => b[1].size - a[1].size);
    for (const [address, sockets] of fullest) {
      for (const socket of sockets) {
        if (total < watermark) return;
        if (inFlight.get(socket)) continue;
        forget(address, socket);
        socket.destroy();
      }
    }
  };
  server.on('request', (req, res) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once('close', () => inFlight.set(socket, (inFlight.get(socket) ?? 1) - 1));
  });
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const held = open.get(address)?.size ?? 0;
    const addresses = open.size + (held ? 0 : 1);
    const share = Math.max(FAIR_SHARE.minShare, Math.floor(ceiling / addresses));
    if (held + 1 > max || (total >= watermark && held + 1 > share)) {
      socket.end(REFUSAL);
      socket.destroySoon();
      return;
    }
    if (total >= watermark) makeRoom();
    let mine = open.get(address);
    if (!mine) open.set(address, (mine = new Set()));
    mine.add(socket);
    total += 1;
    socket.once('close', () => forget(address, socket));
  });
}
