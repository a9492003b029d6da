/**
 * Offset-less date-times in a JSON body (docs/architecture.md "Building blocks"): a route whose body
 * Fastify validates with the contract's schema reads them in the institute's zone through
 * `dateTimesInBody`, the same step (`readDateTimesIn`) the form reader runs as `beforeValidation`.
 * A small app of its own, with the app's zod validator; no database.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoDateTime } from '@campus/contract/fields';
import { dateTimesInBody } from './dates.ts';

const body = z.object({
  startsAt: isoDateTime({ required: 'Start is required.', invalid: 'Start is not a date-time.' }),
  note: z.string().optional(),
});

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const echo = { schema: { body } };
  routes.post(
    '/zoned',
    { ...echo, preValidation: dateTimesInBody('Asia/Kolkata', ['startsAt']) },
    async (req) => req.body,
  );
  routes.post('/plain', echo, async (req) => req.body);
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

describe('dateTimesInBody', () => {
  it('reads a datetime-local value in the zone before the schema normalises it to UTC', async () => {
    const res = await post('/zoned', { startsAt: '2026-11-27T10:30', note: '2026-11-27T10:30' });
    expect(res.statusCode).toBe(200);
    // Only the named field is read in the zone; another field keeps its text.
    expect(res.json()).toEqual({ startsAt: '2026-11-27T05:00:00.000Z', note: '2026-11-27T10:30' });
    // Without the hook the same text is read in the server's own zone.
    const plain = await post('/plain', { startsAt: '2026-11-27T10:30' });
    expect(plain.json().startsAt).toBe(new Date('2026-11-27T10:30').toISOString());
  });

  it('keeps a value with an offset as it was sent', async () => {
    const res = await post('/zoned', { startsAt: '2026-11-27T10:30:15+05:30' });
    expect(res.json()).toEqual({ startsAt: '2026-11-27T05:00:15.000Z' });
  });

  it('refuses an impossible local date (no roll-over to March) with the schema message', async () => {
    const res = await post('/zoned', { startsAt: '2026-02-30T10:30' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Start is not a date-time.');
  });

  it('leaves a body that is not an object to the schema', async () => {
    const res = await post('/zoned', ['2026-11-27T10:30']);
    expect(res.statusCode).toBe(400);
    expect((await post('/zoned', {})).body).toContain('Start is required.');
  });
});
