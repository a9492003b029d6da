/**
 * The browser build ships zod's English messages only (apps/web/zod-english.ts): a build whose
 * modules keep zod's `z` namespace whole still carries no other language, and zod's own English
 * messages still work.
 */
import { build, type Plugin, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { zodEnglishOnly } from '../../zod-english';

/** A module that keeps the whole `z` namespace, as a chunk boundary does in the app's build. */
const ENTRY = `import { z } from 'zod';
export const namespace = z;
export const message = z.string().min(2).safeParse('a').error.issues[0].message;`;

const entry: Plugin = {
  name: 'entry',
  resolveId: (id) => (id === 'entry' ? '\0entry' : null),
  load: (id) => (id === '\0entry' ? ENTRY : null),
};

/** Builds {@link ENTRY} for the browser, with or without the plugin; returns the code. */
async function bundle(plugins: Plugin[]): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [entry, ...plugins],
    build: {
      write: false,
      minify: false,
      modulePreload: false,
      rollupOptions: { input: 'entry', preserveEntrySignatures: 'strict' },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const outputs = Array.isArray(result) ? result : [result];
  return outputs
    .flatMap((o) => o.output)
    .map((file) => (file.type === 'chunk' ? file.code : ''))
    .join('\n');
}

describe('zod with English only', () => {
  it('leaves out the other languages, which a plain build carries', async () => {
    const plain = await bundle([]);
    expect(plain).toContain('Zeichen'); // German: "Zu klein: erwartet, dass … Zeichen hat"
    const english = await bundle([zodEnglishOnly()]);
    expect(english).not.toContain('Zeichen');
    expect(english).not.toContain('caractères');
    expect(english).toContain('Too small');
    // The built module runs, and zod's default messages are English.
    const built = (await import(`data:text/javascript,${encodeURIComponent(english)}`)) as { message: string };
    expect(built.message).toBe('Too small: expected string to have >=2 characters');
  }, 60_000);
});
