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
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { dateTimesInBody, todayIn } from './dates.ts';

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

describe('todayIn keeps the last day it worked out', () => {
  it('answers as the time-zone arithmetic does around midnights, a DST change, going back and switching zones', () => {
    const direct = (zone: string, at: Date) => format(new TZDate(at, zone), 'yyyy-MM-dd');
    const instants = [
      '2026-11-29T18:29:59.999Z', // 23:59:59.999 in Kolkata
      '2026-11-29T18:30:00.000Z', // midnight in Kolkata
      '2026-11-29T18:29:00.000Z', // back over it
      '2026-03-08T04:59:59.999Z', // New York, the night clocks go forward
      '2026-03-08T05:00:00.000Z',
      '2026-03-09T03:59:59.999Z', // 23:59:59.999 on a 23-hour day
      '2026-03-09T04:00:00.000Z',
    ].map((iso) => new Date(iso));
    for (const zone of ['Asia/Kolkata', 'America/New_York', 'Asia/Kolkata'])
      for (const at of instants) expect(todayIn(zone, at), `${zone} at ${at.toISOString()}`).toBe(direct(zone, at));
  });
});
