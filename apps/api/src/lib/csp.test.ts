/**
 * The CSP's script sources (lib/csp.ts): each inline script of the web shell by its SHA-256, as a
 * browser hashes it; script files and JSON data blocks are not inline scripts.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, scriptSources } from './csp.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the text of each inline script exactly, and only those', () => {
    const body = '(function(w){w.x=1})(window);';
    const html = `<head><script>${body}</script><script type="module" crossorigin src="/assets/index.js"></script></head>
      <body><script type="application/json" id="ssr-state">{"a":1}</script><script>
 second()</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha(body), sha('\n second()')]);
  });

  it('gives the browser hash of a known text (CSP Level 3 example)', () => {
    // The same script text with a different byte would not run: its hash differs.
    expect(inlineScriptHashes("<script>alert('Hello, world.');</script>")).toEqual([
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    ]);
  });
});

describe('scriptSources', () => {
  it("is 'self' and the shell's inline scripts, or 'self' alone without a build", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-'));
    expect(scriptSources(dir)).toEqual(["'self'"]);
    fs.writeFileSync(path.join(dir, 'index.html'), '<head><script>hold()</script></head>');
    expect(scriptSources(dir)).toEqual(["'self'", sha('hold()')]);
    fs.rmSync(dir, { recursive: true });
  });
});
