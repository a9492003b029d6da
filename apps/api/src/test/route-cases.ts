/**
 * The route-wide table the authorization matrix and the input fuzz suite share (DESIGN §3, §9;
 * issue 8): for every route the app registers, a valid request and the status each kind of caller
 * gets. A route missing here fails both suites, so every new route arrives with its rows.
 *
 * Callers: `guest` (no session), `owner` (the student who owns the records the request names),
 * `other` (another student), `admin`, `deactivated` (a student whose account an admin deactivated,
 * still sending their old cookie). Expected statuses follow DESIGN §4: 401 without a session, 403 for
 * a role that may not act or a record visible but not changeable, 404 for a record not visible.
 */
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { lastPageReply, startFixtureServer } from '../features/internships/fixtures/fixture-server.ts';
import { type TestApp, instituteEmail, sendJson, signUpAndLogin, type SignedIn } from './helpers.ts';
import { jpeg, multipartForm } from './multipart.ts';
import { todayIn } from '../lib/dates.ts';

/** The kinds of caller every route is tried as. */
export const CALLERS = ['guest', 'owner', 'other', 'admin', 'deactivated'] as const;
export type Caller = (typeof CALLERS)[number];

/** The administrator's address (in ADMIN_EMAILS of the suites' app). */
export const ADMIN_EMAIL = 'dean.matrix@iiitsonepat.ac.in';
/** Another front-end's origin (in CORS_ORIGINS of the suites' app). */
export const CORS_ORIGIN = 'http://localhost:5174';
/**
 * The internship source the suites' app scrapes: a one-page fixture server on 127.0.0.1 (issue 14;
 * never Internshala), listening for the whole test file.
 */
const internshipSource = await startFixtureServer({ handler: lastPageReply });
internshipSource.unref();
/** The configuration the suites' app runs with. */
export const SUITE_ENV = {
  ADMIN_EMAILS: ADMIN_EMAIL,
  CORS_ORIGINS: CORS_ORIGIN,
  TRUST_PROXY: '127.0.0.1',
  INTERNSHIP_SOURCE_URL: internshipSource.origin,
  INTERNSHIP_SOURCE_HOSTS: internshipSource.host,
};

/** The signed-in users and records the cases act on. */
export interface World {
  t: TestApp;
  owner: SignedIn;
  other: SignedIn;
  admin: SignedIn;
  deactivated: SignedIn;
  /** A marketplace item of `owner` (never deleted by a case). */
  itemId: string;
  /** A lost & found item of `owner` (never deleted by a case). */
  lostFoundId: string;
  /** A ride offered by `owner` (never deleted by a case). */
  rideId: string;
  /** A notification of `owner` (never deleted by a case). */
  notificationId: string;
  /** A subject `owner` is enrolled in, with one attendance record (never unenrolled by a case). */
  subjectId: string;
  /** The attendance record of `owner` in `subjectId`. */
  recordId: string;
  /** A subject of the catalogue no one is enrolled in (edited by the admin case). */
  catalogueSubjectId: string;
  /** A stored file (the photo of `itemId`). */
  fileId: string;
  /** A small PNG for avatar uploads. */
  png: Buffer;
}

/** What a case sends: an inject request, or `stream: true` for a Server-Sent Events route. */
export type CaseRequest = InjectOptions & { url: string; stream?: boolean };

/** One route's row: how to build a valid request for a caller, and the status each caller gets. */
export interface RouteCase {
  /** Builds the request; may create a fresh record first (for deleting routes). */
  request(w: World, caller: Caller): Promise<CaseRequest> | CaseRequest;
  expect: Record<Caller, number>;
}

/** Public: the same answer for everyone. */
const everyone = (status: number): Record<Caller, number> => ({
  guest: status,
  owner: status,
  other: status,
  admin: status,
  deactivated: status,
});
/** Any signed-in student or admin; guests and deactivated accounts 401. */
const signedIn = (status: number): Record<Caller, number> => ({
  guest: 401,
  owner: status,
  other: status,
  admin: status,
  deactivated: 401,
});
/** The owner or an admin; another student gets `otherStatus` (403 visible, 404 not visible). */
const ownerOrAdmin = (status: number, otherStatus = 403): Record<Caller, number> => ({
  guest: 401,
  owner: status,
  other: otherStatus,
  admin: status,
  deactivated: 401,
});
/** Only the owner (admins included among the refused). */
const ownerOnly = (status: number, refused: number): Record<Caller, number> => ({
  guest: 401,
  owner: status,
  other: refused,
  admin: refused,
  deactivated: 401,
});
/** Admin only: students 403 (spec §6). */
const adminOnly = (status: number): Record<Caller, number> => ({
  guest: 401,
  owner: 403,
  other: 403,
  admin: status,
  deactivated: 401,
});

const PASSWORD = 'correct horse battery';

/** A valid marketplace listing (multipart text parts). */
export const VALID_ITEM = {
  item_name: 'Casio FX-991EX calculator',
  price: '850',
  category: 'Electronics',
  item_condition: 'Like New',
  description: 'Used for one semester, all functions work.',
  owner_contact: '9876543210',
};

/** A valid lost & found item (multipart text parts). */
export const VALID_LOST_FOUND = {
  item_name: 'Blue water bottle',
  category: 'Accessories',
  location_found: 'Library, 2nd floor',
  owner_contact: '9123456780',
  description: 'Milton, with a sticker',
};

/** A valid ride offer (JSON) departing `days` days from now (issue 11). */
export function validRide(days = 3) {
  return {
    pickupLocation: 'Railway Station',
    dropLocation: 'IIIT Sonepat Campus',
    departureDateTime: new Date(Date.now() + days * 86_400_000).toISOString(),
    totalSeats: 3,
    estimatedCost: 450,
    description: 'Cab from the station after the evening train',
    phoneNumber: '9812345678',
    direction: 'toCollege',
  };
}

function form(fields: Record<string, string>, file?: { field: string; content: Buffer }) {
  const body = multipartForm(fields, file ? [{ ...file, filename: 'photo.png', type: 'image/png' }] : []);
  return { payload: body.payload, headers: body.headers };
}

/** Client IPs handed out so far. */
let clientIps = 1;

/**
 * A client IP no request used before (`X-Forwarded-For`; the suites' app trusts it), so set-ups
 * and generated requests never meet a per-IP ceiling meant for real clients.
 */
export function nextClientIp(): string {
  const n = clientIps++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Creates a record for a case through the API (JSON, so no upload ceiling), from its own client IP
 * (the suites' app trusts `X-Forwarded-For`), so repeated set-ups never meet a per-IP ceiling.
 */
async function created(w: World, req: CaseRequest, cookie: string): Promise<string> {
  const res = await w.t.app.inject({ ...req, headers: { ...req.headers, cookie, 'x-forwarded-for': nextClientIp() } });
  if (res.statusCode !== 201) throw new Error(`setup ${req.method} ${req.url}: ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}
const newItem = (w: World) =>
  created(w, { method: 'POST', url: '/api/buy-and-sell/items', payload: VALID_ITEM }, w.owner.cookie);
const newLostFound = (w: World) =>
  created(w, { method: 'POST', url: '/api/lost-and-found/lost-items', payload: VALID_LOST_FOUND }, w.owner.cookie);
const newNotification = (w: World) =>
  created(w, { method: 'POST', url: '/api/notification', payload: { message: 'A note to self' } }, w.owner.cookie);
const newRide = (w: World) => created(w, { method: 'POST', url: '/api/rides', payload: validRide() }, w.owner.cookie);
/** A fresh ride of `owner` that `caller` (another student or an admin) has joined. */
async function joinedRide(w: World, caller: Caller): Promise<string> {
  const id = await newRide(w);
  if (caller === 'other' || caller === 'admin') {
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/rides/${id}/join`,
      headers: { cookie: w[caller].cookie, 'x-forwarded-for': nextClientIp() },
    });
    if (res.statusCode !== 200) throw new Error(`setup join: ${res.statusCode} ${res.body}`);
  }
  return id;
}
/** Subject codes handed out so far (each set-up adds its own subject). */
let subjectCodes = 0;
/** A fresh subject of the catalogue, added by the admin (issue 12). */
const newSubject = (w: World) =>
  created(
    w,
    {
      method: 'POST',
      url: '/api/resources/subjects',
      payload: {
        name: 'Matrix Theory',
        code: `MX${++subjectCodes}-${process.pid % 1000}`,
        branch: 'Computer Science Engineering',
        semester: 'Third',
        credits: 3,
      },
    },
    w.admin.cookie,
  );
/** Today in the suites' institute time zone (the default, Asia/Kolkata). */
const today = () => todayIn('Asia/Kolkata');
/** A fresh subject `owner` is enrolled in, with one record marked. */
async function enrolledSubject(w: World): Promise<string> {
  const subjectId = await newSubject(w);
  await created(
    w,
    { method: 'POST', url: '/api/enrollments', payload: { userId: w.owner.userId, subjectId } },
    w.owner.cookie,
  );
  await created(
    w,
    {
      method: 'POST',
      url: '/api/attendance',
      payload: { userId: w.owner.userId, subjectId, date: today(), status: 'Absent' },
    },
    w.owner.cookie,
  );
  return subjectId;
}
/** Joining: any student or admin but the creator (403). */
const joiner = (status: number): Record<Caller, number> => ({ ...signedIn(status), owner: 403 });

async function newSend(w: World): Promise<string> {
  const res = await sendJson(w.t, 'POST', '/api/notification', w.admin.cookie, {
    message: 'Library closes early today',
    userId: w.other.userId,
  });
  if (res.statusCode !== 201) throw new Error(`setup send: ${res.statusCode} ${res.body}`);
  const sends = await sendJson(w.t, 'GET', '/api/notification/sends', w.admin.cookie);
  return sends.json().data[0].id as string;
}

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
 * A request's party acts (issue 13): `owner` is the party allowed; `other` is the other party
 * (visible, not changeable: 403); an admin is no party (404).
 */
const party = (status: number): Record<Caller, number> => ({
  guest: 401,
  owner: status,
  other: 403,
  admin: 404,
  deactivated: 401,
});

/**
 * Every route of the app, keyed `METHOD /url` exactly as Fastify registered it. Requests that
 * change a record the world keeps (the owner's item, notification) leave it usable for the next
 * caller; requests that delete create their own record first.
 */
export const ROUTE_CASES: Record<string, RouteCase> = {
  // CORS preflight of a front-end listed in CORS_ORIGINS (@fastify/cors; DESIGN §4).
  'OPTIONS *': {
    request: () => ({
      method: 'OPTIONS',
      url: '/api/buy-and-sell/items',
      headers: { origin: CORS_ORIGIN, 'access-control-request-method': 'POST' },
    }),
    expect: everyone(204),
  },
  // API docs (public).
  'GET /api/docs': { request: () => ({ method: 'GET', url: '/api/docs' }), expect: everyone(200) },
  'GET /api/docs/json': { request: () => ({ method: 'GET', url: '/api/docs/json' }), expect: everyone(200) },
  'GET /api/docs/yaml': { request: () => ({ method: 'GET', url: '/api/docs/yaml' }), expect: everyone(200) },
  'GET /api/docs/static/index.html': {
    request: () => ({ method: 'GET', url: '/api/docs/static/index.html' }),
    expect: everyone(302),
  },
  'GET /api/docs/static/swagger-initializer.js': {
    request: () => ({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' }),
    expect: everyone(200),
  },
  'GET /api/docs/static/*': {
    request: () => ({ method: 'GET', url: '/api/docs/static/swagger-ui.css' }),
    expect: everyone(200),
  },

  // Users and sessions (spec §7, DESIGN §5).
  'GET /api/users/health': { request: () => ({ method: 'GET', url: '/api/users/health' }), expect: everyone(200) },
  'GET /api/ready': { request: () => ({ method: 'GET', url: '/api/ready' }), expect: everyone(200) },
  'POST /api/users/signup': {
    request: () => ({
      method: 'POST',
      url: '/api/users/signup',
      payload: { email: instituteEmail('matrix'), password: PASSWORD },
    }),
    expect: everyone(201),
  },
  'POST /api/users/verify-email': {
    // An unknown token: refused the same way for everyone (the route itself is open).
    request: () => ({
      method: 'POST',
      url: '/api/users/verify-email',
      payload: { token: 'A'.repeat(43), password: PASSWORD },
    }),
    expect: everyone(400),
  },
  'POST /api/users/resend-verification': {
    request: () => ({
      method: 'POST',
      url: '/api/users/resend-verification',
      payload: { email: instituteEmail('nobody') },
    }),
    expect: everyone(200),
  },
  'POST /api/users/login': {
    // Login rotates the session it is sent with: a throw-away one, so the world's sessions stay.
    request: async (w, caller) => ({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: w.other.email, password: PASSWORD },
      headers: await throwAwaySession(w, caller),
    }),
    expect: everyone(200),
  },
  'POST /api/users/logout': {
    request: async (w, caller) => ({
      method: 'POST',
      url: '/api/users/logout',
      headers: await throwAwaySession(w, caller),
    }),
    expect: everyone(200),
  },
  'POST /api/users/forgot-password': {
    request: () => ({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: instituteEmail('nobody') },
    }),
    expect: everyone(200),
  },
  'POST /api/users/reset-password': {
    request: () => ({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token: 'A'.repeat(43), password: 'another long password' },
    }),
    expect: everyone(400),
  },
  'POST /api/users/signin-link': {
    // A forged step-up link (issue 21): refused the same way for everyone (the route itself is open).
    request: () => ({
      method: 'POST',
      url: '/api/users/signin-link',
      payload: { token: 'A'.repeat(43), password: PASSWORD },
    }),
    expect: everyone(400),
  },
  'GET /api/users/current': { request: () => ({ method: 'GET', url: '/api/users/current' }), expect: signedIn(200) },
  'PUT /api/users/update': {
    request: () => ({ method: 'PUT', url: '/api/users/update', payload: { name: 'Riya Sharma' } }),
    expect: signedIn(200),
  },
  'POST /api/users/change-password': {
    // Same password again: a real change that keeps the world's credentials.
    request: () => ({
      method: 'POST',
      url: '/api/users/change-password',
      payload: { currentPassword: PASSWORD, newPassword: PASSWORD },
    }),
    expect: signedIn(200),
  },
  'POST /api/users/avatar': {
    request: (w) => ({ method: 'POST', url: '/api/users/avatar', ...form({}, { field: 'avatar', content: w.png }) }),
    expect: signedIn(200),
  },

  // Files and institute (DESIGN §6; spec §2).
  'GET /api/files/:id': { request: (w) => ({ method: 'GET', url: `/api/files/${w.fileId}` }), expect: signedIn(200) },
  'GET /api/institute': { request: () => ({ method: 'GET', url: '/api/institute' }), expect: everyone(200) },
  'GET /api/institute/files/:file': {
    request: () => ({ method: 'GET', url: '/api/institute/files/calendar.pdf' }),
    expect: everyone(200),
  },

  // Administration (spec §6, DESIGN §5).
  'GET /api/users/admin/all': {
    request: () => ({ method: 'GET', url: '/api/users/admin/all' }),
    expect: adminOnly(200),
  },
  'PUT /api/users/admin/users/:id': {
    request: (w) => ({
      method: 'PUT',
      url: `/api/users/admin/users/${w.other.userId}`,
      payload: { name: 'Riya Sharma' },
    }),
    expect: adminOnly(200),
  },
  // Both are idempotent: deactivating the deactivated student, reactivating an active one.
  'POST /api/users/admin/users/:id/deactivate': {
    request: (w) => ({ method: 'POST', url: `/api/users/admin/users/${w.deactivated.userId}/deactivate` }),
    expect: adminOnly(200),
  },
  'POST /api/users/admin/users/:id/reactivate': {
    request: (w) => ({ method: 'POST', url: `/api/users/admin/users/${w.other.userId}/reactivate` }),
    expect: adminOnly(200),
  },

  // Notifications (spec §7, DESIGN §7): each user sees only their own.
  'GET /api/notification': { request: () => ({ method: 'GET', url: '/api/notification' }), expect: signedIn(200) },
  'GET /api/notification/unread/count': {
    request: () => ({ method: 'GET', url: '/api/notification/unread/count' }),
    expect: signedIn(200),
  },
  'GET /api/notification/stream': {
    request: () => ({ method: 'GET', url: '/api/notification/stream', stream: true }),
    expect: signedIn(200),
  },
  'PUT /api/notification/read-all': {
    request: () => ({ method: 'PUT', url: '/api/notification/read-all' }),
    expect: signedIn(200),
  },
  'POST /api/notification': {
    request: () => ({ method: 'POST', url: '/api/notification', payload: { message: 'Remember the lab record' } }),
    expect: signedIn(201),
  },
  'GET /api/notification/:id': {
    request: (w) => ({ method: 'GET', url: `/api/notification/${w.notificationId}` }),
    expect: ownerOnly(200, 404),
  },
  'PUT /api/notification/:id': {
    request: (w) => ({ method: 'PUT', url: `/api/notification/${w.notificationId}`, payload: { is_read: false } }),
    expect: ownerOnly(200, 404),
  },
  'DELETE /api/notification/:id': {
    request: async (w) => ({ method: 'DELETE', url: `/api/notification/${await newNotification(w)}` }),
    expect: ownerOnly(200, 404),
  },
  'PUT /api/notification/:id/read': {
    request: (w) => ({ method: 'PUT', url: `/api/notification/${w.notificationId}/read` }),
    expect: ownerOnly(200, 404),
  },
  'GET /api/notification/sends': {
    request: () => ({ method: 'GET', url: '/api/notification/sends' }),
    expect: adminOnly(200),
  },
  'DELETE /api/notification/sends/:id': {
    request: async (w) => ({ method: 'DELETE', url: `/api/notification/sends/${await newSend(w)}` }),
    expect: adminOnly(200),
  },
  'POST /api/notification/broadcast': {
    request: () => ({
      method: 'POST',
      url: '/api/notification/broadcast',
      payload: { message: 'Campus Wi-Fi is back' },
    }),
    expect: adminOnly(200),
  },

  // Marketplace (spec §7; issue 5): owner or admin change, owner only renews.
  'GET /api/buy-and-sell/items': {
    request: () => ({
      method: 'GET',
      url: '/api/buy-and-sell/items',
      query: { category: 'Electronics', minPrice: '100', maxPrice: '2000', sort: 'priceLowToHigh', page: '1' },
    }),
    expect: signedIn(200),
  },
  'GET /api/buy-and-sell/user-items': {
    request: () => ({ method: 'GET', url: '/api/buy-and-sell/user-items' }),
    expect: signedIn(200),
  },
  'GET /api/buy-and-sell/items/:id': {
    request: (w) => ({ method: 'GET', url: `/api/buy-and-sell/items/${w.itemId}` }),
    expect: signedIn(200),
  },
  'POST /api/buy-and-sell/items': {
    request: () => ({ method: 'POST', url: '/api/buy-and-sell/items', ...form(VALID_ITEM) }),
    expect: signedIn(201),
  },
  'PUT /api/buy-and-sell/items/:id': {
    request: (w) => ({ method: 'PUT', url: `/api/buy-and-sell/items/${w.itemId}`, ...form({ price: '800' }) }),
    expect: ownerOrAdmin(200),
  },
  'POST /api/buy-and-sell/items/:id/renew': {
    request: (w) => ({ method: 'POST', url: `/api/buy-and-sell/items/${w.itemId}/renew` }),
    expect: ownerOnly(200, 403),
  },
  'DELETE /api/buy-and-sell/items/:id': {
    request: async (w) => ({ method: 'DELETE', url: `/api/buy-and-sell/items/${await newItem(w)}` }),
    expect: ownerOrAdmin(200),
  },

  // Lost & found (spec §7; issue 5): owner or admin change.
  'GET /api/lost-and-found/lost-items': {
    request: () => ({ method: 'GET', url: '/api/lost-and-found/lost-items', query: { type: 'found' } }),
    expect: signedIn(200),
  },
  'GET /api/lost-and-found/lost-items/:id': {
    request: (w) => ({ method: 'GET', url: `/api/lost-and-found/lost-items/${w.lostFoundId}` }),
    expect: signedIn(200),
  },
  'POST /api/lost-and-found/lost-items': {
    request: () => ({ method: 'POST', url: '/api/lost-and-found/lost-items', ...form(VALID_LOST_FOUND) }),
    expect: signedIn(201),
  },
  'PUT /api/lost-and-found/lost-items/:id': {
    request: (w) => ({
      method: 'PUT',
      url: `/api/lost-and-found/lost-items/${w.lostFoundId}`,
      ...form({ location_found: 'Main gate' }),
    }),
    expect: ownerOrAdmin(200),
  },
  'DELETE /api/lost-and-found/lost-items/:id': {
    request: async (w) => ({ method: 'DELETE', url: `/api/lost-and-found/lost-items/${await newLostFound(w)}` }),
    expect: ownerOrAdmin(200),
  },

  // Internship finder (spec §6, §7; issue 14): open to guests; a deactivated account's old cookie is
  // simply no session. Scrapes the suites' loopback fixture source.
  'POST /api/internships/fetch': {
    request: () => ({
      method: 'POST',
      url: '/api/internships/fetch',
      payload: { job_category: 'Software Development', location: 'Delhi', stipend: 1000 },
    }),
    expect: everyone(200),
  },
  // Ride sharing (spec §7; issue 11): the creator edits; the creator or an admin deletes; anyone
  // but the creator joins and leaves.
  'GET /api/rides': {
    request: () => ({
      method: 'GET',
      url: '/api/rides',
      query: { search: 'station', dateRange: 'week', minSeats: '1', maxPrice: '500', sortBy: 'priceAsc' },
    }),
    expect: signedIn(200),
  },
  'GET /api/rides/user/rides': {
    request: () => ({ method: 'GET', url: '/api/rides/user/rides' }),
    expect: signedIn(200),
  },
  'GET /api/rides/:id': {
    request: (w) => ({ method: 'GET', url: `/api/rides/${w.rideId}` }),
    expect: signedIn(200),
  },
  'POST /api/rides': {
    request: () => ({ method: 'POST', url: '/api/rides', payload: validRide() }),
    expect: signedIn(201),
  },
  'PUT /api/rides/:id': {
    request: (w) => ({ method: 'PUT', url: `/api/rides/${w.rideId}`, ...form({ description: 'Leaving at 6 sharp' }) }),
    expect: ownerOnly(200, 403),
  },
  'DELETE /api/rides/:id': {
    request: async (w) => ({ method: 'DELETE', url: `/api/rides/${await newRide(w)}` }),
    expect: ownerOrAdmin(200),
  },
  'POST /api/rides/:id/join': {
    request: async (w) => ({ method: 'POST', url: `/api/rides/${await newRide(w)}/join` }),
    expect: joiner(200),
  },
  'DELETE /api/rides/:id/join': {
    request: async (w, caller) => ({ method: 'DELETE', url: `/api/rides/${await joinedRide(w, caller)}/join` }),
    expect: joiner(200),
  },
  // Skill exchange (spec §7; issue 13): everything acts on the caller; only the recipient answers a
  // request, only the sender cancels it; a user skill is deleted by its owner only.
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

  // Attendance and enrollment (spec §7; DESIGN §5; issue 12): every call names the owner's userId,
  // so only the owner succeeds — another student and an admin get 403; someone else's record 404.
  'GET /api/attendance': {
    request: (w) => ({
      method: 'GET',
      url: '/api/attendance',
      query: { userId: w.owner.userId, subjectId: w.subjectId, date: today() },
    }),
    expect: ownerOnly(200, 403),
  },
  'POST /api/attendance': {
    request: (w) => ({
      method: 'POST',
      url: '/api/attendance',
      payload: { userId: w.owner.userId, subjectId: w.subjectId, date: today(), status: 'Present' },
    }),
    expect: ownerOnly(201, 403),
  },
  'POST /api/attendance/bulk': {
    request: (w) => ({
      method: 'POST',
      url: '/api/attendance/bulk',
      payload: { userId: w.owner.userId, date: today(), status: 'Present', subjectIds: [w.subjectId] },
    }),
    expect: ownerOnly(201, 403),
  },
  'PUT /api/attendance/:recordId': {
    request: (w) => ({ method: 'PUT', url: `/api/attendance/${w.recordId}`, payload: { status: 'Present' } }),
    expect: ownerOnly(200, 404),
  },
  'GET /api/attendance/percentage': {
    request: (w) => ({
      method: 'GET',
      url: '/api/attendance/percentage',
      query: { userId: w.owner.userId, subjectId: w.subjectId },
    }),
    expect: ownerOnly(200, 403),
  },
  'GET /api/attendance/percentage/overall': {
    request: (w) => ({ method: 'GET', url: '/api/attendance/percentage/overall', query: { userId: w.owner.userId } }),
    expect: ownerOnly(200, 403),
  },
  'GET /api/attendance/percentage/subject-wise': {
    request: (w) => ({
      method: 'GET',
      url: '/api/attendance/percentage/subject-wise',
      query: { userId: w.owner.userId },
    }),
    expect: ownerOnly(200, 403),
  },
  'GET /api/attendance/target': {
    request: (w) => ({ method: 'GET', url: '/api/attendance/target', query: { userId: w.owner.userId } }),
    expect: ownerOnly(200, 403),
  },
  'PUT /api/attendance/target': {
    request: () => ({ method: 'PUT', url: '/api/attendance/target', payload: { target: 80 } }),
    expect: signedIn(200),
  },
  'GET /api/enrollments/users/:userId/enrollments': {
    request: (w) => ({ method: 'GET', url: `/api/enrollments/users/${w.owner.userId}/enrollments` }),
    expect: ownerOnly(200, 403),
  },
  'POST /api/enrollments': {
    request: async (w) => ({
      method: 'POST',
      url: '/api/enrollments',
      payload: { userId: w.owner.userId, subjectId: await newSubject(w) },
    }),
    expect: ownerOnly(201, 403),
  },
  'DELETE /api/enrollments': {
    request: async (w) => ({
      method: 'DELETE',
      url: '/api/enrollments',
      payload: { userId: w.owner.userId, subjectId: await enrolledSubject(w) },
    }),
    expect: ownerOnly(200, 403),
  },
  'GET /api/resources/subjects': {
    request: () => ({
      method: 'GET',
      url: '/api/resources/subjects',
      query: { branch: 'Computer Science Engineering', semester: 'Third', search: 'data' },
    }),
    expect: signedIn(200),
  },
  'POST /api/resources/subjects': {
    request: () => ({
      method: 'POST',
      url: '/api/resources/subjects',
      payload: {
        name: 'Quantum Computing',
        code: `QC${++subjectCodes}-${process.pid % 1000}`,
        branch: 'Computer Science Engineering',
        semester: 'Eighth',
        credits: 3,
      },
    }),
    expect: adminOnly(201),
  },
  'PUT /api/resources/subjects/:id': {
    request: (w) => ({
      method: 'PUT',
      url: `/api/resources/subjects/${w.catalogueSubjectId}`,
      payload: { credits: 4 },
    }),
    expect: adminOnly(200),
  },
  'DELETE /api/resources/subjects/:id': {
    request: async (w) => ({ method: 'DELETE', url: `/api/resources/subjects/${await newSubject(w)}` }),
    expect: adminOnly(200),
  },
};

/** Per world: the `/api/files/…` paths the file access rows use, created once on first use. */
const fileWorlds = new WeakMap<World, Promise<Record<'attachment' | 'avatar' | 'deactivatedPhoto', string>>>();

/**
 * Files of each kind of record (issue 21 item 7), made once per world: an admin's attachment sent
 * to `owner`, `owner`'s avatar, and the listing photo of a seller an admin then deactivated.
 */
function fileWorld(w: World) {
  let made = fileWorlds.get(w);
  if (!made) {
    made = (async () => {
      const path = (url: string) => new URL(url).pathname;
      const send = (who: SignedIn, url: string, f: ReturnType<typeof form>) =>
        w.t.app.inject({ method: 'POST', url, ...f, headers: { ...f.headers, cookie: who.cookie } });
      const note = await send(
        w.admin,
        '/api/notification',
        form({ message: 'ID card', userId: w.owner.userId }, { field: 'file', content: w.png }),
      );
      const avatar = await send(w.owner, '/api/users/avatar', form({}, { field: 'avatar', content: w.png }));
      const seller = await signUpAndLogin(w.t, { password: PASSWORD });
      const item = await send(seller, '/api/buy-and-sell/items', form(VALID_ITEM, { field: 'image', content: w.png }));
      const off = await sendJson(w.t, 'POST', `/api/users/admin/users/${seller.userId}/deactivate`, w.admin.cookie);
      if (note.statusCode !== 201 || avatar.statusCode !== 200 || item.statusCode !== 201 || off.statusCode !== 200)
        throw new Error(`file world: ${note.statusCode} ${avatar.statusCode} ${item.statusCode} ${off.statusCode}`);
      return {
        attachment: path(note.json().data.file_url),
        avatar: path(avatar.json().data.user.avatar),
        deactivatedPhoto: path(item.json().data.image_url),
      };
    })();
    fileWorlds.set(w, made);
  }
  return made;
}

/**
 * More rows for `GET /api/files/:id`, one per kind of record a file belongs to (issue 21 item 7;
 * the route's own row covers a visible listing's photo): `owner` is the attachment's recipient and
 * the avatar's user; a file nobody may see answers 404 like an unknown one.
 */
export const FILE_ACCESS_CASES: Record<string, RouteCase> = {
  'a notification attachment (recipient: owner)': {
    request: async (w) => ({ method: 'GET', url: (await fileWorld(w)).attachment }),
    expect: { guest: 401, owner: 200, other: 404, admin: 200, deactivated: 401 },
  },
  'an avatar': {
    request: async (w) => ({ method: 'GET', url: (await fileWorld(w)).avatar }),
    expect: signedIn(200),
  },
  'the listing photo of a deactivated seller': {
    request: async (w) => ({ method: 'GET', url: (await fileWorld(w)).deactivatedPhoto }),
    expect: { guest: 401, owner: 404, other: 404, admin: 200, deactivated: 401 },
  },
  'its thumbnail': {
    request: async (w) => ({ method: 'GET', url: `${(await fileWorld(w)).deactivatedPhoto}?variant=thumb` }),
    expect: { guest: 401, owner: 404, other: 404, admin: 200, deactivated: 401 },
  },
};

/** Files of the built web app (served when `apps/web/dist` exists): public, like any static site. */
export const STATIC_ASSET_CASE: RouteCase = {
  request: () => ({ method: 'GET', url: '/' }),
  expect: everyone(200),
};

/** The row for a registered route: its own, or the static-asset row for a file of the web build. */
export function caseFor(method: string, url: string): RouteCase | undefined {
  return ROUTE_CASES[`${method} ${url}`] ?? (url.startsWith('/api') ? undefined : STATIC_ASSET_CASE);
}

/**
 * Headers with a second session of `caller` (for login and logout, so the world's own session
 * stays); a guest sends none, a deactivated account its dead cookie.
 */
async function throwAwaySession(w: World, caller: Caller): Promise<Record<string, string>> {
  if (caller === 'guest' || caller === 'deactivated') return cookieHeader(w, caller);
  const user = w[caller];
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: user.email, password: PASSWORD },
    headers: { 'x-forwarded-for': nextClientIp() },
  });
  const c = res.cookies.find((x) => x.name === 'cc_session');
  if (!c) throw new Error(`login ${caller}: ${res.statusCode} ${res.body}`);
  return { cookie: `cc_session=${c.value}` };
}

/** The session cookie header `caller` sends (none for a guest). */
export function cookieHeader(w: World, caller: Caller): Record<string, string> {
  return caller === 'guest' ? {} : { cookie: w[caller].cookie };
}

/**
 * Builds the world on `t` (whose config has ADMIN_EMAILS = {@link ADMIN_EMAIL}): four users, the
 * owner's item with a photo, lost & found item and notification, and a deactivated student.
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const [owner, other, admin, deactivated] = [
    await signUpAndLogin(t, { password: PASSWORD }),
    await signUpAndLogin(t, { password: PASSWORD }),
    await signUpAndLogin(t, { email: ADMIN_EMAIL, password: PASSWORD }),
    await signUpAndLogin(t, { password: PASSWORD }),
  ];
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  const w = { t, owner, other, admin, deactivated, png } as World;
  const body = multipartForm(VALID_ITEM, [
    { field: 'image', filename: 'p.jpg', content: await jpeg(), type: 'image/jpeg' },
  ]);
  const item = await t.app.inject({
    method: 'POST',
    url: '/api/buy-and-sell/items',
    payload: body.payload,
    headers: { ...body.headers, cookie: owner.cookie },
  });
  if (item.statusCode !== 201) throw new Error(`world item: ${item.statusCode} ${item.body}`);
  w.itemId = item.json().data.id;
  w.fileId = new URL(item.json().data.image_url).pathname.split('/').pop()!;
  w.lostFoundId = await newLostFound(w);
  w.notificationId = await newNotification(w);
  w.rideId = await newRide(w);
  w.subjectId = await enrolledSubject(w);
  const records = await w.t.app.inject({
    method: 'GET',
    url: '/api/attendance',
    query: { userId: owner.userId, subjectId: w.subjectId },
    headers: { cookie: owner.cookie },
  });
  w.recordId = records.json().data[0].id;
  w.catalogueSubjectId = await newSubject(w);
  const off = await sendJson(t, 'POST', `/api/users/admin/users/${deactivated.userId}/deactivate`, admin.cookie);
  if (off.statusCode !== 200) throw new Error(`deactivate: ${off.statusCode} ${off.body}`);
  return w;
}
