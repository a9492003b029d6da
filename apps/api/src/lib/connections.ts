/**
 * Socket ceilings (issue 21 item 1): the server accepts at most `limits.maxConnections` open
 * sockets (`server.maxConnections`; Node closes the ones over it), and one remote address at most
 * `limits.maxConnectionsPerAddress`, so one client can never hold the process's file descriptors.
 * Behind a trusted proxy every socket comes from the proxy, so the per-address ceiling is left to
 * it (nginx `limit_conn`, see README Operations).
 */
import type { Server } from 'node:http';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import type { AppConfig } from '../config.ts';

const body = JSON.stringify({ success: false, message: COMMON_MESSAGES.rateLimited });
/** What a socket over the per-address ceiling gets before it is closed: the contract's 429. */
const REFUSAL =
  'HTTP/1.1 429 Too Many Requests\r\nRetry-After: 5\r\nContent-Type: application/json; charset=utf-8\r\n' +
  `Connection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

/** Applies the ceilings of `config.limits` to `server`. */
export function limitConnections(server: Server, config: Pick<AppConfig, 'limits' | 'trustProxy'>): void {
  server.maxConnections = config.limits.maxConnections;
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
