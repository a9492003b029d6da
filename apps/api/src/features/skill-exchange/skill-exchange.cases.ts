/**
 * Authorization-matrix rows of skill exchange (docs/product-spec.md §7; assembled by
 * `test/route-cases.ts`): everything acts on the caller; only the recipient answers a request, only
 * the sender cancels it; a user skill is deleted by its owner only.
 */
import { nextClientIp, type SignedIn } from '../../test/helpers.ts';
import { ownerOnly, signedIn } from '../../test/case-kit.ts';
import type { CaseRequest, Caller, RouteCase, World } from '../../test/route-cases.ts';

/** Sends a set-up request of skill exchange as `who` and returns its JSON (expects `status`). */
async function skillSetup(w: World, who: SignedIn, req: CaseRequest, status = 201) {
  const res = await w.t.app.inject({ ...req, headers: { cookie: who.cookie, 'x-forwarded-for': nextClientIp() } });
  if (res.statusCode !== status) throw new Error(`setup ${req.method} ${req.url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
let skillNames = 0;
/** A skill name no case used before. */
const freshSkillName = () => `Matrix skill ${++skillNames}`;
/** A fresh user skill of `owner` (for deleting). */
async function newUserSkill(w: World): Promise<string> {
  const body = { skillName: freshSkillName(), type: 'teach' };
  return (await skillSetup(w, w.owner, { method: 'POST', url: '/api/skill-exchange/add-skill', payload: body }))
    .userSkill.id as string;
}
/** `who` starts teaching a fresh skill; returns the skill id. */
async function teachesFresh(w: World, who: SignedIn): Promise<string> {
  const body = { skillName: freshSkillName(), type: 'teach' };
  return (await skillSetup(w, who, { method: 'POST', url: '/api/skill-exchange/add-skill', payload: body })).userSkill
    .skillId as string;
}
/** A fresh pending connect request from `from` to `to` (who teaches a fresh skill). */
async function newSkillRequest(w: World, from: SignedIn, to: SignedIn): Promise<string> {
  const payload = { recipientId: to.userId, skillId: await teachesFresh(w, to), message: 'Could you help me?' };
  return (await skillSetup(w, from, { method: 'POST', url: '/api/skill-exchange/request', payload })).request
    .id as string;
}
/**
 * A request's party acts: `owner` is the party allowed; `other` is the other party
 * (visible, not changeable: 403); an admin is no party (404).
 */
const party = (status: number): Record<Caller, number> => ({
  guest: 401,
  owner: status,
  other: 403,
  admin: 404,
  deactivated: 401,
});

/** The rows of `/api/skill-exchange/…`. */
export const SKILL_EXCHANGE_CASES: Record<string, RouteCase> = {
  'GET /api/skill-exchange/skills': {
    request: () => ({ method: 'GET', url: '/api/skill-exchange/skills' }),
    expect: signedIn(200),
  },
  'GET /api/skill-exchange/my-skills': {
    request: () => ({ method: 'GET', url: '/api/skill-exchange/my-skills' }),
    expect: signedIn(200),
  },
  'GET /api/skill-exchange/matches': {
    request: () => ({ method: 'GET', url: '/api/skill-exchange/matches' }),
    expect: signedIn(200),
  },
  'POST /api/skill-exchange/add-skill': {
    request: () => ({
      method: 'POST',
      url: '/api/skill-exchange/add-skill',
      payload: { skillName: freshSkillName(), type: 'learn' },
    }),
    expect: signedIn(201),
  },
  'DELETE /api/skill-exchange/user-skill/:id': {
    request: async (w) => ({ method: 'DELETE', url: `/api/skill-exchange/user-skill/${await newUserSkill(w)}` }),
    expect: ownerOnly(200, 404),
  },
  'POST /api/skill-exchange/request': {
    request: async (w, caller) => {
      const to = caller === 'other' ? w.owner : w.other;
      return {
        method: 'POST',
        url: '/api/skill-exchange/request',
        payload: { recipientId: to.userId, skillId: await teachesFresh(w, to), message: 'Teach me, please' },
      };
    },
    expect: signedIn(201),
  },
  'GET /api/skill-exchange/requests': {
    request: () => ({ method: 'GET', url: '/api/skill-exchange/requests', query: { box: 'sent', page: '1' } }),
    expect: signedIn(200),
  },
  'POST /api/skill-exchange/requests/:id/accept': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/skill-exchange/requests/${await newSkillRequest(w, w.other, w.owner)}/accept`,
      payload: { phone: '9812345678' },
    }),
    expect: party(200),
  },
  'POST /api/skill-exchange/requests/:id/decline': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/skill-exchange/requests/${await newSkillRequest(w, w.other, w.owner)}/decline`,
    }),
    expect: party(200),
  },
  'POST /api/skill-exchange/requests/:id/cancel': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/skill-exchange/requests/${await newSkillRequest(w, w.owner, w.other)}/cancel`,
    }),
    expect: party(200),
  },
};
