/**
 * The app's start in three chunks (apps/web/start-chunks.ts): what the start runs before the page's
 * module goes into `start-vendor` or `start`, the shell's lazy parts into `start-lazy`, never what
 * the entry loads first, a page or a dialog.
 */
import { describe, expect, it } from 'vitest';
import { startChunksOf, type ModuleEdges } from '../../start-chunks';

/** A module graph from `{ id: [static imports, dynamic imports] }`. */
function graphOf(modules: Record<string, [string[], string[]?]>) {
  return (id: string): ModuleEdges | null => {
    const edges = modules[id];
    return edges ? { importedIds: edges[0], dynamicallyImportedIds: edges[1] ?? [] } : null;
  };
}

const graph = graphOf({
  '/app/src/main.tsx': [['/app/src/lib/next-task.ts', '/app/src/lib/ssr-state.ts'], ['/app/src/start-app.tsx']],
  '/app/src/lib/next-task.ts': [[]],
  '/app/src/lib/ssr-state.ts': [[]],
  '/app/src/start-app.tsx': [
    ['/app/node_modules/react/index.js', '/app/src/lib/next-task.ts', '\0rolldown/runtime.js'],
    ['/app/node_modules/react-dom/client.js', '/app/src/app-shell.tsx'],
  ],
  '/app/node_modules/react/index.js': [[]],
  '/app/node_modules/react-dom/client.js': [
    ['/app/node_modules/react/index.js', '/app/node_modules/scheduler/index.js'],
  ],
  '/app/node_modules/scheduler/index.js': [[]],
  '/app/src/app-shell.tsx': [
    ['/app/src/routes.tsx', '/app/src/components/button.tsx', '/app/src/lib/ssr-state.ts'],
    ['/app/src/toasts.tsx', '/app/src/components/confirm-modal.tsx'],
  ],
  '/app/src/routes.tsx': [['/app/node_modules/react-router/index.js'], ['/app/src/pages/login-page.tsx']],
  '/app/node_modules/react-router/index.js': [['/app/node_modules/react/index.js']],
  '/app/src/components/button.tsx': [['/app/node_modules/react/index.js']],
  '/app/src/pages/login-page.tsx': [['/app/src/components/button.tsx', '/app/node_modules/zod/index.js']],
  '/app/node_modules/zod/index.js': [[]],
  '/app/src/toasts.tsx': [['/app/node_modules/react-toastify/index.js', '/app/src/components/button.tsx']],
  '/app/src/components/confirm-modal.tsx': [['/app/src/components/button.tsx']],
  '/app/node_modules/react-toastify/index.js': [[]],
  '\0rolldown/runtime.js': [[]],
});

describe('startChunksOf', () => {
  it('puts React DOM and the shell with all they import into start-vendor and start, their lazy parts into start-lazy', () => {
    const chunks = startChunksOf(graph, '/app/src/main.tsx', '/app/src/start-app.tsx');
    expect(Object.fromEntries(chunks)).toEqual({
      '/app/src/app-shell.tsx': 'start',
      '/app/src/routes.tsx': 'start',
      // Shared with a page: in the start's chunk, which the page then imports (it is always in first).
      '/app/src/components/button.tsx': 'start',
      '/app/node_modules/react/index.js': 'start-vendor',
      '/app/node_modules/react-dom/client.js': 'start-vendor',
      '/app/node_modules/scheduler/index.js': 'start-vendor',
      '/app/node_modules/react-router/index.js': 'start-vendor',
      // The shell's lazy parts that are neither pages nor dialogs, with what they add.
      '/app/src/toasts.tsx': 'start-lazy',
      '/app/node_modules/react-toastify/index.js': 'start-lazy',
    });
  });

  it('leaves the start module, the entry’s modules, the pages, dialogs and virtual modules to the bundler', () => {
    const chunks = startChunksOf(graph, '/app/src/main.tsx', '/app/src/start-app.tsx');
    for (const id of [
      // A chunk of its own, so that the build's manifest names it.
      '/app/src/start-app.tsx',
      '/app/src/main.tsx',
      '/app/src/lib/next-task.ts',
      '/app/src/lib/ssr-state.ts',
      '/app/src/pages/login-page.tsx',
      '/app/node_modules/zod/index.js',
      '/app/src/components/confirm-modal.tsx',
      '\0rolldown/runtime.js',
    ])
      expect(chunks.has(id), id).toBe(false);
  });

  it('is empty when the graph has no start module', () => {
    expect(startChunksOf(graph, '/app/src/main.tsx', '/app/src/nowhere.tsx').size).toBe(0);
  });
});
