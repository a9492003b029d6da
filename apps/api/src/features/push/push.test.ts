/**
 * Web Push through HTTP on a real database (docs/decisions/0501-web-push.md), with a local push
 * service on 127.0.0.1 (test/push-service.ts) that decrypts what it receives with the
 * subscription's own keys: a skill request's push arrives and reads as the bell does; a broadcast,
 * a saved-alert match and a lost ↔ found notice are pushed; a 410 deletes its subscription; a switched-off category sends nothing; a student
 * deletes only their own subscription; bad input answers 400 with the contract's message. The
 * VAPID key pair is generated once and kept in the database.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PUSH_MESSAGES, PUSH_TITLE } from '@campus/contract/push';
import { SKILL_INBOX_LINK } from '@campus/contract/skill-exchange';
import { validRide } from '../rides/rides.cases.ts';
import { pushOutbox, pushSubscriptions } from '../../db/schema/push.ts';
import { outboxWorkersIdle } from '../../lib/outbox.ts';
import { isPrivateAddress, publicOnly } from '../../lib/public-address.ts';
import { SEND_LIMITS, postPush, pushTarget } from './push.endpoints.ts';
import { pushSendsSettled } from './push.service.ts';
import { appSecrets } from '../../db/schema/users.ts';
import { clientOf, createTestApp, signUpAndLogin, type SignedIn, type TestApp } from '../../test/helpers.ts';
import { startPushService, type TestPushService, type TestSubscription } from '../../test/push-service.ts';

const ADMIN = 'dean.push@iiitsonepat.ac.in';
let t: TestApp;
let push: TestPushService;
let admin: SignedIn;

/** A push service that accepts connections and never answers; counts the posts (connections that sent bytes). */
interface BlackHole {
  host: string;
  posts: number;
  close(): Promise<void>;
}

async function startBlackHole(): Promise<BlackHole> {
  const sockets = new Set<net.Socket>();
  const hole = { host: '', posts: 0, close: async () => {} };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('data', () => (hole.posts += 1));
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hole.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  hole.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return hole;
}
let blackHole: BlackHole;

beforeAll(async () => {
  push = await startPushService();
  blackHole = await startBlackHole();
  t = await createTestApp({
    ADMIN_EMAILS: ADMIN,
    TRUST_PROXY: '127.0.0.1',
    PUSH_ENDPOINT_HOSTS: `${push.host},${blackHole.host}`,
  });
  admin = await signUpAndLogin(t, { email: ADMIN });
});
afterAll(async () => {
  await t?.close();
  await push?.close();
  await blackHole?.close();
});

const as = (who?: SignedIn) => clientOf(t, who);

/** Stores `sub` for `who` through the API. */
async function subscribe(who: SignedIn, sub: TestSubscription): Promise<void> {
  const res = await as(who).post('/api/push/subscriptions', { endpoint: sub.endpoint, keys: sub.keys });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({
    success: true,
    message: PUSH_MESSAGES.subscribed,
    data: { endpoint: sub.endpoint },
  });
}

/** A fresh student who teaches `skill`; returns them and the skill's id. */
async function teacher(skill: string): Promise<{ who: SignedIn; skillId: string }> {
  const who = await signUpAndLogin(t);
  const res = await as(who).post('/api/skill-exchange/add-skill', { skillName: skill, type: 'teach' });
  expect(res.statusCode, res.body).toBe(201);
  return { who, skillId: res.json().userSkill.skillId as string };
}

/** `from` asks `to` to teach `skillId`. */
async function requestSkill(from: SignedIn, to: SignedIn, skillId: string): Promise<void> {
  const res = await as(from).post('/api/skill-exchange/request', { recipientId: to.userId, skillId });
  expect(res.statusCode, res.body).toBe(201);
}

/** Resolves once the push outbox is empty, its worker idle and every push it handed out settled, with its outcome stored. */
async function outboxDrained(): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(pushOutbox);
    if (Number(row!.n) === 0) {
      await outboxWorkersIdle(t.app.ctx);
      return pushSendsSettled(t.app.ctx);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('push outbox not drained');
}

describe('VAPID key', () => {
  it('answers one public key, generated once and kept in the database', async () => {
    const first = await as(admin).get('/api/push/key');
    expect(first.statusCode, first.body).toBe(200);
    const key = first.json().data.publicKey as string;
    expect(key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect((await as(admin).get('/api/push/key')).json().data.publicKey).toBe(key);
    const [stored] = await t.database.db.select().from(appSecrets).where(eq(appSecrets.name, 'vapid'));
    expect(JSON.parse(stored!.value).publicKey).toBe(key);
  });

  it('is for signed-in students only', async () => {
    expect((await as().get('/api/push/key')).statusCode).toBe(401);
  });
});

describe('sending', () => {
  it('pushes a skill request to the recipient, encrypted for their device, reading as the bell does', async () => {
    const { who: bob, skillId } = await teacher('Python');
    const sub = push.subscription('bob-phone');
    await subscribe(bob, sub);
    const alice = await signUpAndLogin(t);
    await requestSkill(alice, bob, skillId);

    const [payload] = await push.waitFor(sub);
    const [notice] = (await as(bob).get('/api/notification?limit=1')).json().data;
    expect(payload).toEqual({ title: PUSH_TITLE, body: notice.message, link: SKILL_INBOX_LINK });
    const received = push.received.find((r) => `${push.origin}${r.path}` === sub.endpoint)!;
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(received.headers.authorization).toMatch(/^vapid t=.+, k=B[A-Za-z0-9_-]{86}$/);
    expect(Number(received.headers.ttl)).toBeGreaterThan(0);
    expect(received.body.length).toBeLessThan(4096);
  });

  it('pushes an answer back to the sender, and pushes a broadcast to every subscribed device', async () => {
    const { who: teacherOne, skillId } = await teacher('Guitar');
    const learner = await signUpAndLogin(t);
    const learnerSub = push.subscription('learner-laptop');
    await subscribe(learner, learnerSub);
    await requestSkill(learner, teacherOne, skillId);
    const [request] = (await as(teacherOne).get('/api/skill-exchange/requests?box=received')).json().data;
    const answered = await as(teacherOne).post(`/api/skill-exchange/requests/${request.id}/accept`, {});
    expect(answered.statusCode, answered.body).toBe(200);
    const [accepted] = await push.waitFor(learnerSub);
    expect(accepted).toMatchObject({ title: PUSH_TITLE, link: SKILL_INBOX_LINK });

    const sent = await as(admin).post('/api/notification/broadcast', {
      message: 'Library open till midnight',
      link: '/',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const pushes = await push.waitFor(learnerSub, 2);
    expect(pushes[1]).toEqual({ title: PUSH_TITLE, body: 'Library open till midnight', link: '/' });
  });

  it('pushes a ride join to its owner and a change of time to the riders who joined', async () => {
    const [owner, rider] = [await signUpAndLogin(t), await signUpAndLogin(t)];
    const ownerSub = push.subscription('ride-owner');
    const riderSub = push.subscription('ride-rider');
    await subscribe(owner, ownerSub);
    await subscribe(rider, riderSub);
    const offered = await as(owner).post('/api/rides', validRide());
    expect(offered.statusCode, offered.body).toBe(201);
    const rideId = offered.json().data.id as string;
    expect((await as(rider).post(`/api/rides/${rideId}/join`)).statusCode).toBe(200);
    const [joined] = await push.waitFor(ownerSub);
    const [joinNotice] = (await as(owner).get('/api/notification?limit=1')).json().data;
    expect(joined).toEqual({ title: PUSH_TITLE, body: joinNotice.message, link: `/rides/${rideId}` });

    const moved = await as(owner).put(`/api/rides/${rideId}`, {
      ...validRide(4),
      remove_image: false,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [changed] = await push.waitFor(riderSub);
    const [changeNotice] = (await as(rider).get('/api/notification?limit=1')).json().data;
    expect(changed).toEqual({ title: PUSH_TITLE, body: changeNotice.message, link: `/rides/${rideId}` });
  });

  it('pushes a saved-alert match and a lost ↔ found notice (category alerts)', async () => {
    const [watcher, seller] = [await signUpAndLogin(t), await signUpAndLogin(t)];
    const sub = push.subscription('watcher-phone');
    await subscribe(watcher, sub);
    const saved = await as(watcher).post('/api/alerts', { kind: 'marketplace', filters: { search: 'tabla' } });
    expect(saved.statusCode, saved.body).toBe(201);
    const listed = await as(seller).post('/api/buy-and-sell/items', {
      item_name: 'Tabla pair',
      price: 4000,
      category: 'Other',
      item_condition: 'Good',
      description: 'With the cushions.',
      owner_contact: '9876543210',
    });
    expect(listed.statusCode, listed.body).toBe(201);
    const [match] = await push.waitFor(sub);
    expect(match).toEqual({
      title: PUSH_TITLE,
      body: 'New for your alert “Tabla”: Tabla pair, ₹4,000',
      link: `/marketplace/${listed.json().data.id}`,
    });

    const report = (who: SignedIn, is_found: boolean, item_name: string) =>
      as(who).post('/api/lost-and-found/lost-items', {
        item_name,
        category: 'Accessories',
        location_found: 'Library',
        owner_contact: '9123456780',
        is_found,
      });
    expect((await report(watcher, false, 'Blue water bottle')).statusCode).toBe(201);
    const found = await report(seller, true, 'blue steel bottle');
    const pushes = await push.waitFor(sub, 2);
    expect(pushes[1]).toMatchObject({ title: PUSH_TITLE, link: `/lost-found/${found.json().data.id}` });
    expect((pushes[1] as { body: string }).body).toMatch(
      /^A blue steel bottle was found at Library on .+ — is it yours\?$/,
    );
  });

  it('deletes a subscription whose push service answers 410, and still sends to the others', async () => {
    const { who: carol, skillId } = await teacher('Chess');
    const gone = push.subscription('gone/carol-old-phone');
    const kept = push.subscription('carol-new-phone');
    await subscribe(carol, gone);
    await subscribe(carol, kept);
    await requestSkill(await signUpAndLogin(t), carol, skillId);

    await push.waitFor(kept);
    await outboxDrained();
    const left = await t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, carol.userId));
    expect(left.map((s) => s.endpoint)).toEqual([kept.endpoint]);
    expect(push.received.some((r) => `${push.origin}${r.path}` === gone.endpoint)).toBe(true);
  });

  it('sends nothing for a category the student switched off', async () => {
    const { who: dave, skillId } = await teacher('Sketching');
    const sub = push.subscription('dave-tablet');
    await subscribe(dave, sub);
    const off = await as(dave).put('/api/push/preferences', { skills: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      message: PUSH_MESSAGES.preferencesSaved,
      data: { skills: false, rides: true, alerts: true, broadcasts: true, events: true, mess: true },
    });
    expect((await as(dave).get('/api/push/preferences')).json().data).toEqual({
      skills: false,
      rides: true,
      alerts: true,
      broadcasts: true,
      events: true,
      mess: true,
    });

    await requestSkill(await signUpAndLogin(t), dave, skillId);
    await outboxDrained();
    expect(push.pushesTo(sub)).toEqual([]);
    expect((await as(dave).get('/api/notification?limit=5')).json().data).toHaveLength(1); // the bell still has it

    const on = await as(dave).put('/api/push/preferences', { skills: true });
    expect(on.json().data.skills).toBe(true);
  });
});

describe('subscriptions', () => {
  it('a student deletes their own subscription; another student, or an admin, gets 404', async () => {
    const erin = await signUpAndLogin(t);
    const frank = await signUpAndLogin(t);
    const sub = push.subscription('erin-phone');
    await subscribe(erin, sub);

    for (const other of [frank, admin]) {
      const refused = await as(other).delete('/api/push/subscriptions', { endpoint: sub.endpoint });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ success: false, message: PUSH_MESSAGES.notFound });
    }
    const stored = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(stored).toHaveLength(1);

    const removed = await as(erin).delete('/api/push/subscriptions', { endpoint: sub.endpoint });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(PUSH_MESSAGES.unsubscribed);
    expect((await as(erin).delete('/api/push/subscriptions', { endpoint: sub.endpoint })).statusCode).toBe(404);
  });

  it('a device subscribed again by another student moves to them', async () => {
    const [gita, hari] = [await signUpAndLogin(t), await signUpAndLogin(t)];
    const sub = push.subscription('shared-lab-pc');
    await subscribe(gita, sub);
    await subscribe(hari, sub);
    const rows = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([hari.userId]);
  });

  it('refuses bad input with 400 and the contract message', async () => {
    const who = await signUpAndLogin(t);
    const good = push.subscription('input');
    const cases: Array<[string, object, string]> = [
      ['/api/push/subscriptions', { keys: good.keys }, PUSH_MESSAGES.endpointInvalid],
      [
        '/api/push/subscriptions',
        { endpoint: 'ftp://push.example.com/x', keys: good.keys },
        PUSH_MESSAGES.endpointInvalid,
      ],
      ['/api/push/subscriptions', { endpoint: 'not a url', keys: good.keys }, PUSH_MESSAGES.endpointInvalid],
      // https only, to a host name: never plain http, an IP literal or localhost (unless listed)
      [
        '/api/push/subscriptions',
        { endpoint: 'http://push.example.com/x', keys: good.keys },
        PUSH_MESSAGES.endpointInvalid,
      ],
      ['/api/push/subscriptions', { endpoint: 'https://10.0.0.5/x', keys: good.keys }, PUSH_MESSAGES.endpointInvalid],
      ['/api/push/subscriptions', { endpoint: 'https://localhost/x', keys: good.keys }, PUSH_MESSAGES.endpointInvalid],
      ['/api/push/subscriptions', { endpoint: 'http://127.0.0.1:1/x', keys: good.keys }, PUSH_MESSAGES.endpointInvalid],
      ['/api/push/subscriptions', { endpoint: good.endpoint }, PUSH_MESSAGES.keysRequired],
      [
        '/api/push/subscriptions',
        { endpoint: good.endpoint, keys: { ...good.keys, p256dh: 'abc' } },
        PUSH_MESSAGES.p256dhInvalid,
      ],
      [
        '/api/push/subscriptions',
        { endpoint: good.endpoint, keys: { ...good.keys, auth: 'short' } },
        PUSH_MESSAGES.authInvalid,
      ],
      ['/api/push/preferences', { skills: 'yes' }, PUSH_MESSAGES.preferenceInvalid],
    ];
    for (const [url, body, message] of cases) {
      const res = await as(who).send(url.endsWith('preferences') ? 'PUT' : 'POST', url, body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
    const del = await as(who).delete('/api/push/subscriptions', { endpoint: 'nope' });
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toBe(PUSH_MESSAGES.endpointInvalid);
    const stored = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, who.userId));
    expect(stored).toEqual([]);
  });
});

describe('endpoints (checked when stored, and again at every send)', () => {
  it('accepts the known push services over https on 443 only; refuses any other host, port or scheme (400)', async () => {
    const who = await signUpAndLogin(t);
    const keys = push.subscription('keys').keys;
    for (const endpoint of [
      'https://127.0.0.1.nip.io:5432/x', // a public name for loopback, on the database's port
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://localhost./x', // trailing dot
      'https://fcm.googleapis.com:8443/fcm/send/x', // a known service, but not on 443
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.attacker.example/x',
      'https://push.example.org/x', // a host name, but not a push service
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
    ]) {
      const res = await as(who).post('/api/push/subscriptions', { endpoint, keys });
      expect(res.statusCode, `${endpoint} → ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: PUSH_MESSAGES.endpointInvalid });
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/cX1',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-pn1p.notify.windows.com/w/?token=BQYAAA',
      'https://fcm.googleapis.com:443/fcm/send/cX2',
    ]) {
      const res = await as(who).post('/api/push/subscriptions', { endpoint, keys });
      expect(res.statusCode, `${endpoint} → ${res.body}`).toBe(201);
    }
  });

  it('a stored endpoint the rules do not allow is never posted to, and its subscription is deleted at send time', async () => {
    const { who: ivy, skillId } = await teacher('Origami');
    const kept = push.subscription('ivy-phone');
    await subscribe(ivy, kept);
    const keys = push.subscription('ivy-old').keys;
    const stale = ['https://127.0.0.1.nip.io:5432/x', 'https://push.example.org/x', 'https://localhost./x'];
    await t.database.db
      .insert(pushSubscriptions)
      .values(stale.map((endpoint) => ({ userId: ivy.userId, endpoint, p256dh: keys.p256dh, auth: keys.auth })));
    await requestSkill(await signUpAndLogin(t), ivy, skillId);
    await push.waitFor(kept);
    await outboxDrained();
    const left = await t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, ivy.userId));
    expect(left.map((s) => s.endpoint)).toEqual([kept.endpoint]);
  });

  it('only public unicast addresses count as public (ipaddr.js ranges)', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254', // cloud metadata
      '100.64.0.1', // CGNAT
      '0.0.0.0',
      '::1',
      '::ffff:127.0.0.1',
      'fd00::1',
      'fe80::1',
      '224.0.0.1',
      'not an address',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['142.250.183.10', '17.57.144.10', '2607:f8b0:4004:c1b::5f'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('each connection resolves the name again and refuses a non-public answer, so DNS rebinding is caught', async () => {
    const answers = ['142.250.183.10', '127.0.0.1', '169.254.169.254'];
    const lookup = publicOnly((_name, _options, done) => done(null, [{ address: answers.shift()!, family: 4 }]));
    const connect = () =>
      new Promise<string>((resolve, reject) =>
        lookup('fcm.googleapis.com', {}, (err, address) => (err ? reject(err) : resolve(String(address)))),
      );
    await expect(connect()).resolves.toBe('142.250.183.10');
    await expect(connect()).rejects.toMatchObject({ code: 'ERR_SSRF_REFUSED' });
    await expect(connect()).rejects.toMatchObject({ code: 'ERR_SSRF_REFUSED' });
  });

  it('a push to a listed host name that resolves to loopback is refused before connecting', async () => {
    const config = { ...t.app.ctx.config, push: { ...t.app.ctx.config.push, endpointHosts: ['localhost'] } };
    const target = pushTarget(config, 'https://localhost/x');
    expect(target).not.toBeNull();
    const error = (await postPush(
      target!,
      { method: 'POST', headers: {}, body: Buffer.from('x') },
      AbortSignal.timeout(5000),
    ).then(
      () => null,
      (e: unknown) => e,
    )) as (NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException }) | null;
    expect(error?.code ?? error?.cause?.code).toBe('ERR_SSRF_REFUSED');
  });
});

describe('fair shares', () => {
  it('keeps at most 10 devices per student: an 11th replaces the one unused longest', async () => {
    const who = await signUpAndLogin(t);
    const subs = Array.from({ length: 11 }, (_, i) => push.subscription(`many-${i}`));
    for (const sub of subs) await subscribe(who, sub);
    const rows = await t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, who.userId));
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.endpoint).sort()).toEqual(
      subs
        .slice(1)
        .map((s) => s.endpoint)
        .sort(),
    );
  });

  it("one student's 120 black-hole endpoints do not delay another student's push (≤ 2 s after its commit)", async () => {
    const { who: mallory, skillId: mallorySkill } = await teacher('Lockpicking');
    const keys = push.subscription('hole-keys').keys;
    // 120 devices, stored directly: the cap above keeps an account from subscribing them itself
    await t.database.db.insert(pushSubscriptions).values(
      Array.from({ length: 120 }, (_, i) => ({
        userId: mallory.userId,
        endpoint: `http://${blackHole.host}/hole-${i}`,
        p256dh: keys.p256dh,
        auth: keys.auth,
      })),
    );
    const { who: nina, skillId: ninaSkill } = await teacher('Calligraphy');
    const ninaSub = push.subscription('nina-phone');
    await subscribe(nina, ninaSub);
    const asker = await signUpAndLogin(t);

    await requestSkill(asker, mallory, mallorySkill);
    for (let i = 0; blackHole.posts === 0; i += 1) {
      if (i > 200) throw new Error('no push reached the black hole');
      await new Promise((r) => setTimeout(r, 25));
    }
    await requestSkill(asker, nina, ninaSkill); // committed when this answers
    const [delivered] = await push.waitFor(ninaSub, 1, 2_000);
    expect(delivered).toMatchObject({ title: PUSH_TITLE, link: SKILL_INBOX_LINK });

    // The host's share: 16 posts at once; its breaker opened after 5 time-outs, so the other
    // 100 were never attempted (no amplification against the host).
    await outboxDrained();
    expect(blackHole.posts).toBeGreaterThan(0);
    expect(blackHole.posts).toBeLessThanOrEqual(SEND_LIMITS.perHost + SEND_LIMITS.failuresToOpen - 1);
  });
});
