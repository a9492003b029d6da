/**
 * A react-hook-form resolver over a contract schema that arrives with the schema library when the
 * form first needs it, not with the page (docs/decisions/0001-hydration-at-load.md: a page's start
 * builds no schemas; evaluating zod with the contract's schemas is one task of 40–60 ms at 4× CPU,
 * and about 200 ms in Lighthouse's trace).
 *
 * The download starts once the page has hydrated and the browser is idle ({@link usePreloadWhenIdle}),
 * or earlier at the first focus or pointer inside the form ({@link LazyResolver.intent}, spread on
 * the `<form>`), whichever comes first; so hydration does not wait for zod, and by the time the
 * student submits, the schema has usually arrived. A validation that comes first waits for it. A
 * failed download is forgotten, so the next validation tries again.
 */
import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { whenHydratedAndIdle } from './hydration';
import { nextTask } from './next-task';

/** The resolver of a schema `S`, with what starts its download early. */
export interface LazyResolver<S extends z.ZodType> {
  /** Validates with `S` (docs/design.md §4: the contract's schemas are the only validation rules). */
  resolver: Resolver<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues>;
  /** Starts the download (once; again after a failure). Resolves when the schema is ready. */
  preload: () => Promise<unknown>;
  /** Props for the `<form>`: start the download at the first focus or pointer inside it. */
  intent: { onFocus: () => void; onPointerDown: () => void };
}

/**
 * Imports zod and the resolver library, then runs `loadSchema` in a task of its own: zod's top level
 * (4–7 ms at 1× CPU) and the contract module's schemas (5–6 ms with their fields), run as one
 * import, were one task of 26 ms in Lighthouse's trace of a form page (about 100 ms at 4×, half of it
 * counted as Total Blocking Time). The schema's module starts downloading once zod has run (on
 * loopback well under a millisecond; on a phone one more round trip, usually while the page is idle).
 * Resolves with the library's `zodResolver` and the schema.
 */
async function loadInSteps<S>(loadSchema: () => Promise<S>) {
  const zod = import('zod');
  const library = import('@hookform/resolvers/zod');
  library.catch(() => undefined); // awaited below, unless an earlier step threw
  await zod;
  await nextTask();
  const schema = await loadSchema();
  await nextTask();
  const { zodResolver } = await library;
  return [zodResolver, schema] as const;
}

/**
 * Builds a {@link LazyResolver} from `loadSchema`, which imports the schema (a dynamic `import()`
 * of the contract's module, or a function of it) and returns it. Throws, at validation, what the
 * import threw (the network failed twice in a row: the next validation tries again).
 */
export function lazyZodResolver<S extends z.ZodType>(loadSchema: () => Promise<S>): LazyResolver<S> {
  type Ready = LazyResolver<S>['resolver'];
  let ready: Promise<Ready> | undefined;
  const preload = (): Promise<Ready> => {
    ready ??= loadInSteps(loadSchema).then(
      ([zodResolver, schema]) => zodResolver(schema as never) as unknown as Ready,
      (error: unknown) => {
        ready = undefined;
        throw error;
      },
    );
    return ready;
  };
  const start = () => {
    preload().catch(() => undefined);
  };
  return {
    resolver: async (values, context, options) => (await preload())(values, context, options),
    preload,
    intent: { onFocus: start, onPointerDown: start },
  };
}

/**
 * Starts `lazy`'s download once the page has hydrated and the browser is idle (lib/hydration.ts),
 * while the form is mounted; a failure is left to the next validation.
 */
export function usePreloadWhenIdle(lazy: Pick<LazyResolver<z.ZodType>, 'preload'>): void {
  useEffect(() => whenHydratedAndIdle(() => void lazy.preload().catch(() => undefined)), [lazy]);
}
