/**
 * The app's plugins (docs/design.md §3 "Layout": app.ts assembles them) are wrapped by
 * `fastify-plugin`: the plugin runs in the scope that registers it (the root), so its decorators
 * and hooks reach every route registered after it, and it carries a `name` and the `dependencies`
 * Fastify checks when it is registered — a plugin registered before one it depends on fails the
 * boot with FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../lib/mailer.ts';

/** What every app plugin is registered with: the loaded config, the open database, and a mailer override (tests). */
export interface AppPluginOptions {
  config: AppConfig;
  database: Database;
  mailer?: Mailer;
}

/** The metadata Fastify reads (`plugin-meta`): the plugin's name and the names it must follow. */
export interface RootPluginMeta {
  name: string;
  dependencies?: string[];
}

/** Marks `plugin` as a root-scope plugin named `meta.name` that needs `meta.dependencies` registered first. */
export function rootPlugin(
  meta: RootPluginMeta,
  plugin: FastifyPluginAsync<AppPluginOptions>,
): FastifyPluginAsync<AppPluginOptions> {
  return fp(plugin, meta);
}
