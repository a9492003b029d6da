/**
 * The socket flood of `drill:limits`, in its own process (never the drill's or the server's event
 * loop). Argument: JSON `{ port, addresses, perAddress, seconds, mode }` — from each of `addresses`
 * source addresses (127.0.a.1, loopback) it keeps `perAddress` sockets open to 127.0.0.1:`port`
 * for `seconds`, reopening each one the server closes: `idle` sockets send nothing; `slow-body`
 * sockets send a POST declaring `Content-Length: 1000000` and then 10 bytes a second. Prints one
 * JSON line `{ opened, closedByServer }` at the end.
 */
import net from 'node:net';

interface FloodJob {
  port: number;
  addresses: number;
  perAddress: number;
  seconds: number;
  mode: 'idle' | 'slow-body';
}

const job = JSON.parse(process.argv[2]!) as FloodJob;
const deadline = Date.now() + job.seconds * 1000;
let opened = 0;
let closedByServer = 0;
const sockets = new Set<net.Socket>();

/** Opens one socket from `localAddress`, and another in its place when the server closes it. */
function keep(localAddress: string): void {
  if (Date.now() >= deadline) return;
  const socket = net.connect({ port: job.port, host: '127.0.0.1', localAddress });
  opened += 1;
  sockets.add(socket);
  let drip: NodeJS.Timeout | undefined;
  socket.on('connect', () => {
    if (job.mode !== 'slow-body') return;
    socket.write(
      'POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n',
    );
    drip = setInterval(() => socket.write('          '), 1_000);
  });
  socket.on('error', () => {});
  socket.resume(); // read (and drop) what the server sends, so its close is seen
  socket.on('close', () => {
    clearInterval(drip);
    sockets.delete(socket);
    if (Date.now() < deadline) {
      closedByServer += 1;
      // Reopen at once, as an attacker would (a short pause so a refused address does not spin).
      setTimeout(() => keep(localAddress), 50);
    }
  });
}

for (let a = 0; a < job.addresses; a += 1) for (let i = 0; i < job.perAddress; i += 1) keep(`127.0.${a + 1}.1`);

setTimeout(() => {
  for (const s of sockets) s.destroy();
  console.log(JSON.stringify({ opened, closedByServer }));
  process.exit(0);
}, job.seconds * 1000);
