/**
 * Skill exchange API through HTTP on a real database: every
 * endpoint for guest, owner and another student; every message of docs/product-spec.md §5, §8 and ours; duplicate,
 * case-variant and alias skills; matches that exclude oneself and deactivated students and rank
 * reciprocal matches first (then branch, then activity); the request state machine with every
 * invalid transition (409) and wrong party (403 / 404); contacts revealed only once accepted;
 * notifications to the right person; and concurrent sends / answers (race-safe).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  SKILL_INBOX_LINK,
  SKILL_MESSAGES as M,
  SKILL_REQUEST_STATUSES,
  type Match,
  type SkillRequest,
  type SkillRequestStatus,
  type UserSkill,
} from '@campus/contract/skill-exchange';
import { sessions } from '../../db/schema/users.ts';
import { clientOf, signUpAndLogin, testWorldHooks, type Method, type SignedIn } from '../../test/helpers.ts';
import { seedSkillExchangeDemo } from './skill-exchange.service.ts';

const ADMIN = 'dean.skills@iiitsonepat.ac.in';
const w = testWorldHooks(['admin'], { ADMIN_EMAILS: ADMIN, TRUST_PROXY: '127.0.0.1' });
const {
  t,
  users: { admin },
} = w;

/** Sends JSON (or nothing) to `/api/skill-exchange{url}` as `who`, from a fresh client IP. */
const send = (method: Method, url: string, who?: SignedIn, payload?: object) =>
  clientOf(t, who).send(method, `/api/skill-exchange${url}`, payload);

/** A new signed-in student with a name and optionally a branch. */
async function student(name: string, branch?: string): Promise<SignedIn> {
  const who = await signUpAndLogin(t);
  const res = await clientOf(t, who).put('/api/users/update', { name, ...(branch && { branch }) });
  expect(res.statusCode, res.body).toBe(200);
  return who;
}

async function add(who: SignedIn, skillName: string, type: 'teach' | 'learn'): Promise<UserSkill> {
  const res = await send('POST', '/add-skill', who, { skillName, type });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ success: true, message: M.skillAdded });
  return res.json().userSkill;
}

async function request(from: SignedIn, to: SignedIn, skillId: string, extra: object = {}): Promise<SkillRequest> {
  const res = await send('POST', '/request', from, { recipientId: to.userId, skillId, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().message).toBe(M.requestSent);
  return res.json().request;
}

async function matchesOf(who: SignedIn): Promise<Match[]> {
  const res = await send('GET', '/matches', who);
  expect(res.statusCode).toBe(200);
  return res.json().matches;
}

async function box(who: SignedIn, which: 'received' | 'sent'): Promise<SkillRequest[]> {
  const res = await send('GET', `/requests?box=${which}&limit=100`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function deactivate(who: SignedIn) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/users/admin/users/${who.userId}/deactivate`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const UNKNOWN = '0190f3c4-1111-7aaa-8bbb-123456789abc';

describe('guests', () => {
  it('are refused by every skill-exchange route with 401', async () => {
    const calls: Array<[Method, string, object?]> = [
      ['GET', '/skills'],
      ['GET', '/my-skills'],
      ['GET', '/matches'],
      ['POST', '/add-skill', { skillName: 'Python', type: 'teach' }],
      ['POST', '/request', { recipientId: UNKNOWN, skillId: UNKNOWN }],
      ['DELETE', `/user-skill/${UNKNOWN}`],
      ['GET', '/requests'],
      ['POST', `/requests/${UNKNOWN}/accept`],
      ['POST', `/requests/${UNKNOWN}/decline`],
      ['POST', `/requests/${UNKNOWN}/cancel`],
    ];
    for (const [method, url, body] of calls) {
      const res = await send(method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: 'Not authenticated' });
    }
  });
});

describe('acting for someone else', () => {
  it('refuses a userId that is not the caller’s with 403 (docs/design.md §5), and accepts the caller’s own', async () => {
    const who = await student('Self');
    const someone = await student('Someone');
    const res = await send('POST', '/add-skill', who, { skillName: 'Chess', type: 'teach', userId: someone.userId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: M.otherUser });
    const query = await send('GET', `/my-skills?userId=${someone.userId}`, who);
    expect(query.statusCode).toBe(403);
    expect((await send('GET', '/my-skills', someone)).json().teach).toEqual([]);
    expect(
      (await send('POST', '/add-skill', who, { skillName: 'Chess', type: 'teach', userId: who.userId })).statusCode,
    ).toBe(201);
  });
});

describe('skills', () => {
  it('lists the seeded common skills at the top level, by name', async () => {
    const who = await student('Lister');
    const res = await send('GET', '/skills', who);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toBeUndefined();
    const names: string[] = body.skills.map((s: { name: string }) => s.name);
    for (const n of ['Python', 'JavaScript', 'Machine Learning', 'C++']) expect(names).toContain(n);
    const sorted = [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(names.map((n) => n.toLowerCase())).toEqual(sorted.map((n) => n.toLowerCase()));
  });

  it('adds a skill with its nested Skill and returns it in my-skills (teach and learn at the top level)', async () => {
    const who = await student('Adder');
    const taught = await add(who, '  Python ', 'teach');
    expect(taught).toMatchObject({ type: 'teach', Skill: { name: 'Python' }, skill: { name: 'Python' } });
    const learnt = await add(who, 'Underwater   Basket Weaving', 'learn');
    expect(learnt.Skill.name).toBe('Underwater Basket Weaving');
    const mine = (await send('GET', '/my-skills', who)).json();
    expect(mine.success).toBe(true);
    expect(mine.teach.map((s: UserSkill) => s.Skill.name)).toEqual(['Python']);
    expect(mine.learn.map((s: UserSkill) => s.Skill.name)).toEqual(['Underwater Basket Weaving']);
    // A new skill joins the list everyone picks from.
    const all = (await send('GET', '/skills', who)).json().skills.map((s: { name: string }) => s.name);
    expect(all).toContain('Underwater Basket Weaving');
  });

  it('refuses empty, blank, too long names and an unknown type with the spec’s messages', async () => {
    const who = await student('Validator');
    const cases: Array<[object, string]> = [
      [{ skillName: '', type: 'teach' }, M.nameEmpty],
      [{ skillName: '    ', type: 'teach' }, M.nameEmpty],
      [{ type: 'teach' }, M.nameEmpty],
      [{ skillName: 'x'.repeat(101), type: 'learn' }, M.nameTooLong],
      [{ skillName: 'Python', type: 'mentor' }, M.typeInvalid],
      [{ skillName: 'Python' }, M.typeInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await send('POST', '/add-skill', who, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
    expect((await send('POST', '/add-skill', who, { skillName: 'y'.repeat(100), type: 'learn' })).statusCode).toBe(201);
    const mine = (await send('GET', '/my-skills', who)).json();
    expect(mine.teach).toEqual([]);
    expect(mine.learn).toHaveLength(1);
  });

  it('refuses a duplicate, a case variant and an alias in the same mode with 409 and the spec’s text', async () => {
    const who = await student('Duplicator');
    await add(who, 'Python', 'teach');
    for (const name of ['Python', 'python', ' PYTHON ', 'py']) {
      const res = await send('POST', '/add-skill', who, { skillName: name, type: 'teach' });
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: 'You have already added "Python" as a teach skill' });
    }
    // The same skill in the other mode is fine.
    expect((await add(who, 'python', 'learn')).Skill.name).toBe('Python');
    const again = await send('POST', '/add-skill', who, { skillName: 'PYTHON', type: 'learn' });
    expect(again.json().message).toBe('You have already added "Python" as a learn skill');
  });

  it('resolves aliases and case variants to one canonical skill (JS = JavaScript, ML = Machine Learning)', async () => {
    const a = await student('Aliaser');
    const js = await add(a, 'JS', 'teach');
    expect(js.Skill.name).toBe('JavaScript');
    const ml = await add(a, 'ml', 'learn');
    expect(ml.Skill.name).toBe('Machine Learning');
    const b = await student('Other aliaser');
    expect((await add(b, 'javascript', 'teach')).skillId).toBe(js.skillId);
    expect((await add(b, 'Machine  learning', 'learn')).skillId).toBe(ml.skillId);
    // A new name typed in two cases is one skill, named as first added.
    const first = await add(a, 'Origami Folding', 'teach');
    expect((await add(b, 'origami folding', 'teach')).skillId).toBe(first.skillId);
    expect((await add(b, 'ORIGAMI FOLDING', 'learn')).Skill.name).toBe('Origami Folding');
  });

  it('deletes only the caller’s own user skill; anything else answers 404 Skill not found', async () => {
    const owner = await student('Owner');
    const other = await student('Other');
    const mine = await add(owner, 'Chess', 'teach');
    for (const [who, id] of [
      [other, mine.id],
      [admin, mine.id],
      [owner, UNKNOWN],
    ] as const) {
      const res = await send('DELETE', `/user-skill/${id}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: M.notFound });
    }
    const malformed = await send('DELETE', '/user-skill/not-an-id', owner);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().message).toBe(M.notFound);
    expect((await send('GET', '/my-skills', owner)).json().teach).toHaveLength(1);
    const res = await send('DELETE', `/user-skill/${mine.id}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: M.skillDeleted });
    expect((await send('GET', '/my-skills', owner)).json().teach).toEqual([]);
    expect((await send('DELETE', `/user-skill/${mine.id}`, owner)).statusCode).toBe(404);
  });
});

describe('matches', () => {
  it('lists who teaches what I learn: never myself, never a deactivated student; reciprocal, then branch, then activity', async () => {
    const topic = `Kite Surfing ${Date.now()}`;
    const me = await student('Learner', 'Computer Science Engineering');
    await add(me, topic, 'learn');
    await add(me, topic.toUpperCase(), 'teach'); // I teach it too: never my own match
    await add(me, 'Guitar', 'teach');

    const plain = await student('Plain teacher', 'Civil Engineering');
    await add(plain, topic.toLowerCase(), 'teach');
    const sameBranch = await student('Branch mate', 'Computer Science Engineering');
    await add(sameBranch, topic, 'teach');
    const reciprocal = await student('Reciprocal teacher', 'Mechanical Engineering');
    await add(reciprocal, topic, 'teach');
    await add(reciprocal, 'guitar', 'learn');
    const gone = await student('Deactivated teacher', 'Computer Science Engineering');
    await add(gone, topic, 'teach');
    await add(gone, 'Guitar', 'learn');
    await deactivate(gone);
    const learnerToo = await student('Fellow learner');
    await add(learnerToo, topic, 'learn');
    // The most recently active of two otherwise equal teachers comes first.
    const recent = await student('Recent teacher', 'Civil Engineering');
    await add(recent, topic, 'teach');
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(sessions.userId, plain.userId));

    const list = await matchesOf(me);
    expect(list.map((m) => m.user.name)).toEqual([
      'Reciprocal teacher',
      'Branch mate',
      'Recent teacher',
      'Plain teacher',
    ]);
    expect(list.map((m) => m.reciprocal)).toEqual([true, false, false, false]);
    const first = list[0]!;
    expect(first.user).toMatchObject({
      id: reciprocal.userId,
      name: 'Reciprocal teacher',
      email: null, // not connected: no address
      branch: 'Mechanical Engineering',
      semester: null,
      avatar: null,
    });
    expect(first.Skill.name).toBe(topic);
    expect(first.requestStatus).toBeNull();
    // A student who learns nothing has no matches.
    expect(await matchesOf(await student('Nobody'))).toEqual([]);
  });

  it('shows my live request status on the match card', async () => {
    const topic = `Pottery ${Date.now()}`;
    const me = await student('Potter apprentice');
    await add(me, topic, 'learn');
    const teacher = await student('Potter');
    const taught = await add(teacher, topic, 'teach');
    const sent = await request(me, teacher, taught.skillId);
    expect((await matchesOf(me))[0]!.requestStatus).toBe('pending');
    expect((await send('POST', `/requests/${sent.id}/accept`, teacher)).statusCode).toBe(200);
    expect((await matchesOf(me))[0]!.requestStatus).toBe('accepted');
  });

  it('shows the teacher’s e-mail only once a request is accepted: name, branch and semester before', async () => {
    const topic = `Calligraphy ${Date.now()}`;
    const me = await student('Calligraphy learner');
    await add(me, topic, 'learn');
    const teacher = await student('Calligrapher', 'Civil Engineering');
    const taught = await add(teacher, topic, 'teach');
    const card = async () => (await matchesOf(me)).find((m) => m.user.id === teacher.userId)!;
    expect((await card()).user).toMatchObject({ name: 'Calligrapher', branch: 'Civil Engineering', email: null });
    const res = await send('GET', '/matches', me);
    expect(res.body).not.toContain(teacher.email);
    const sent = await request(me, teacher, taught.skillId);
    expect((await card()).user.email).toBeNull(); // pending is not connected
    expect((await send('POST', `/requests/${sent.id}/decline`, teacher)).statusCode).toBe(200);
    expect((await card()).user.email).toBeNull();
    const again = await request(me, teacher, taught.skillId);
    expect((await send('POST', `/requests/${again.id}/accept`, teacher)).statusCode).toBe(200);
    expect((await card()).user).toMatchObject({ email: teacher.email });
  });

  it('counts a connection made the other way round (they asked me for the skill, I accepted) as accepted', async () => {
    const topic = `Juggling ${Date.now()}`;
    const me = await student('Juggling learner');
    const chess = await add(me, 'Chess', 'teach');
    const learnt = await add(me, topic, 'learn');
    await add(me, topic, 'teach'); // I teach it a little too
    const them = await student('Juggler');
    await add(them, topic, 'teach');
    // A connection for another skill does not count for this card.
    const other = await request(them, me, chess.skillId);
    expect((await send('POST', `/requests/${other.id}/accept`, me)).statusCode).toBe(200);
    expect((await matchesOf(me))[0]!.requestStatus).toBeNull();
    // Their request for this skill, pending: still Request to Connect for me; accepted: connected.
    const asked = await request(them, me, learnt.skillId);
    expect((await matchesOf(me))[0]!.requestStatus).toBeNull();
    expect((await send('POST', `/requests/${asked.id}/accept`, me)).statusCode).toBe(200);
    expect((await matchesOf(me))[0]!.requestStatus).toBe('accepted');
    const again = await send('POST', '/request', me, { recipientId: them.userId, skillId: learnt.skillId });
    expect(again.json().message).toBe(M.alreadyConnected);
  });
});

describe('connect requests', () => {
  /** A fresh teacher of a fresh skill and a learner. */
  async function pair() {
    const teacher = await student('Teacher T');
    const learner = await student('Learner L');
    const taught = await add(teacher, `Topic ${Math.random().toString(36).slice(2)}`, 'teach');
    return { teacher, learner, skillId: taught.skillId, skillName: taught.Skill.name };
  }

  it('sends a request, notifies only the recipient, and lists it in both boxes', async () => {
    const { teacher, learner, skillId, skillName } = await pair();
    const bystander = await student('Bystander');
    const sent = await request(learner, teacher, skillId, { message: '  Could we meet on Friday?  ' });
    expect(sent).toMatchObject({
      senderId: learner.userId,
      recipientId: teacher.userId,
      skillId,
      message: 'Could we meet on Friday?',
      status: 'pending',
      Skill: { id: skillId, name: skillName },
      sender: { id: learner.userId, name: 'Learner L' },
      recipient: { id: teacher.userId, name: 'Teacher T' },
      contact: null,
      respondedAt: null,
    });
    const notes = await w.notificationsOf(teacher);
    expect(notes).toContainEqual(
      expect.objectContaining({ message: M.noticeRequest('Learner L', skillName), link: SKILL_INBOX_LINK }),
    );
    expect((await w.notificationsOf(learner)).filter((n) => n.link === SKILL_INBOX_LINK)).toEqual([]);
    expect((await w.notificationsOf(bystander)).filter((n) => n.link === SKILL_INBOX_LINK)).toEqual([]);
    expect((await box(teacher, 'received')).map((r) => r.id)).toEqual([sent.id]);
    expect(await box(teacher, 'sent')).toEqual([]);
    expect((await box(learner, 'sent')).map((r) => r.id)).toEqual([sent.id]);
    expect(await box(bystander, 'received')).toEqual([]);
  });

  it('refuses bad requests with the contract’s messages', async () => {
    const { teacher, learner, skillId } = await pair();
    const other = await add(learner, `Other topic ${Date.now()}`, 'teach');
    const gone = await student('Gone');
    await add(gone, 'Chess', 'teach');
    await deactivate(gone);
    const cases: Array<[object, number, string]> = [
      [{ recipientId: learner.userId, skillId }, 400, M.selfRequest],
      [{ recipientId: UNKNOWN, skillId }, 404, M.userNotFound],
      [{ recipientId: gone.userId, skillId }, 404, M.userNotFound],
      [{ recipientId: teacher.userId, skillId: UNKNOWN }, 404, M.notFound],
      [{ recipientId: teacher.userId, skillId: other.skillId }, 400, M.notTaught],
      [{ recipientId: 'nobody', skillId }, 400, M.recipientInvalid],
      [{ skillId }, 400, M.recipientInvalid],
      [{ recipientId: teacher.userId, skillId: 'python' }, 400, M.skillInvalid],
      [{ recipientId: teacher.userId, skillId, message: 'm'.repeat(501) }, 400, M.messageTooLong],
      [{ recipientId: teacher.userId, skillId, phone: '12345' }, 400, M.phoneInvalid],
    ];
    for (const [body, status, message] of cases) {
      const res = await send('POST', '/request', learner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toMatchObject({ success: false, message });
    }
    expect(await box(learner, 'sent')).toEqual([]);
    expect(await box(teacher, 'received')).toEqual([]);
  });

  it('allows one pending request per person and skill (409), again after a cancel, never once connected', async () => {
    const { teacher, learner, skillId } = await pair();
    const first = await request(learner, teacher, skillId);
    const dup = await send('POST', '/request', learner, { recipientId: teacher.userId, skillId });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ success: false, message: M.pendingExists });
    expect((await send('POST', `/requests/${first.id}/cancel`, learner)).statusCode).toBe(200);
    const second = await request(learner, teacher, skillId);
    expect((await send('POST', `/requests/${second.id}/accept`, teacher)).statusCode).toBe(200);
    const third = await send('POST', '/request', learner, { recipientId: teacher.userId, skillId });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(M.alreadyConnected);
  });

  it('reveals both e-mails and phones only once accepted, and notifies the sender of the answer', async () => {
    const { teacher, learner, skillId, skillName } = await pair();
    const sent = await request(learner, teacher, skillId, { phone: '98765 43210' });
    expect((await box(teacher, 'received'))[0]!.contact).toBeNull();
    const res = await send('POST', `/requests/${sent.id}/accept`, teacher, { phone: '+91 9123456780' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: M.accepted,
      data: { status: 'accepted', contact: { email: learner.email, phone: '9876543210' } },
    });
    expect(res.json().data.respondedAt).toEqual(expect.any(String));
    expect((await box(learner, 'sent'))[0]!.contact).toEqual({ email: teacher.email, phone: '9123456780' });
    expect((await box(teacher, 'received'))[0]!.contact).toEqual({ email: learner.email, phone: '9876543210' });
    expect(await w.notificationsOf(learner)).toContainEqual(
      expect.objectContaining({ message: M.noticeAccepted('Teacher T', skillName), link: SKILL_INBOX_LINK }),
    );
  });

  it('declines (sender notified, no contact) and cancels (recipient not told again)', async () => {
    const { teacher, learner, skillId, skillName } = await pair();
    const a = await request(learner, teacher, skillId);
    const declined = await send('POST', `/requests/${a.id}/decline`, teacher);
    expect(declined.json()).toMatchObject({ message: M.declined, data: { status: 'declined', contact: null } });
    expect(await w.notificationsOf(learner)).toContainEqual(
      expect.objectContaining({ message: M.noticeDeclined('Teacher T', skillName) }),
    );
    const b = await request(learner, teacher, skillId);
    const before = (await w.notificationsOf(teacher)).length;
    const cancelled = await send('POST', `/requests/${b.id}/cancel`, learner);
    expect(cancelled.json()).toMatchObject({ message: M.cancelled, data: { status: 'cancelled', contact: null } });
    expect(await w.notificationsOf(teacher)).toHaveLength(before);
    expect((await box(teacher, 'received')).map((r) => [r.id, r.status])).toEqual([
      [b.id, 'cancelled'],
      [a.id, 'declined'],
    ]);
  });

  it('lets only the recipient answer and only the sender cancel (403), and nobody else see it (404)', async () => {
    const { teacher, learner, skillId } = await pair();
    const stranger = await student('Stranger');
    const sent = await request(learner, teacher, skillId);
    const expectations: Array<[SignedIn, string, number, string]> = [
      [learner, 'accept', 403, M.onlyRecipient],
      [learner, 'decline', 403, M.onlyRecipient],
      [teacher, 'cancel', 403, M.onlySender],
      [stranger, 'accept', 404, M.requestNotFound],
      [stranger, 'decline', 404, M.requestNotFound],
      [stranger, 'cancel', 404, M.requestNotFound],
      [admin, 'accept', 404, M.requestNotFound],
      [admin, 'cancel', 404, M.requestNotFound],
    ];
    for (const [who, action, status, message] of expectations) {
      const res = await send('POST', `/requests/${sent.id}/${action}`, who);
      expect(res.statusCode, action).toBe(status);
      expect(res.json().message).toBe(message);
    }
    for (const action of ['accept', 'decline', 'cancel']) {
      const res = await send('POST', `/requests/${UNKNOWN}/${action}`, teacher);
      expect(res.statusCode).toBe(404);
      expect((await send('POST', `/requests/bad-id/${action}`, teacher)).json().message).toBe(M.requestNotFound);
    }
    expect((await box(teacher, 'received'))[0]!.status).toBe('pending');
  });

  it('answers every transition out of a finished state with 409 and leaves the state unchanged', async () => {
    const actions = [
      ['accept', 'recipient'],
      ['decline', 'recipient'],
      ['cancel', 'sender'],
    ] as const;
    const into: Record<Exclude<SkillRequestStatus, 'pending'>, (typeof actions)[number]> = {
      accepted: actions[0],
      declined: actions[1],
      cancelled: actions[2],
    };
    let checked = 0;
    for (const state of SKILL_REQUEST_STATUSES.filter((s) => s !== 'pending')) {
      for (const [action, party] of actions) {
        const { teacher, learner, skillId } = await pair();
        const sent = await request(learner, teacher, skillId);
        const [move, mover] = into[state];
        const moved = await send('POST', `/requests/${sent.id}/${move}`, mover === 'recipient' ? teacher : learner);
        expect(moved.statusCode).toBe(200);
        const res = await send('POST', `/requests/${sent.id}/${action}`, party === 'recipient' ? teacher : learner);
        expect(res.statusCode, `${state} → ${action}`).toBe(409);
        expect(res.json()).toMatchObject({ success: false, message: M.notPending(state) });
        expect((await box(learner, 'sent'))[0]!.status).toBe(state);
        checked += 1;
      }
    }
    expect(checked).toBe(9);
  });

  it('pages the inbox newest first, refuses an unknown box, and hides requests of deactivated students', async () => {
    const teacher = await student('Popular teacher');
    const taught = await add(teacher, `Calligraphy ${Date.now()}`, 'teach');
    const learners = [await student('L1'), await student('L2'), await student('L3')];
    const ids: string[] = [];
    for (const l of learners) ids.push((await request(l, teacher, taught.skillId)).id);
    const page1 = (await send('GET', '/requests?limit=2', teacher)).json();
    expect(page1.data.map((r: SkillRequest) => r.id)).toEqual([ids[2], ids[1]]);
    expect(page1.pagination).toEqual({ page: 1, limit: 2, total: 3 });
    const page2 = (await send('GET', '/requests?limit=2&page=2', teacher)).json();
    expect(page2.data.map((r: SkillRequest) => r.id)).toEqual([ids[0]]);
    const bad = await send('GET', '/requests?box=archive', teacher);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.boxInvalid);
    await deactivate(learners[1]!);
    expect((await box(teacher, 'received')).map((r) => r.id)).toEqual([ids[2], ids[0]]);
    const hidden = await send('POST', `/requests/${ids[1]}/accept`, teacher);
    expect(hidden.statusCode).toBe(404);
  });

  it('is race-safe: two identical sends give one 201 and one 409; accept and cancel at once give one 200 and one 409', async () => {
    const { teacher, learner, skillId } = await pair();
    const body = { recipientId: teacher.userId, skillId };
    const both = await Promise.all([send('POST', '/request', learner, body), send('POST', '/request', learner, body)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const id = both.find((r) => r.statusCode === 201)!.json().request.id;
    const answers = await Promise.all([
      send('POST', `/requests/${id}/accept`, teacher),
      send('POST', `/requests/${id}/cancel`, learner),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const final = (await box(learner, 'sent'))[0]!.status;
    expect(['accepted', 'cancelled']).toContain(final);
  });
});

describe('demo data', () => {
  it('gives demo students skills, reciprocal matches, a pending and an accepted request', async () => {
    const s = [await student('Demo A'), await student('Demo B'), await student('Demo C'), await student('Demo D')];
    await seedSkillExchangeDemo(t.app.ctx, { students: s.map((x) => ({ id: x.userId })) });
    const mine = (await send('GET', '/my-skills', s[0])).json();
    expect(mine.teach.map((u: UserSkill) => u.Skill.name)).toEqual(['Python', 'Guitar']);
    expect(mine.learn.map((u: UserSkill) => u.Skill.name)).toEqual(['JavaScript', 'UI/UX Design']);
    const found = await matchesOf(s[0]!);
    expect(found.find((m) => m.user.id === s[1]!.userId)).toMatchObject({ reciprocal: true, requestStatus: 'pending' });
    const received = await box(s[0]!, 'received');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ status: 'accepted', contact: { email: s[2]!.email, phone: null } });
  });
});
