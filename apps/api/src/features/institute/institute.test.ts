/**
 * Institute config and documents: `GET /api/institute` shape, the config
 * file's validation (a bad file stops start-up naming the field), and the three generated PDFs
 * (served as application/pdf, containing the config's text, regenerated for a changed config).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  DEFAULT_BRANCHES,
  DEFAULT_HOSTELS,
  DEFAULT_SEMESTERS,
  INSTITUTE_DOCUMENTS,
  INSTITUTE_MESSAGES,
  instituteConfig,
  instituteInfo,
} from '@campus/contract/institute';
import { ConfigError, loadInstituteConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { toWinAnsi } from './institute.service.ts';

const API_ROOT = path.resolve(import.meta.dirname, '../../..');

async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function tempFile(name: string, content: string): Promise<string> {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'cc-institute-')), name);
  await fs.writeFile(file, content);
  return file;
}

/** A complete custom config whose every document text is unique, to find it in the PDFs. */
const CUSTOM = {
  name: 'Zenith Institute of Technology, Panipat',
  shortName: 'ZIT Panipat',
  emailDomain: 'zit.ac.in',
  hostels: ['Aravali Hostel', 'Shivalik Hostel'],
  quickLinks: [
    { label: 'Calendar', document: 'calendar' },
    { label: 'Pay fees', url: 'https://pay.example.org/zit' },
  ],
  campusBuzz: [
    { title: 'Zenith Fest', tag: 'Fest', date: '2027-03-01', venue: 'Ground', description: 'Music and robots.' },
  ],
  spotlights: [
    { slug: 'robot-team', title: 'Robot team', student: 'Kavya Menon', summary: 'Won.', body: ['Para one.'] },
  ],
  academicCalendar: {
    session: '2031–32',
    entries: [
      { date: '2031-08-03', title: 'Orientation for freshers', kind: 'academic' },
      { date: '2031-12-01', endDate: '2031-12-12', title: 'Quinquennial convocation', kind: 'event' },
    ],
  },
  contacts: [
    {
      department: 'Hostels',
      name: 'Dr. Harpreet Dhillon',
      role: 'Chief Warden',
      phone: '0180-555-0199',
      email: 'warden@zit.ac.in',
    },
  ],
  timetable: {
    title: 'B.Tech AI, Fifth Semester',
    slots: ['08:30–09:20', '09:30–10:20'],
    days: [{ day: 'Saturday', periods: ['ZX501 Quantum Basket Weaving (LH-9)', ''] }],
  },
};

describe('GET /api/institute', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the default config to guests with the spec values and resolved Quick Link addresses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/institute' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'OK' });
    const data = instituteInfo.parse(body.data);
    expect(data).toMatchObject({
      name: 'Indian Institute of Information Technology, Sonepat',
      emailDomain: 'iiitsonepat.ac.in',
      timezone: 'Asia/Kolkata',
      branches: DEFAULT_BRANCHES,
      semesters: DEFAULT_SEMESTERS,
      hostels: DEFAULT_HOSTELS,
    });
    // Quick Links: the three documents (absolute URLs from APP_URL) and an external portal.
    expect(data.quickLinks.map((l) => l.href)).toEqual([
      'http://localhost:3000/api/institute/files/calendar.pdf',
      'http://localhost:3000/api/institute/files/contacts.pdf',
      'http://localhost:3000/api/institute/files/timetable.pdf',
      'https://www.onlinesbi.sbi/sbicollect/',
    ]);
    // Campus Buzz: a flagship fest, an AI workshop, an inter-college debate (docs/product-spec.md §1).
    expect(data.campusBuzz.map((e) => e.tag)).toEqual(['Fest', 'Workshop', 'Debate']);
    expect(data.campusBuzz[1]!.title).toMatch(/AI/);
    expect(data.campusBuzz[2]!.title).toMatch(/Inter-College Debate/);
    // The terms are shared (the suites' institute has one around today); the weekly timetables of
    // every branch and semester are read per student.
    expect(data.terms.map((term) => term.name)).toEqual(['Test term']);
    expect(body.data).not.toHaveProperty('classTimetables');
    // Three spotlights with real content.
    expect(data.spotlights).toHaveLength(3);
    for (const s of data.spotlights) {
      expect(s.slug).toMatch(/^[a-z0-9-]+$/);
      expect(s.body.join(' ').length).toBeGreaterThan(400);
    }
  });

  it('serves each document as a PDF containing the config text', async () => {
    const config = instituteConfig.parse({});
    const expected: Record<(typeof INSTITUTE_DOCUMENTS)[number], string[]> = {
      calendar: [
        `Academic session ${config.academicCalendar.session}`,
        ...config.academicCalendar.entries.map((e) => e.title),
        'Mon, 27 Jul',
      ],
      contacts: config.contacts.flatMap((c) => [c.name, c.department, ...(c.phone ? [c.phone] : [])]),
      timetable: [config.timetable.title, ...config.timetable.slots, ...config.timetable.days.map((d) => d.day)],
    };
    for (const kind of INSTITUTE_DOCUMENTS) {
      const res = await t.app.inject({ method: 'GET', url: `/api/institute/files/${kind}.pdf` });
      expect(res.statusCode, kind).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="[a-z-]+\.pdf"$/);
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('INDIAN INSTITUTE OF INFORMATION TECHNOLOGY, SONEPAT');
      for (const s of expected[kind]) expect(text, `${kind}: ${s}`).toContain(toWinAnsi(s).replace(/\s+/g, ' '));
    }
  });

  it('answers a repeated request with 304 by ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/institute/files/timetable.pdf' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}-timetable"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/institute/files/timetable.pdf',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it.each(['calendar', 'calendar.PDF', 'syllabus.pdf', '..%2F..%2Fpackage.json', 'x'.repeat(41)])(
    'answers 404 for an unknown document %s (a malformed name included, like every path param)',
    async (name) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/institute/files/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: INSTITUTE_MESSAGES.documentNotFound });
    },
  );
});

describe('a custom institute config file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ INSTITUTE_CONFIG: await tempFile('institute.json', JSON.stringify(CUSTOM)) });
  });
  afterAll(() => t.close());

  it('is served, and fills every key it leaves out with the defaults', async () => {
    const data = (await t.app.inject({ method: 'GET', url: '/api/institute' })).json().data;
    expect(data).toMatchObject({ name: CUSTOM.name, emailDomain: 'zit.ac.in', hostels: CUSTOM.hostels });
    expect(data.branches).toEqual(DEFAULT_BRANCHES);
    expect(data.quickLinks).toEqual([
      {
        label: 'Calendar',
        description: '',
        document: 'calendar',
        href: 'http://localhost:3000/api/institute/files/calendar.pdf',
      },
      { label: 'Pay fees', description: '', url: 'https://pay.example.org/zit', href: 'https://pay.example.org/zit' },
    ]);
    expect(data.spotlights).toEqual([{ ...CUSTOM.spotlights[0], programme: '', highlights: [] }]);
  });

  it('regenerates the documents from the new config (new text, new ETag)', async () => {
    const get = (kind: string) => t.app.inject({ method: 'GET', url: `/api/institute/files/${kind}.pdf` });
    const calendar = await pdfText((await get('calendar')).rawPayload);
    expect(calendar).toContain('ZENITH INSTITUTE OF TECHNOLOGY, PANIPAT');
    expect(calendar).toContain('Academic session 2031–32');
    expect(calendar).toContain('Quinquennial convocation');
    expect(calendar).toContain('Mon, 1 Dec – Fri, 12 Dec');
    expect(calendar).not.toContain('Independence Day');
    const contacts = await pdfText((await get('contacts')).rawPayload);
    expect(contacts).toContain('Dr. Harpreet Dhillon');
    expect(contacts).toContain('warden@zit.ac.in');
    const timetableRes = await get('timetable');
    expect(await pdfText(timetableRes.rawPayload)).toContain('ZX501 Quantum Basket Weaving (LH-9)');

    const other = await createTestApp();
    try {
      const def = await other.app.inject({ method: 'GET', url: '/api/institute/files/timetable.pdf' });
      expect(def.headers.etag).not.toBe(timetableRes.headers.etag);
    } finally {
      await other.close();
    }
  });
});

describe('loadInstituteConfig', () => {
  it('returns the defaults without a file', () => {
    expect(loadInstituteConfig(undefined)).toEqual(instituteConfig.parse({}));
  });

  it('accepts the example file shipped in apps/api', () => {
    const config = loadInstituteConfig(path.join(API_ROOT, 'institute.example.json'));
    expect(config.quickLinks.length).toBeGreaterThan(0);
  });

  it.each([
    ['an empty hostel list', { hostels: [] }, 'hostels'],
    ['a Quick Link with neither document nor url', { quickLinks: [{ label: 'Calendar' }] }, 'quickLinks.0'],
    [
      'a Quick Link to an unknown document',
      { quickLinks: [{ label: 'X', document: 'menu' }] },
      'quickLinks.0.document',
    ],
    ['a non-http Quick Link', { quickLinks: [{ label: 'X', url: 'javascript:alert(1)' }] }, 'quickLinks.0.url'],
    [
      'an impossible event date',
      { campusBuzz: [{ ...CUSTOM.campusBuzz[0], date: '2027-02-30' }] },
      'campusBuzz.0.date',
    ],
    [
      'an event ending before it starts',
      { campusBuzz: [{ ...CUSTOM.campusBuzz[0], endDate: '2027-02-01' }] },
      'campusBuzz.0.endDate',
    ],
    [
      'a spotlight slug with spaces',
      { spotlights: [{ ...CUSTOM.spotlights[0], slug: 'Robot Team' }] },
      'spotlights.0.slug',
    ],
    ['two spotlights with one slug', { spotlights: [CUSTOM.spotlights[0], CUSTOM.spotlights[0]] }, 'spotlights'],
    ['a spotlight without a body', { spotlights: [{ ...CUSTOM.spotlights[0], body: [] }] }, 'spotlights.0.body'],
    [
      'a calendar date in another format',
      { academicCalendar: { session: 'x', entries: [{ date: '01/08/2031', title: 'x' }] } },
      'academicCalendar.entries.0.date',
    ],
    [
      'a contact with a bad e-mail',
      { contacts: [{ department: 'A', name: 'B', role: 'C', email: 'nope' }] },
      'contacts.0.email',
    ],
    [
      'a timetable day with too few periods',
      { timetable: { ...CUSTOM.timetable, days: [{ day: 'Mon', periods: ['a'] }] } },
      'timetable.days.0.periods',
    ],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'timezone'],
  ])('refuses %s, naming the field', async (_label, content, field) => {
    const file = await tempFile('bad.json', JSON.stringify(content));
    expect(() => loadInstituteConfig(file)).toThrow(ConfigError);
    expect(() => loadInstituteConfig(file)).toThrow(`INSTITUTE_CONFIG (${file}): ${field}: `);
  });

  it('refuses a file that is not JSON, or missing', async () => {
    expect(() => loadInstituteConfig(path.join(os.tmpdir(), 'does-not-exist-cc.json'))).toThrow(/cannot read JSON/);
    const file = await tempFile('broken.json', '{ "name": ');
    expect(() => loadInstituteConfig(file)).toThrow(/cannot read JSON/);
  });
});

describe('start-up with a bad institute config', () => {
  it('stops with exit code 1, naming the field, before opening the database', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-start-'));
    const file = await tempFile(
      'bad.json',
      JSON.stringify({ spotlights: [{ ...CUSTOM.spotlights[0], slug: 'Bad Slug' }] }),
    );
    const env: NodeJS.ProcessEnv = { ...process.env, INSTITUTE_CONFIG: file, DATA_DIR: dataDir, PORT: '0' };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['src/server.ts'], { cwd: API_ROOT, env });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('INSTITUTE_CONFIG');
    expect(stderr).toContain('spotlights.0.slug');
    // It failed before touching the data directory.
    expect(await fs.readdir(dataDir)).toEqual([]);
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 60_000);
});
