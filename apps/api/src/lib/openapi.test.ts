/**
 * API docs: OpenAPI 3.1 at /api/docs/json generated from the route schemas, every
 * foundation route present with its request and response schemas, and Swagger UI at /api/docs
 * served under a CSP it works with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

type Operation = {
  requestBody?: { content: Record<string, { schema: { type?: string; properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
  parameters?: Array<{ in: string; name: string }>;
};

/** The foundation's routes and this issue's: method, path, JSON body fields or null. */
const FOUNDATION: Array<[string, string, string[] | null, string]> = [
  ['get', '/api/users/health', null, '200'],
  ['post', '/api/users/signup', ['email', 'password'], '201'],
  ['post', '/api/users/verify-email', ['token', 'password'], '200'],
  ['post', '/api/users/resend-verification', ['email'], '200'],
  ['post', '/api/users/login', ['email', 'password'], '200'],
  ['post', '/api/users/logout', null, '200'],
  ['get', '/api/users/current', null, '200'],
  ['put', '/api/users/update', ['name', 'branch', 'semester', 'hostel'], '200'],
  ['post', '/api/users/forgot-password', ['email'], '200'],
  ['post', '/api/users/reset-password', ['token', 'password'], '200'],
  ['post', '/api/users/change-password', ['currentPassword', 'newPassword'], '200'],
  ['post', '/api/users/avatar', null, '200'],
  ['get', '/api/institute', null, '200'],
];

describe('API docs', () => {
  let t: TestApp;
  let doc: { openapi: string; info: { title: string }; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toContain('Campus Companion API');
  });

  it.each(FOUNDATION)('%s %s appears with its request and response schemas', (method, path, fields, status) => {
    const op = doc.paths[path]?.[method];
    expect(op, `${method} ${path}`).toBeDefined();
    if (fields) {
      const schema = op!.requestBody!.content['application/json']!.schema;
      expect(schema.type).toBe('object');
      for (const f of fields) expect(Object.keys(schema.properties ?? {})).toContain(f);
    }
    const ok = op!.responses[status]!.content!['application/json']!.schema;
    expect(Object.keys(ok.properties ?? {})).toEqual(expect.arrayContaining(['success', 'message']));
    // Failures are documented with the envelope too.
    const failure = Object.entries(op!.responses).find(([code]) => code.startsWith('4') || code.startsWith('5'));
    expect(failure, `${method} ${path} failure response`).toBeDefined();
  });

  /** Routes that answer a file, not the envelope (their description says what it holds). */
  const FILE_DOWNLOADS = ['GET /api/users/me/export']; // a zip (docs/privacy.md)

  it('documents every users route the app serves, each with a success schema', () => {
    // Top-level lines of the route tree carry full paths, e.g. "├── /api/users/login (POST)".
    const served = [...t.app.printRoutes({ commonPrefix: false }).matchAll(/── (\/api\/users\/\S+) \(([A-Z, ]+)\)/g)];
    expect(served.length).toBeGreaterThanOrEqual(12);
    for (const [, route, methods] of served) {
      const path = route!.replace(/:(\w+)/g, '{$1}');
      for (const method of methods!.split(', ').filter((m) => m !== 'HEAD')) {
        const op = doc.paths[path]?.[method.toLowerCase()];
        expect(op, `${method} ${path}`).toBeDefined();
        if (FILE_DOWNLOADS.includes(`${method} ${path}`)) continue;
        const success = Object.entries(op!.responses).find(([code]) => code.startsWith('2'));
        expect(success?.[1].content?.['application/json']?.schema, `${method} ${path} success schema`).toBeDefined();
      }
    }
  });

  it('documents the profile response: data.user and roles (docs/product-spec.md §7)', () => {
    const ok = doc.paths['/api/users/current']!.get!.responses['200']!.content!['application/json']!.schema as {
      properties: { data: { properties: Record<string, unknown> } };
    };
    expect(Object.keys(ok.properties.data.properties)).toEqual(['user', 'roles']);
  });

  it('documents the institute documents with their path parameter', () => {
    const op = doc.paths['/api/institute/files/{file}']!.get!;
    expect(op.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'file' })]));
  });

  it('serves Swagger UI whose assets load under the page CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // No inline script (which the CSP would block): every script is a same-origin file that loads.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const src of scripts) {
      const url = new URL(src, 'http://localhost/api/docs').pathname;
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain("resolveUrl('./json')");
  });
});
