/**
 * Vite + Vitest config of the web app (docs/design.md §2–§3).
 * - dev server on 5173, `/api` proxied to the API on `localhost:$API_PORT` (default 3000);
 * - production build to `dist/` (served by the API in production), every text asset precompressed
 *   next to itself as `.br` (brotli, quality 11) and `.gz` (gzip 9), which the API serves with
 *   `Content-Encoding` (docs/design.md §9), and the build fails when the initial JS as
 *   transferred exceeds 110 KB (`bundle-budget.ts`);
 * - installable and readable offline: a web app manifest with icons and a Workbox service
 *   worker (vite-plugin-pwa) that precaches the built app shell and keeps the last answers of the
 *   session, institute, attendance, enrollment and catalogue reads (network first, cache when
 *   offline; `API_READ_CACHE`, cleared at logout); registered by a small separate script, so the
 *   initial JS budget is untouched; it imports `public/push-sw.js`, which shows Web Push
 *   notifications (docs/decisions/0501-web-push.md);
 * - tests: happy-dom environment, jest-dom matchers loaded from `src/test/setup.ts`;
 * - `vite build --ssr src/entry-server.tsx` (part of `npm run build`) writes the server bundle
 *, see {@link ssrBuild}; the browser build writes beside its manifest the page
 *   map the server preloads from (`dist/.vite/page-modules.json`, `page-modules.ts`);
 * - the app's start in three chunks (`start-chunks.ts`), the pages split by route;
 * - zod's English messages only, not its ~50 locales (`zod-english.ts`);
 * - taps held from the first paint by a script inlined in the head (`early-taps-head.ts`).
 */
import { defineConfig } from 'vitest/config';
import type { UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { constants } from 'node:zlib';
import { initialJsBudget } from './bundle-budget';
import { earlyTapsInHead } from './early-taps-head';
import { pageModules } from './page-modules';
import { startChunkGroup } from './start-chunks';
import { zodEnglishOnly } from './zod-english';
import { API_READ_CACHE, OFFLINE_API_READS } from './src/lib/offline-cache';

const apiPort = process.env.API_PORT ?? '3000';
// CI (.ci/run) collects a JSON report per suite in CC_REPORT_DIR for its one summary line.
const reportDir = process.env.CC_REPORT_DIR;

/**
 * The server bundle: the app's render function for the API's process, every
 * dependency bundled in (one file, React's production build), written to `dist-server/` — no CSS,
 * no service worker, no compression, no JS budget.
 */
const ssrBuild: UserConfig = {
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: { outDir: 'dist-server', emptyOutDir: true, sourcemap: false, target: 'node22', copyPublicDir: false },
};

const browserBuild = {
  plugins: [
    zodEnglishOnly(),
    // The first script of the head holds taps from the first paint (early-taps-head.ts).
    earlyTapsInHead(),
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
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg', 'default-avatar.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Campus Companion',
        short_name: 'Campus',
        description: 'Attendance, rides, marketplace, lost and found and more for the students of one institute.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#4f46e5',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Web Push: the push and notification-click handlers (public/push-sw.js; docs/decisions/0501-web-push.md).
        importScripts: ['/push-sw.js'],
        // A new worker takes over at once, also the page that installed it (offline after one visit).
        clientsClaim: true,
        skipWaiting: true,
        // Navigations go to the network (the server renders the page); only when
        // it cannot be reached does the worker answer with the precached shell, which then reads
        // the kept API answers (offline attendance). Never a shell over a server page.
        navigateFallback: null,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }: { request: Request; url: URL }) =>
              request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'NetworkOnly' as const,
            options: {
              plugins: [
                {
                  handlerDidError: async () =>
                    (await caches.match('/index.html', { ignoreSearch: true })) ?? Response.error(),
                },
              ],
            },
          },
          {
            urlPattern: OFFLINE_API_READS,
            method: 'GET',
            handler: 'NetworkFirst',
            options: {
              cacheName: API_READ_CACHE,
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 300, maxAgeSeconds: 14 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    // docs/design.md §9: the first visit downloads at most 110 KB of JavaScript as transferred.
    initialJsBudget(110 * 1024),
    // dist/.vite/page-modules.json: each path's page module, read from the route table
    // (apps/api/src/lib/ssr.ts preloads it with the manifest; page-modules.ts).
    pageModules(),
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
    // dist/.vite/manifest.json: the API names from it the modules a server-rendered page needs
    // when it hydrates, downloaded ahead (apps/api/src/lib/ssr.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The app's start in three chunks (`start-vendor`, `start`, `start-lazy`) instead of
            // ~30 small ones (start-chunks.ts; docs/decisions/0009-start-in-few-chunks.md).
            startChunkGroup(import.meta.dirname),
            // Every other icon in one chunk (~4 KB as transferred) instead of one sub-kilobyte
            // request per icon, queued on a slow phone connection before a page can render.
            { name: 'icons', test: /node_modules[\\/]lucide-react/ },
          ],
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
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : browserBuild));
