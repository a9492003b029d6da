/**
 * Authorization-matrix rows of reports and moderation (assembled by
 * `test/route-cases.ts`; the input-fuzz suite reuses them). Any signed-in user but the owner reports
 * the world's listing (the owner: 403, own content); the admin queue and resolution are admins only
 * (students 403, guests and the deactivated 401). Only `other` and the admin ever report the world's
 * listing, so it never reaches the three reporters that would hide it.
 */
import { like } from 'drizzle-orm';
import { rateLimits } from '../../db/schema/rate-limits.ts';
import { nextClientIp } from '../../test/helpers.ts';
import { adminOnly, created, signedIn } from '../../test/case-kit.ts';
import type { RouteCase, World } from '../../test/route-cases.ts';
import { VALID_ITEM } from '../marketplace/marketplace.cases.ts';

/**
 * A pending case to resolve: any the queue holds, else a fresh one (`other` reports a new listing of
 * `owner`), so repeated requests stay within the per-user report ceiling.
 */
async function pendingCase(w: World): Promise<string> {
  const queue = await w.t.app.inject({
    method: 'GET',
    url: '/api/admin/reports?limit=1',
    headers: { cookie: w.admin.cookie, 'x-forwarded-for': nextClientIp() },
  });
  const open = queue.json().data?.[0]?.id as string | undefined;
  if (open) return open;
  const itemId = await created(
    w,
    { method: 'POST', url: '/api/buy-and-sell/items', payload: VALID_ITEM },
    w.owner.cookie,
  );
  // The suites build this row hundreds of times: `other`'s hourly report ceiling (reports.service.ts)
  // is not what they test, so the set-up starts it afresh before filing.
  await w.t.database.db.delete(rateLimits).where(like(rateLimits.key, `report:${w.other.userId}%`));
  const report = { targetType: 'listing', targetId: itemId, reason: 'spam' };
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/reports',
    payload: report,
    headers: { cookie: w.other.cookie, 'x-forwarded-for': nextClientIp() },
  });
  if (res.statusCode !== 201) throw new Error(`setup report: ${res.statusCode} ${res.body}`);
  return res.json().data.caseId as string;
}

/** The rows of `/api/reports` and `/api/admin/reports…`. */
export const REPORTS_CASES: Record<string, RouteCase> = {
  'POST /api/reports': {
    request: (w) => ({
      method: 'POST',
      url: '/api/reports',
      payload: {
        targetType: 'listing',
        targetId: w.itemId,
        reason: 'other',
        details: 'Looks like a copy of another ad',
      },
    }),
    expect: { ...signedIn(201), owner: 403 },
  },
  'GET /api/admin/reports': {
    request: () => ({
      method: 'GET',
      url: '/api/admin/reports',
      query: { status: 'open', type: 'listing', page: '1' },
    }),
    expect: adminOnly(200),
  },
  'POST /api/admin/reports/:id/resolve': {
    request: async (w) => ({
      method: 'POST',
      url: `/api/admin/reports/${await pendingCase(w)}/resolve`,
      payload: { action: 'dismiss', note: 'Checked: a genuine listing' },
    }),
    expect: adminOnly(200),
  },
};
