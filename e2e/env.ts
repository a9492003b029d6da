/** Fixed settings of the browser suite's server (shared by the config and the fixtures). */
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? path.join(import.meta.dirname, '.data-e2e'));
/** Port of the second origin (a tiny static page served by the cross-origin test), listed in CORS_ORIGINS. */
export const E2E_SECOND_PORT = Number(process.env.E2E_SECOND_PORT ?? E2E_PORT + 1);
export const E2E_SECOND_ORIGIN = `http://localhost:${E2E_SECOND_PORT}`;
export const E2E_ADMIN_EMAIL = 'admin.e2e@iiitsonepat.ac.in';
/** The local stand-in for Internshala that the server scrapes in the browser suite (issue 14); 3222 by default. */
export const E2E_SOURCE_PORT = Number(process.env.E2E_SOURCE_PORT ?? E2E_PORT + 23);
export const E2E_SOURCE_ORIGIN = `http://127.0.0.1:${E2E_SOURCE_PORT}`;
