/**
 * Operations endpoints (docs/operations.md): readiness at `GET /api/ready` (lib/readiness.ts; 503
 * once the app is not serving, the database does not answer or the live listener is down) and
 * Prometheus metrics (lib/metrics.ts; `GET /metrics` behind `METRICS_TOKEN`, and/or a loopback
 * listener on `METRICS_PORT`, closed with the app). Metrics count the session cache and wrap the
 * context's mailer.
 */
import { registerMetrics } from '../lib/metrics.ts';
import { registerReadiness } from '../lib/readiness.ts';
import { rootPlugin } from './root-plugin.ts';

/** Registers readiness and metrics. */
export const operations = rootPlugin(
  { name: 'operations', dependencies: ['api-docs', 'lifecycle', 'sessions'] },
  async (app, { config, database }) => {
    registerReadiness(app, database, app.lifecycle);
    await registerMetrics(app, config, database, app.sessionCache);
  },
);
