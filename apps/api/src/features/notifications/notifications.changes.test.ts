/**
 * Live record changes (lib/live-changes.ts, docs/web-patterns.md "Live changes") through real HTTP
 * streams: a write names the records it changed in a `change` event with their type and id — a
 * skill request to its two parties only, a ride or a listing to every open stream, a moderation
 * case to the administrators only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '@campus/contract/notifications';
import { testWorldHooks } from '../../test/helpers.ts';
import { openStream } from '../../test/sse.ts';
import { VALID_ITEM } from '../marketplace/marketplace.cases.ts';
import { validRide } from '../rides/rides.cases.ts';

const ADMIN = 'proctor.live@iiitsonepat.ac.in';
const { t, as, users } = testWorldHooks(['teacher', 'learner', 'bystander', 'admin'], { ADMIN_EMAILS: ADMIN });
type Name = keyof typeof users;
type Stream = Awaited<ReturnType<typeof openStream>>;
const streams = {} as Record<Name, Stream>;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  for (const name of Object.keys(users) as Name[]) {
    streams[name] = await openStream(base, users[name].cookie);
    await streams[name].waitFor((e) => e.event === 'unread');
  }
});
afterAll(async () => {
  for (const s of Object.values(streams)) await s.close();
});

/** The `change` events `who` has received so far that name `type`/`id`. */
const changesOf = (who: Name, type: string, id: string) =>
  streams[who].events.filter(
    (e) =>
      e.event === 'change' && (e.data as unknown as ChangeEvent).changed.some((c) => c.type === type && c.id === id),
  );
/** Waits for `who`'s `change` event naming `type`/`id` and returns its payload. */
const changeSeen = async (who: Name, type: string, id: string) =>
  (await streams[who].waitFor((e) => changesOf(who, type, id).includes(e))).data as unknown as ChangeEvent;

/** Expects `res` to have status `status` and returns its `data`. */
function dataOf<T>(res: { statusCode: number; body: string; json(): { data?: T } & T }, status: number): T {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  return (body.data ?? body) as T;
}

describe('live change events', () => {
  it('tells both parties of a skill request when it is sent or accepted, and nobody else', async () => {
    const taught = dataOf<{ userSkill: { skillId: string } }>(
      await as('teacher').post('/api/skill-exchange/add-skill', { skillName: 'Origami', type: 'teach' }),
      201,
    );
    const sent = dataOf<{ request: { id: string } }>(
      await as('learner').post('/api/skill-exchange/request', {
        recipientId: users.teacher.userId,
        skillId: taught.userSkill.skillId,
      }),
      201,
    );
    const id = sent.request.id;
    expect((await changeSeen('teacher', 'skill-request', id)).changed).toEqual([{ type: 'skill-request', id }]);
    const before = changesOf('learner', 'skill-request', id).length;

    expect((await as('teacher').post(`/api/skill-exchange/requests/${id}/accept`, {})).statusCode).toBe(200);
    await streams.learner.waitFor(() => changesOf('learner', 'skill-request', id).length > before);
    expect(changesOf('bystander', 'skill-request', id)).toEqual([]);
    expect(changesOf('admin', 'skill-request', id)).toEqual([]);
  });

  it('tells every open stream, the owner’s included, when a ride is joined and left', async () => {
    const ride = dataOf<{ id: string }>(await as('teacher').post('/api/rides', validRide()), 201);
    expect((await as('learner').post(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
    expect((await changeSeen('teacher', 'ride', ride.id)).changed).toEqual([{ type: 'ride', id: ride.id }]);
    await changeSeen('bystander', 'ride', ride.id);
    expect((await as('learner').delete(`/api/rides/${ride.id}/join`)).statusCode).toBe(200);
    await streams.teacher.waitFor(() => changesOf('teacher', 'ride', ride.id).length === 2);
  });

  it('tells every open stream when a listing is sold or deleted, and the admins when it is reported', async () => {
    const item = dataOf<{ id: string }>(await as('teacher').post('/api/buy-and-sell/items', VALID_ITEM), 201);
    expect((await as('teacher').put(`/api/buy-and-sell/items/${item.id}`, { is_sold: true })).statusCode).toBe(200);
    expect((await changeSeen('learner', 'listing', item.id)).changed).toEqual([{ type: 'listing', id: item.id }]);

    const report = dataOf<{ caseId: string }>(
      await as('learner').post('/api/reports', { targetType: 'listing', targetId: item.id, reason: 'spam' }),
      201,
    );
    await changeSeen('admin', 'report', report.caseId);
    expect(changesOf('bystander', 'report', report.caseId)).toEqual([]);

    expect((await as('teacher').delete(`/api/buy-and-sell/items/${item.id}`)).statusCode).toBe(200);
    await streams.bystander.waitFor(() => changesOf('bystander', 'listing', item.id).length === 2);
  });
});
