/**
 * The data download through HTTP (docs/privacy.md "Download my data"): a zip with README.txt, one
 * JSON file per area and the student's photos; nothing of another student beyond a name (their
 * e-mail address and phone never); three downloads an hour per student.
 */
import { describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { EXPORTS_PER_HOUR, PRIVACY_MESSAGES } from '@campus/contract/privacy';
import { testWorldHooks } from '../../test/helpers.ts';
import { jpeg, multipartForm } from '../../test/multipart.ts';
import { VALID_ITEM } from '../marketplace/marketplace.cases.ts';
import { validRide } from '../rides/rides.cases.ts';
import { DATA_AREAS } from './privacy.queries.ts';

const w = testWorldHooks(['student', 'classmate', 'third'], { TRUST_PROXY: '127.0.0.1' });
const {
  users: { student, classmate, third },
} = w;

/** The files of a download, by name. */
function unzip(body: Buffer): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(body));
}

/** `who`'s name set, so what others were shown of them is checked. */
async function named(who: typeof student, name: string) {
  expect((await w.as(who).put('/api/users/update', { name })).statusCode).toBe(200);
}

describe('GET /api/users/me/export', () => {
  it("holds the student's areas and photos, and never another student's e-mail or phone", async () => {
    await named(student, 'Riya Sharma');
    await named(classmate, 'Arjun Mehta');
    const mine = await w.send(
      'POST',
      '/api/buy-and-sell/items',
      student.cookie,
      multipartForm({ ...VALID_ITEM, item_name: 'Riya’s calculator', owner_contact: '9811111111' }, [
        { field: 'image', filename: 'photo.jpg', content: await jpeg() },
      ]),
    );
    expect(mine.statusCode, mine.body).toBe(201);
    const listing = mine.json().data;
    // The classmate's own phone numbers, on a listing, a ride and an accepted skill request.
    const theirPhone = '9822222222';
    expect(
      (await w.as(classmate).post('/api/buy-and-sell/items', { ...VALID_ITEM, owner_contact: theirPhone })).statusCode,
    ).toBe(201);
    const ride = await w.as(classmate).post('/api/rides', { ...validRide(), phoneNumber: theirPhone });
    expect(ride.statusCode, ride.body).toBe(201);
    expect((await w.as(student).post(`/api/rides/${ride.json().data.id}/join`)).statusCode).toBe(200);
    const skill = await w.as(classmate).post('/api/skill-exchange/add-skill', { skillName: 'Guitar', type: 'teach' });
    expect(skill.statusCode, skill.body).toBe(201);
    const request = await w.as(student).post('/api/skill-exchange/request', {
      recipientId: classmate.userId,
      skillId: skill.json().userSkill.skillId,
      message: 'Teach me, please',
    });
    expect(request.statusCode, request.body).toBe(201);
    const accepted = await w
      .as(classmate)
      .post(`/api/skill-exchange/requests/${request.json().request.id}/accept`, { phone: theirPhone });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const res = await w.as(student).get('/api/users/me/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="campus-companion-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzip(res.rawPayload);
    const names = Object.keys(files);
    expect(names).toEqual(expect.arrayContaining(['README.txt', ...DATA_AREAS.map((a) => a.file)]));
    const readme = strFromU8(files['README.txt']!);
    for (const area of DATA_AREAS) expect(readme).toContain(`${area.file}: `);

    const listings = JSON.parse(strFromU8(files['listing.json']!)) as Array<{ id: string; imageFileId: string }>;
    expect(listings.map((l) => l.id)).toEqual([listing.id]);
    const photo = names.find((n) => n.startsWith(`photos/${listings[0]!.imageFileId}.`));
    expect(photo).toBeDefined();
    const served = await w.as(student).get(`/api/files/${listings[0]!.imageFileId}`);
    expect(Buffer.from(files[photo!]!).equals(served.rawPayload)).toBe(true);
    const profile = JSON.parse(strFromU8(files['profile.json']!));
    expect(profile).toMatchObject({ id: student.userId, email: student.email, name: 'Riya Sharma' });
    expect(profile).not.toHaveProperty('passwordHash');
    const joined = JSON.parse(strFromU8(files['rides-joined.json']!));
    expect(joined).toMatchObject([{ offeredBy: 'Arjun Mehta' }]);
    const skills = JSON.parse(strFromU8(files['skills.json']!));
    expect(skills.requests).toMatchObject([{ otherName: 'Arjun Mehta', direction: 'sent', status: 'accepted' }]);

    // The whole download, every file: the classmate's name is there (they were shown it), their
    // e-mail address and phone are not.
    const all = names.map((n) => Buffer.from(files[n]!).toString('latin1')).join('\n');
    expect(all).toContain('Arjun Mehta');
    expect(all).not.toContain(classmate.email);
    expect(all).not.toContain(theirPhone);
    expect(all).toContain('9811111111');
  });

  it(`allows ${EXPORTS_PER_HOUR} downloads an hour per student, then 429`, async () => {
    for (let i = 0; i < EXPORTS_PER_HOUR; i += 1)
      expect((await w.as(third).get('/api/users/me/export')).statusCode).toBe(200);
    const over = await w.as(third).get('/api/users/me/export');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, message: PRIVACY_MESSAGES.exportLimit });
  });

  it('refuses a guest', async () => {
    expect((await w.as().get('/api/users/me/export')).statusCode).toBe(401);
  });
});
