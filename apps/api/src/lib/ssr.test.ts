/**
 * Server-rendered pages through the real app, with a small stand-in for the web
 * app's server bundle in a temporary web build: the bundle's `fetch` reaches the API in-process
 * with the visitor's cookie; a redirect is a 302; a page is the shell with the markup in #root and
 * the state in a JSON block (escaped), sent `no-store`, `Vary: Cookie`, compressed once; a render
 * error answers the plain shell (200), never a 5xx; without a bundle nothing changes.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin, type SignedIn, type TestApp } from '../test/helpers.ts';
import {
  fillShell,
  loadServerRenderer,
  modulesToPreload,
  pageEncoding,
  readBuildManifest,
  readPageModules,
  START_MODULE,
  type BuildManifest,
  type PageModules,
} from './ssr.ts';

const SHELL = `<!doctype html><html><head><title>Campus Companion</title></head><body><div id="root"></div><noscript>Campus Companion needs JavaScript to run.</noscript><script type="module" src="/assets/index.js"></script></body></html>`;

/** The stand-in bundle: asks the API who is signed in, like the real entry does. */
const ENTRY = `
export async function render({ url, fetch }) {
  if (url.startsWith('/boom')) throw new Error('render failed');
  const res = await fetch(new Request('http://ssr.internal/api/users/current', { headers: { accept: 'application/json' } }));
  const user = res.status === 200 ? (await res.json()).data.user : null;
  if (url.startsWith('/private') && !user) {
    return { kind: 'redirect', status: 302, location: '/login?from=' + encodeURIComponent(url) };
  }
  return {
    kind: 'page',
    status: url === '/missing' ? 404 : 200,
    html: '<h1>' + (user ? user.email : 'guest') + '</h1>' + '<p>' + 'x'.repeat(4000) + '</p>',
    state: { auth: { signedIn: !!user }, timeZone: 'Asia/Kolkata', reads: ['</script><script>alert(1)</script>'] },
  };
}
`;

let t: TestApp;
let student: SignedIn;
let webRoot: string;

beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-ssr-'));
  await fs.mkdir(path.join(webRoot, 'dist'));
  await fs.mkdir(path.join(webRoot, 'dist-server'));
  await fs.writeFile(path.join(webRoot, 'dist', 'index.html'), SHELL);
  await fs.writeFile(path.join(webRoot, 'dist-server', 'entry-server.js'), ENTRY);
  t = await createTestApp({}, { configure: (config) => (config.webDist = path.join(webRoot, 'dist')) });
  student = await signUpAndLogin(t);
});

afterAll(async () => {
  await t?.close();
  await fs.rm(webRoot, { recursive: true, force: true });
});

describe('server-rendered pages', () => {
  it('sends a guest on a protected page to /login with the page in from, per user and uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/private?tab=mine' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/login?from=${encodeURIComponent('/private?tab=mine')}`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toMatch(/Cookie/);
  });

  it('renders a signed-in page with its data fetched in-process with the cookie, brotli-compressed once', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/private',
      headers: { cookie: student.cookie, 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain(`<div id="root"><h1>${student.email}</h1>`);
    expect(html).not.toContain('<noscript>');
    const block = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/.exec(html);
    expect(block?.[1]).not.toContain('<');
    expect(JSON.parse(block![1]!)).toEqual({
      auth: { signedIn: true },
      timeZone: 'Asia/Kolkata',
      reads: ['</script><script>alert(1)</script>'],
    });
  });

  it('gzips for a client without brotli and sends plain text to one without either', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toContain('<h1>guest</h1>');
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<h1>guest</h1>');
  });

  it('answers the not-found page with 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1>guest</h1>');
  });

  it('answers the plain shell, never a 5xx, when rendering fails', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
  });

  it('leaves API paths to the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('is off without a server bundle, or with one that cannot be loaded', async () => {
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-ssr-none-'));
    await fs.mkdir(path.join(empty, 'dist'));
    await fs.writeFile(path.join(empty, 'dist', 'index.html'), SHELL);
    await expect(loadServerRenderer(t.app, path.join(empty, 'dist'))).resolves.toBeNull();
    // A bundle that fails to load (a build half-way) leaves the API serving the shell.
    await fs.mkdir(path.join(empty, 'dist-server'));
    await fs.writeFile(path.join(empty, 'dist-server', 'entry-server.js'), 'export const render = ;');
    await expect(loadServerRenderer(t.app, path.join(empty, 'dist'))).resolves.toBeNull();
    await fs.rm(empty, { recursive: true, force: true });
  });
});

describe('fillShell', () => {
  it('puts the markup in #root and the state after it as JSON that cannot close its block', () => {
    const page = fillShell(SHELL, '<p>hi</p>', { text: '</script><!--' });
    expect(page).toContain(
      '<div id="root"><p>hi</p></div><script type="application/json" id="ssr-state">{"text":"\\u003c/script>\\u003c!--"}</script>',
    );
    expect(page).not.toContain('noscript');
    expect(page).not.toContain('ssr-modules');
  });

  it('lists the modules to preload after the first paint in a JSON block after the state', () => {
    const page = fillShell(SHELL, '<p>hi</p>', {}, ['/assets/start-app.js', '/assets/x</script>.js']);
    expect(page).toContain(
      '<script type="application/json" id="ssr-modules">["/assets/start-app.js","/assets/x\\u003c/script>.js"]</script>',
    );
    expect(page).not.toContain('modulepreload');
  });
});

describe('modulesToPreload', () => {
  const manifest: BuildManifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_runtime.js'],
      dynamicImports: ['src/app/startup/start-app.tsx'],
    },
    '_runtime.js': { file: 'assets/runtime.js' },
    '_react.js': { file: 'assets/react.js', imports: ['_runtime.js'] },
    '_form.js': { file: 'assets/form.js', imports: ['_react.js'] },
    'src/app/startup/start-app.tsx': {
      file: 'assets/start-app.js',
      imports: ['_react.js', 'index.html'],
      dynamicImports: [
        'src/features/search/components/header-search.tsx',
        'src/features/home/pages/home-page.tsx',
        'src/features/marketplace/pages/marketplace-page.tsx',
      ],
    },
    'src/features/search/components/header-search.tsx': { file: 'assets/header-search.js', imports: ['_react.js'] },
    'src/features/home/pages/home-page.tsx': { file: 'assets/home-page.js', imports: ['_react.js'] },
    'src/features/internships/pages/internships-page.tsx': {
      file: 'assets/internships-page.js',
      imports: ['_form.js'],
      dynamicImports: ['_zod.js', '../../packages/contract/src/internships.ts'],
    },
    '_zod.js': { file: 'assets/zod.js' },
    '../../packages/contract/src/internships.ts': { file: 'assets/internships.js', imports: ['_zod.js'] },
    'src/features/marketplace/pages/marketplace-page.tsx': {
      file: 'assets/marketplace-page.js',
      imports: ['_form.js'],
      dynamicImports: ['src/features/marketplace/components/item-form-modal.tsx'],
    },
    'src/features/marketplace/components/item-form-modal.tsx': { file: 'assets/item-form-modal.js' },
    'src/features/users/pages/login-page.tsx': {
      file: 'assets/login-page.js',
      dynamicImports: ['src/features/users/components/login-form.tsx'],
    },
    'src/features/users/components/login-form.tsx': { file: 'assets/login-form.js', imports: ['_form.js'] },
  };
  // As the web build writes it from its route table (apps/web/page-modules.ts).
  const pages: PageModules = {
    '': 'src/features/home/pages/home-page.tsx',
    login: 'src/features/users/pages/login-page.tsx',
    'intern-connect': 'src/features/internships/pages/internships-page.tsx',
    marketplace: 'src/features/marketplace/pages/marketplace-page.tsx',
  };

  it("names the start module, the page's module and the start's other lazy parts with their imports, each after what it imports, not the entry's own chunks nor other pages", () => {
    expect(modulesToPreload(manifest, pages, '/marketplace/42')).toEqual([
      '/assets/react.js',
      '/assets/start-app.js',
      '/assets/form.js',
      '/assets/marketplace-page.js',
      '/assets/header-search.js',
    ]);
    expect(modulesToPreload(manifest, pages, '/')).toEqual([
      '/assets/react.js',
      '/assets/start-app.js',
      '/assets/home-page.js',
      '/assets/header-search.js',
    ]);
    expect(modulesToPreload(manifest, pages, '/intern-connect')).toContain('/assets/internships-page.js');
  });

  it("adds the page's lazy parts but not its dialogs, which load when opened, nor what a form loads on submit", () => {
    expect(modulesToPreload(manifest, pages, '/login')).toEqual([
      '/assets/react.js',
      '/assets/start-app.js',
      '/assets/login-page.js',
      '/assets/form.js',
      '/assets/login-form.js',
      '/assets/header-search.js',
    ]);
    expect(modulesToPreload(manifest, pages, '/marketplace')).not.toContain('/assets/item-form-modal.js');
    // The search form's schema loads when it is first submitted.
    expect(modulesToPreload(manifest, pages, '/intern-connect')).toEqual([
      '/assets/react.js',
      '/assets/start-app.js',
      '/assets/form.js',
      '/assets/internships-page.js',
      '/assets/header-search.js',
    ]);
  });

  it("counts the lazy parts of the chunk that holds the shell as the start's, where the shell has no key of its own", () => {
    // apps/web/start-chunks.ts: React DOM and the shell in `start-vendor` and `start`; the start
    // module imports them dynamically, and the shell's own lazy parts are the `start` chunk's.
    const grouped: BuildManifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['src/app/startup/start-app.tsx'] },
      'src/app/startup/start-app.tsx': {
        file: 'assets/start-app.js',
        imports: ['_start-vendor.js', 'index.html'],
        dynamicImports: ['_start-vendor.js', '_start.js'],
      },
      '_start-vendor.js': { file: 'assets/start-vendor.js' },
      '_start.js': {
        file: 'assets/start.js',
        imports: ['_start-vendor.js', 'index.html'],
        dynamicImports: [
          'src/features/search/components/header-search.tsx',
          'src/features/home/pages/home-page.tsx',
          'src/features/marketplace/components/item-form-modal.tsx',
          '_api.js',
        ],
      },
      'src/features/search/components/header-search.tsx': { file: 'assets/header-search.js', imports: ['_start.js'] },
      '_api.js': { file: 'assets/api.js', imports: ['_start-vendor.js'] },
      'src/features/home/pages/home-page.tsx': { file: 'assets/home-page.js', imports: ['_start.js', '_api.js'] },
      'src/features/marketplace/components/item-form-modal.tsx': { file: 'assets/item-form-modal.js' },
    };
    expect(modulesToPreload(grouped, pages, '/')).toEqual([
      '/assets/start-vendor.js',
      '/assets/start-app.js',
      '/assets/start.js',
      '/assets/api.js',
      '/assets/home-page.js',
      '/assets/header-search.js',
    ]);
  });

  it('lists chunks that import each other once each', () => {
    const cyclic: BuildManifest = {
      ...manifest,
      '_a.js': { file: 'assets/a.js', imports: ['_b.js'] },
      '_b.js': { file: 'assets/b.js', imports: ['_a.js', '_react.js'] },
      'src/features/home/pages/home-page.tsx': { file: 'assets/home-page.js', imports: ['_a.js'] },
    };
    expect(modulesToPreload(cyclic, pages, '/')).toEqual([
      '/assets/react.js',
      '/assets/start-app.js',
      '/assets/b.js',
      '/assets/a.js',
      '/assets/home-page.js',
      '/assets/header-search.js',
    ]);
  });

  it('names no page module for a path without one, and nothing without a manifest', () => {
    expect(modulesToPreload(manifest, pages, '/no-such-page')).toEqual([
      '/assets/react.js',
      '/assets/start-app.js',
      '/assets/header-search.js',
    ]);
    expect(modulesToPreload({}, pages, '/marketplace')).toEqual([]);
    // A page file named after a path is not a page of that path unless the route table says so.
    expect(modulesToPreload(manifest, pages, '/internships')).not.toContain('/assets/internships-page.js');
    expect(modulesToPreload(manifest, pages, '/constructor')).not.toContain('/assets/home-page.js');
    expect(modulesToPreload(manifest, {}, '/marketplace')).not.toContain('/assets/marketplace-page.js');
  });
});

// The real web build (`npm run build -w apps/web`), when there is one: its page map names a module
// of its manifest for every page of the route table, and a page preloads its own module.
const webDist = path.resolve(import.meta.dirname, '../../../web/dist');
const built = readBuildManifest(webDist);
describe.skipIf(!built[START_MODULE])('the web build', () => {
  const pages = readPageModules(webDist);

  it('maps each page path of the route table to a page module of the manifest', () => {
    expect(Object.keys(pages)).toEqual(expect.arrayContaining(['', 'login', 'intern-connect', 'rides', 'admin']));
    for (const [segment, key] of Object.entries(pages)) {
      expect(key, `/${segment}`).toMatch(/^src\/features\/[a-z-]+\/pages\/[a-z-]+-page\.tsx$/);
      expect(built[key], `/${segment}`).toBeDefined();
    }
  });

  it("preloads the page's own chunk, and none for a path without a page", () => {
    for (const [segment, key] of Object.entries(pages))
      expect(modulesToPreload(built, pages, `/${segment}`)).toContain(`/${built[key]!.file}`);
    const none = modulesToPreload(built, pages, '/no-such-page');
    for (const key of Object.values(pages)) expect(none).not.toContain(`/${built[key]!.file}`);
  });
});

describe('pageEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pageEncoding('gzip, deflate, br')).toBe('br');
    expect(pageEncoding('gzip')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncoding('*')).toBe('br');
    expect(pageEncoding('identity')).toBeNull();
    expect(pageEncoding(undefined)).toBeNull();
  });
});
