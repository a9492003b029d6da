/**
 * The plugin order is structural (docs/design.md §3): a plugin registered before one it depends on
 * stops the boot, instead of changing which hook runs first.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { crossOrigin } from './cross-origin.ts';
import { idempotency } from './idempotency.ts';
import { rateLimits } from './rate-limits.ts';
import type { AppPluginOptions } from './root-plugin.ts';
import { securityHeaders } from './security-headers.ts';

const options = {} as AppPluginOptions;

describe('plugin dependencies', () => {
  it.each([
    ['rate-limits', rateLimits, 'idempotency'],
    ['idempotency', idempotency, 'sessions'],
    ['security-headers', securityHeaders, 'lifecycle'],
    ['cross-origin', crossOrigin, 'security-headers'],
  ])('%s registered before %s fails the boot', async (_name, plugin, missing) => {
    const app = Fastify();
    await expect(app.register(plugin, options)).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
      message: expect.stringContaining(missing),
    });
    await app.close().catch(() => {});
  });
});
