/**
 * Admin user management under /api/users/admin (docs/product-spec.md §7 `GET /users/admin/all`; docs/design.md §4 additions).
 * One `requireAdmin` guard for the whole plugin (onRequest): 401 for guests, 403 "Permission denied:
 * Admin access required." for everyone else (docs/product-spec.md §6), before any validation. A malformed user id
 * answers 404 like an unknown one (the shared id params).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess, idParams } from '@campus/contract/envelope';
import {
  ADMIN_MESSAGES,
  adminUpdateUserBody,
  adminUserData,
  adminUsersData,
  adminUsersQuery,
} from '@campus/contract/admin';
import { ok } from '../../lib/envelope.ts';
import { adminOnly } from '../../lib/auth.ts';
import * as service from './admin.service.ts';

const tags = ['admin'];
const params = idParams(ADMIN_MESSAGES.userNotFound);
const userResponse = { 200: apiSuccess(adminUserData) };

export const adminRoutes: FastifyPluginAsyncZod = adminOnly(async (app) => {
  const ctx = app.ctx;

  app.get(
    '/all',
    {
      schema: { tags, querystring: adminUsersQuery, response: { 200: apiSuccess(adminUsersData) } },
    },
    async (req) => ok(await service.listUsers(ctx, req.user, req.query)),
  );

  app.put(
    '/users/:id',
    {
      schema: { tags, params, body: adminUpdateUserBody, response: userResponse },
    },
    async (req) =>
      ok({ user: await service.updateUser(ctx, req.user, req.params.id, req.body) }, ADMIN_MESSAGES.userUpdated),
  );

  app.post('/users/:id/deactivate', { schema: { tags, params, response: userResponse } }, async (req) =>
    ok({ user: await service.deactivateUser(ctx, req.user, req.params.id) }, ADMIN_MESSAGES.userDeactivated),
  );

  app.post('/users/:id/reactivate', { schema: { tags, params, response: userResponse } }, async (req) =>
    ok({ user: await service.reactivateUser(ctx, req.user, req.params.id) }, ADMIN_MESSAGES.userReactivated),
  );
});
