/**
 * Another front-end listed in CORS_ORIGINS (docs/design.md §4): a page served from a second
 * local origin logs in through the API with `fetch(…, { credentials: 'include' })` and shows an
 * uploaded image from `/api/files/…` (Cross-Origin-Resource-Policy lets it; the session cookie is
 * still required).
 */
import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { test, expect, createVerifiedAccount, signIn } from './fixtures.ts';
import { E2E_PORT, E2E_SECOND_ORIGIN, E2E_SECOND_PORT } from './env.ts';

const API = `http://localhost:${E2E_PORT}`;
let server: http.Server;

test.beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html lang="en"><head><title>Other front-end</title></head><body><main></main></body></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(E2E_SECOND_PORT, '127.0.0.1', resolve));
  expect((server.address() as AddressInfo).port).toBe(E2E_SECOND_PORT);
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('a page on another listed origin signs in through the API and shows an uploaded image', async ({ page }) => {
  const account = await createVerifiedAccount(page.request);
  await signIn(page, account);
  const upload = await page.request.post('/api/users/avatar', {
    multipart: {
      avatar: {
        name: 'photo.jpg',
        mimeType: 'image/jpeg',
        buffer: await fs.readFile(path.join(import.meta.dirname, 'assets', 'photo.jpg')),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  await page.context().clearCookies();

  await page.goto(`${E2E_SECOND_ORIGIN}/`);
  const fileResponse = page.waitForResponse((r) => r.url().startsWith(`${API}/api/files/`));
  const result = await page.evaluate(
    async ({ api, email, password }) => {
      const login = await fetch(`${api}/api/users/login`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = (await login.json()) as { data: { user: { avatar: string } } };
      const img = document.createElement('img');
      img.alt = 'Avatar from the API';
      document.querySelector('main')!.append(img);
      const loaded = await new Promise<boolean>((resolve) => {
        img.onload = () => resolve(true);
        img.onerror = () => resolve(false);
        img.src = body.data.user.avatar;
      });
      return { status: login.status, avatar: body.data.user.avatar, loaded, width: img.naturalWidth };
    },
    { api: API, email: account.email, password: account.password },
  );
  expect(result.status).toBe(200);
  expect(result.avatar).toMatch(new RegExp(`^${API}/api/files/`));
  expect(result.loaded).toBe(true);
  expect(result.width).toBeGreaterThan(0);
  // The file's own resource policy lets any listed front-end show it, not only same-site ones.
  expect((await fileResponse).headers()['cross-origin-resource-policy']).toBe('cross-origin');
  await expect(page.getByRole('img', { name: 'Avatar from the API' })).toBeVisible();
});
