/**
 * Admin user management under /api/users/admin (spec §7 `GET /users/admin/all`; DESIGN §4 additions).
 * Every route is guarded by `requireAdmin` in onRequest: 401 for guests, 403 "Permission denied:
 * Admin access required." for everyone else (spec §6), before any validation.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@campus/contract/envelope';
import {
  ADMIN_MESSAGES,
  adminUpdateUserBody,
  adminUserData,
  adminUsersData,
  adminUsersQuery,
} from '@campus/contract/admin';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import * as service from './admin.service.ts';

const tags = ['admin'];
const idParam = z.object({ id: z.string() });
const userResponse = { 200: apiSuccess(adminUserData) };

/** Malformed ids cannot name a user: 404 like any unknown id. */
function userId(id: string): string {
  if (!z.uuid().safeParse(id).success) throw notFound(ADMIN_MESSAGES.userNotFound);
  return id;
}

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/all',
    {
      onRequest: app.requireAdmin,
      schema: { tags, querystring: adminUsersQuery, response: { 200: apiSuccess(adminUsersData) } },
    },
    async (req) => ok(await service.listUsers(ctx, req.query)),
  );

  app.put(
    '/users/:id',
    {
      onRequest: app.requireAdmin,
      schema: { tags, params: idParam, body: adminUpdateUserBody, response: userResponse },
    },
    async (req) =>
      ok(
        { user: await service.updateUser(ctx, req.user!, userId(req.params.id), req.body) },
        ADMIN_MESSAGES.userUpdated,
      ),
  );

  app.post(
    '/users/:id/deactivate',
    { onRequest: app.requireAdmin, schema: { tags, params: idParam, response: userResponse } },
    async (req) =>
      ok({ user: await service.deactivateUser(ctx, req.user!, userId(req.params.id)) }, ADMIN_MESSAGES.userDeactivated),
  );

  app.post(
    '/users/:id/reactivate',
    { onRequest: app.requireAdmin, schema: { tags, params: idParam, response: userResponse } },
    async (req) =>
      ok({ user: await service.reactivateUser(ctx, userId(req.params.id)) }, ADMIN_MESSAGES.userReactivated),
  );
};
