/**
 * Vite + Vitest config of the web app (DESIGN §2–§3).
 * - dev server on 5173, `/api` proxied to the API on `localhost:$API_PORT` (default 3000);
 * - production build to `dist/` (served by the API in production), every text asset precompressed
 *   next to itself as `.br` (brotli, quality 11) and `.gz` (gzip 9), which the API serves with
 *   `Content-Encoding` (issue 10, DESIGN §9), and the build fails when the initial JS as
 *   transferred exceeds 110 KB (`bundle-budget.ts`);
 * - tests: happy-dom environment, jest-dom matchers loaded from `src/test/setup.ts`.
 */
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { initialJsBudget } from './bundle-budget';

const apiPort = process.env.API_PORT ?? '3000';
// CI (.ci/run) collects a JSON report per suite in CC_REPORT_DIR for its one summary line.
const reportDir = process.env.CC_REPORT_DIR;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    compression({
      include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
      threshold: 512,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
    // DESIGN §9: the first visit downloads at most 110 KB of JavaScript as transferred.
    initialJsBudget(110 * 1024),
  ],
  server: {
    port: 5173,
    proxy: {
      // changeOrigin stays false so the API sees the browser's Origin/Host pair for its CSRF check.
      '/api': { target: `http://localhost:${apiPort}` },
    },
  },
  preview: { port: 4173, proxy: { '/api': { target: `http://localhost:${apiPort}` } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Every icon in one chunk (~4 KB as transferred) instead of one sub-kilobyte request per
        // icon, queued on a slow phone connection before a page can render (issue 10).
        codeSplitting: {
          groups: [{ name: 'icons', test: /node_modules[\\/]lucide-react/ }],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/web.json` } : undefined,
  },
});
