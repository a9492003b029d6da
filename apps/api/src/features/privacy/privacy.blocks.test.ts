/**
 * Blocking through HTTP (docs/privacy.md "Block"): the block list; once blocked, the blocker no
 * longer sees the blocked student's listings, lost & found items and rides, in lists or search, and
 * the blocked student's skill request, ride join and look at the blocker's listing (its contact) are
 * refused as if the record or the student did not exist. Unblocking brings everything back.
 */
import { describe, expect, it } from 'vitest';
import { LOST_FOUND_MESSAGES } from '@campus/contract/lost-found';
import { MARKETPLACE_MESSAGES } from '@campus/contract/marketplace';
import { PRIVACY_MESSAGES } from '@campus/contract/privacy';
import { RIDE_MESSAGES } from '@campus/contract/rides';
import { SKILL_MESSAGES } from '@campus/contract/skill-exchange';
import { testWorldHooks } from '../../test/helpers.ts';
import { VALID_LOST_FOUND } from '../lost-found/lost-found.cases.ts';
import { VALID_ITEM } from '../marketplace/marketplace.cases.ts';
import { validRide } from '../rides/rides.cases.ts';

const w = testWorldHooks(['blocker', 'blocked', 'bystander'], { TRUST_PROXY: '127.0.0.1' });
const {
  users: { blocker, blocked, bystander },
} = w;

const stamp = Date.now().toString(36);
const ids = (res: { json(): { data: Array<{ id: string }> } }) => res.json().data.map((x) => x.id);

describe('blocks', () => {
  it('hides the blocked student from the blocker, refuses the blocked one as if not found, and unblocks', async () => {
    expect((await w.as(blocked).put('/api/users/update', { name: 'Arjun Mehta' })).statusCode).toBe(200);
    const word = `Zither${stamp}`;
    const item = await w.as(blocked).post('/api/buy-and-sell/items', { ...VALID_ITEM, item_name: `${word} for sale` });
    expect(item.statusCode, item.body).toBe(201);
    const found = await w
      .as(blocked)
      .post('/api/lost-and-found/lost-items', { ...VALID_LOST_FOUND, item_name: `${word} case` });
    expect(found.statusCode, found.body).toBe(201);
    const theirRide = await w.as(blocked).post('/api/rides', { ...validRide(), pickupLocation: `${word} gate` });
    expect(theirRide.statusCode, theirRide.body).toBe(201);
    const myRide = await w.as(blocker).post('/api/rides', validRide());
    expect(myRide.statusCode, myRide.body).toBe(201);
    const myItem = await w.as(blocker).post('/api/buy-and-sell/items', VALID_ITEM);
    expect(myItem.statusCode).toBe(201);
    const skill = await w
      .as(blocker)
      .post('/api/skill-exchange/add-skill', { skillName: `Sitar ${stamp}`, type: 'teach' });
    expect(skill.statusCode, skill.body).toBe(201);

    const seen = async () => ({
      items: ids(await w.as(blocker).get(`/api/buy-and-sell/items?search=${word}`)),
      lostFound: ids(await w.as(blocker).get(`/api/lost-and-found/lost-items?search=${word}`)),
      rides: ids(await w.as(blocker).get('/api/rides?limit=50')),
      search: (await w.as(blocker).get(`/api/search?q=${word}`))
        .json()
        .data.groups.flatMap((g: { items: unknown[] }) => g.items).length,
    });
    const before = await seen();
    expect(before.items).toEqual([item.json().data.id]);
    expect(before.lostFound).toEqual([found.json().data.id]);
    expect(before.rides).toContain(theirRide.json().data.id);
    expect(before.search).toBe(3);

    // Blocking: 201 with the student; again keeps one block; oneself and an unknown id are refused.
    const res = await w.as(blocker).post('/api/users/blocks', { userId: blocked.userId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: PRIVACY_MESSAGES.blocked,
      data: { userId: blocked.userId, name: 'Arjun Mehta' },
    });
    expect((await w.as(blocker).post('/api/users/blocks', { userId: blocked.userId })).statusCode).toBe(201);
    const self = await w.as(blocker).post('/api/users/blocks', { userId: blocker.userId });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(PRIVACY_MESSAGES.blockSelf);
    const unknown = await w.as(blocker).post('/api/users/blocks', { userId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    const list = await w.as(blocker).get('/api/users/blocks');
    expect(list.json().data).toMatchObject([{ userId: blocked.userId, name: 'Arjun Mehta' }]);
    expect((await w.as(blocked).get('/api/users/blocks')).json().data).toEqual([]);

    // The blocker sees none of their records, in lists or search.
    const after = await seen();
    expect(after).toEqual({
      items: [],
      lostFound: [],
      rides: expect.not.arrayContaining([theirRide.json().data.id]),
      search: 0,
    });
    // A bystander still sees them.
    expect(ids(await w.as(bystander).get(`/api/buy-and-sell/items?search=${word}`))).toEqual([item.json().data.id]);

    // The blocked student: the join, the listing (its contact) and the skill request answer as if not found.
    const join = await w.as(blocked).post(`/api/rides/${myRide.json().data.id}/join`);
    expect(join.statusCode).toBe(404);
    expect(join.json().message).toBe(RIDE_MESSAGES.notFound);
    const look = await w.as(blocked).get(`/api/buy-and-sell/items/${myItem.json().data.id}`);
    expect(look.statusCode).toBe(404);
    expect(look.json().message).toBe(MARKETPLACE_MESSAGES.notFound);
    expect((await w.as(blocker).get(`/api/lost-and-found/lost-items/${found.json().data.id}`)).json().message).toBe(
      LOST_FOUND_MESSAGES.notFound,
    );
    const ask = await w.as(blocked).post('/api/skill-exchange/request', {
      recipientId: blocker.userId,
      skillId: skill.json().userSkill.skillId,
      message: 'Teach me?',
    });
    expect(ask.statusCode).toBe(404);
    expect(ask.json().message).toBe(SKILL_MESSAGES.userNotFound);
    expect((await w.as(bystander).post(`/api/rides/${myRide.json().data.id}/join`)).statusCode).toBe(200);

    // Unblocking: everything is back; a second unblock is 404.
    const off = await w.as(blocker).delete(`/api/users/blocks/${blocked.userId}`);
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(PRIVACY_MESSAGES.unblocked);
    expect((await w.as(blocker).delete(`/api/users/blocks/${blocked.userId}`)).statusCode).toBe(404);
    expect(await seen()).toEqual(before);
    expect((await w.as(blocked).post(`/api/rides/${myRide.json().data.id}/join`)).statusCode).toBe(200);
  });

  it('answers bad input with the contract’s messages', async () => {
    const bad = await w.as(blocker).post('/api/users/blocks', { userId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PRIVACY_MESSAGES.userIdInvalid);
    expect((await w.as(blocker).delete('/api/users/blocks/nope')).statusCode).toBe(404);
    expect((await w.as().get('/api/users/blocks')).statusCode).toBe(401);
  });
});
