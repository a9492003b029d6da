/**
 * A local push service for the Web Push tests (docs/decisions/0501-web-push.md): a node:http
 * server on 127.0.0.1 that receives pushes and keeps them, answering 201 — or 410 for an endpoint
 * under `/gone/`, as a push service does for a subscription that no longer exists. Subscriptions
 * are made here like a browser makes them (a P-256 key pair and a 16-byte auth secret from
 * node:crypto), and a received push is decrypted with them (RFC 8291 over RFC 8188 `aes128gcm`),
 * so a test reads exactly what the device would show. Nothing leaves the machine. Used by the API
 * tests and the e2e journey (which imports this file).
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser-like subscription: the JSON the API receives, and the private half kept here. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The receiver's key pair (decryption). */
  ecdh: ECDH;
}

/** One push as it reached the service. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The running service. */
export interface TestPushService {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The host to list in `PUSH_ENDPOINT_HOSTS` (`127.0.0.1:<port>`). */
  host: string;
  /** Every push received, oldest first. */
  received: ReceivedPush[];
  /** A fresh subscription at `/<name>` (`gone/<name>` answers 410). */
  subscription(name: string): TestSubscription;
  /** The pushes that reached `sub`'s endpoint, decrypted and parsed as JSON. */
  pushesTo(sub: TestSubscription): unknown[];
  /** Resolves when `sub` has received `count` pushes (rejects after `timeoutMs`). */
  waitFor(sub: TestSubscription, count?: number, timeoutMs?: number): Promise<unknown[]>;
  close(): Promise<void>;
}

/** Starts the service on 127.0.0.1 (`port` 0: any free port). */
export async function startPushService(port = 0): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = path.startsWith('/gone/') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${bound}`;

  const pushesTo = (sub: TestSubscription) =>
    received
      .filter((r) => `${origin}${r.path}` === sub.endpoint)
      .map((r) => JSON.parse(decryptPush(r.body, sub).toString('utf8')) as unknown);

  return {
    origin,
    host: `127.0.0.1:${bound}`,
    received,
    subscription(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        endpoint: `${origin}/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
        ecdh,
      };
    },
    pushesTo,
    async waitFor(sub, count = 1, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const got = pushesTo(sub);
        if (got.length >= count) return got;
        if (Date.now() > until) throw new Error(`push service: ${got.length} of ${count} pushes to ${sub.endpoint}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Decrypts a Web Push body (RFC 8291 key derivation, RFC 8188 `aes128gcm`, one record) with the
 * subscription's private key and auth secret; throws when it does not decrypt.
 */
export function decryptPush(body: Buffer, sub: Pick<TestSubscription, 'ecdh' | 'keys'>): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const receiverKey = sub.ecdh.getPublicKey();
  const authSecret = Buffer.from(sub.keys.auth, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sub.ecdh.computeSecret(senderKey), authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('push: the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end);
}
