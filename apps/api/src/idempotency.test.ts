/**
 * `Idempotency-Key` on creating writes (docs/design.md §9), through HTTP on a real
 * database: a repeat gets the first answer and creates nothing; the key with another body → 422
 * (a multipart form compared part by part, not by its boundary);
 * 20 concurrent attendance marks with one key make one record, with 20 keys twenty; a failed first
 * request keeps nothing, so the same key works once the input is fixed; keys are per user.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { todayIn } from './lib/dates.ts';
import { jpeg, multipartForm } from './test/multipart.ts';
import { createTestApp, signUpAndLogin, type SignedIn, type TestApp } from './test/helpers.ts';

let t: TestApp;
let student: SignedIn;
let other: SignedIn;

/** POSTs `body` to `url` as `who`, with `key` as the Idempotency-Key when given. */
function post(who: SignedIn, url: string, body: object, key?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { cookie: who.cookie, ...(key && { 'idempotency-key': `"${key}"` }) },
  });
}

const listing = (name = 'Casio fx-991EX') => ({
  item_name: name,
  price: 650,
  category: 'Electronics',
  item_condition: 'Like New',
  description: 'Scientific calculator, barely used.',
  owner_contact: '9876543210',
});

beforeAll(async () => {
  t = await createTestApp();
  student = await signUpAndLogin(t);
  other = await signUpAndLogin(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('Idempotency-Key', () => {
  it('answers a repeat with the first answer and creates one listing', async () => {
    const key = randomUUID();
    const first = await post(student, '/api/buy-and-sell/items', listing(), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(student, '/api/buy-and-sell/items', listing(), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/buy-and-sell/items?search=${encodeURIComponent('Casio')}`,
      headers: { cookie: student.cookie },
    });
    expect(mine.json().data.filter((i: { id: string }) => i.id === first.json().data.id)).toHaveLength(1);
    expect(mine.json().pagination.total).toBe(1);
  });

  it('refuses the same key with another body (422), a malformed key (400), and keeps keys per user', async () => {
    const key = randomUUID();
    expect((await post(student, '/api/buy-and-sell/items', listing('Lab coat'), key)).statusCode).toBe(201);
    const changed = await post(student, '/api/buy-and-sell/items', listing('Lab coat, size M'), key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({ success: false, message: COMMON_MESSAGES.idempotencyMismatch });
    const bad = await post(student, '/api/buy-and-sell/items', listing(), 'a key with spaces');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(COMMON_MESSAGES.idempotencyKeyInvalid);
    // Another student's request with the same key is their own.
    const theirs = await post(other, '/api/buy-and-sell/items', listing('Lab coat'), key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('compares a multipart form part by part: a retry with a new boundary is replayed, a same-length change is 422', async () => {
    const photo = await jpeg('#aa3366');
    const form = () =>
      multipartForm(listing('Desk lamp A'), [
        { field: 'image', filename: 'lamp.jpg', content: photo, type: 'image/jpeg' },
      ]);
    const send = (body: { payload: Buffer; headers: Record<string, string> }, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/buy-and-sell/items',
        payload: body.payload,
        headers: { ...body.headers, cookie: student.cookie, 'idempotency-key': key },
      });
    const key = randomUUID();
    const first = form();
    const created = await send(first, key);
    expect(created.statusCode, created.body).toBe(201);
    // The browser's retry of the same form: the same parts under another boundary.
    const retry = await send(form(), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(created.json());
    // The same bytes but one letter of the name: same boundary, same length, another form.
    const changed = {
      ...first,
      payload: Buffer.from(first.payload.toString('latin1').replace('Desk lamp A', 'Desk lamp B'), 'latin1'),
    };
    expect(changed.payload.length).toBe(first.payload.length);
    const refused = await send(changed, key);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ success: false, message: COMMON_MESSAGES.idempotencyMismatch });
    const lamps = await t.app.inject({
      method: 'GET',
      url: `/api/buy-and-sell/items?search=${encodeURIComponent('Desk lamp')}`,
      headers: { cookie: student.cookie },
    });
    expect(lamps.json().pagination.total).toBe(1);
  });

  it('keeps nothing for a refused first request: the same key works once the input is fixed', async () => {
    const key = randomUUID();
    const refused = await post(student, '/api/buy-and-sell/items', { ...listing('Drafter'), price: -1 }, key);
    expect(refused.statusCode).toBe(400);
    const fixed = await post(student, '/api/buy-and-sell/items', listing('Drafter'), key);
    expect(fixed.statusCode).toBe(201);
  });

  it('20 concurrent attendance marks with one key make one record; with 20 keys, twenty', async () => {
    const subjects = await t.app.inject({
      method: 'GET',
      url: '/api/resources/subjects?limit=2',
      headers: { cookie: student.cookie },
    });
    const [a, b] = subjects.json().data as { id: string }[];
    for (const subject of [a!, b!]) {
      const res = await post(student, '/api/enrollments', { userId: student.userId, subjectId: subject.id });
      expect(res.statusCode, res.body).toBe(201);
    }
    const mark = (subjectId: string) => ({
      userId: student.userId,
      subjectId,
      date: todayIn(t.config.institute.timezone),
      status: 'Present',
    });
    const recordsOf = async (subjectId: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/attendance/percentage?userId=${student.userId}&subjectId=${subjectId}`,
          headers: { cookie: student.cookie },
        })
      ).json().data;

    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(student, '/api/attendance', mark(a!.id), key)),
    );
    const codes = answers.map((r) => r.statusCode);
    // The first creates; the others get its answer, or 409 while it is still running.
    expect(codes.filter((c) => c === 201).length).toBeGreaterThanOrEqual(1);
    expect(codes.filter((c) => c !== 201 && c !== 409)).toEqual([]);
    const ids = new Set(answers.filter((r) => r.statusCode === 201).map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    expect((await recordsOf(a!.id)).totalDays).toBe(1);

    const distinct = await Promise.all(
      Array.from({ length: 20 }, () => post(student, '/api/attendance', mark(b!.id), randomUUID())),
    );
    expect(distinct.every((r) => r.statusCode === 201)).toBe(true);
    expect((await recordsOf(b!.id)).totalDays).toBe(20);
  });
});
