/**
 * Compression (docs/performance.md): JSON answers over 2 KB go out in brotli or gzip by
 * `Accept-Encoding`; precompressed files and streams are left alone. Brotli at quality 1, not the
 * plugin's 4: each answer gets a new encoder, and quality 4's larger state made compression the
 * largest single cost of a list request in the CPU profile; on the bench's list page (11.5 KB of
 * JSON) quality 1 sends 1.7 KB instead of 1.45 KB and saves ~0.5–0.8 ms of CPU per request.
 * {@link compressAnswer} compresses as the plugin does, for an answer whose bytes a route keeps
 * (the events feed, docs/decisions/0702-events-feed-cache.md).
 */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import { rootPlugin } from './root-plugin.ts';

/** Answers shorter than this (bytes) go out uncompressed. */
export const COMPRESS_THRESHOLD = 2048;

const brotliOptions: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_GENERIC,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
  },
};

/** `text` compressed for `encoding` with the plugin's settings (brotli quality 1, gzip's default level). */
export function compressAnswer(text: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(text, brotliOptions) : zlib.gzipSync(text);
}

/** Registers @fastify/compress (its onRoute hook compresses each route registered after it). */
export const compression = rootPlugin({ name: 'compression', dependencies: ['route-table'] }, async (app) => {
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: 65536,
    encodings: ['br', 'gzip'],
    brotliOptions,
  });
});
