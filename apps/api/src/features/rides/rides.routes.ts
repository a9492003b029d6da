/**
 * Ride sharing routes under /api/rides (docs/product-spec.md §7, docs/design.md §4). Every route needs a session
 * (one onRequest guard for the plugin, before an upload body is read); then the service's access
 * check; then the form (multipart text parts or JSON) with the contract's schema and the photo
 * pipeline; then the work. Join and cancel answer `data` = the participants.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiOk, idParams } from '@campus/contract/envelope';
import {
  RIDE_MESSAGES,
  createRideBody,
  listRidesQuery,
  RIDES_UNPAGED_LIMIT,
  participantsResponse,
  rideList,
  rideResponse,
  updateRideBody,
  userRidesQuery,
} from '@campus/contract/rides';
import { done, ok, page } from '../../lib/envelope.ts';
import { paginationOf } from '../../lib/pages.ts';
import { readDateTimesIn } from '../../lib/dates.ts';
import { readFormWithImage } from '../../lib/multipart-form.ts';
import { signedIn } from '../../lib/auth.ts';
import { writeLimit } from '../../lib/rate-limit.ts';
import * as service from './rides.service.ts';

const tags = ['rides'];
const params = idParams(RIDE_MESSAGES.notFound);
const form = { consumes: ['multipart/form-data', 'application/json'] };

export const ridesRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  const ctx = app.ctx;
  // The spec's client sends the departure as a `datetime-local` value: read it in the institute's zone.
  const localDepartures = readDateTimesIn(ctx.config.institute.timezone, ['departureDateTime']);

  const unpaged = { unpagedLimit: RIDES_UNPAGED_LIMIT };
  app.get(
    '/',
    { config: unpaged, schema: { tags, querystring: listRidesQuery, response: { 200: rideList } } },
    async (req) => {
      const found = await service.listRides(ctx, req.user, req.query);
      return page(found.items, paginationOf(req.query, found));
    },
  );

  app.get(
    '/user/rides',
    { config: unpaged, schema: { tags, querystring: userRidesQuery, response: { 200: rideList } } },
    async (req) => {
      const found = await service.listUserRides(ctx, req.user, req.query);
      return page(found.items, paginationOf(req.query, found));
    },
  );

  app.get('/:id', { schema: { tags, params, response: { 200: rideResponse } } }, async (req) =>
    ok(await service.getRide(ctx, req.user, req.params.id)),
  );

  app.post(
    '/',
    { config: writeLimit(), schema: { tags, ...form, response: { 201: rideResponse } } },
    async (req, reply) => {
      const { body, image } = await readFormWithImage(req, createRideBody, { beforeValidation: localDepartures });
      const ride = await service.createRide(ctx, req.user, body, image);
      return reply.code(201).send(ok(ride, RIDE_MESSAGES.created));
    },
  );

  app.put(
    '/:id',
    { config: writeLimit(), schema: { tags, params, ...form, response: { 200: rideResponse } } },
    async (req) => {
      const ride = await service.getChangeableRide(ctx, req.user, req.params.id, 'edit');
      const { body, image } = await readFormWithImage(req, updateRideBody, { beforeValidation: localDepartures });
      return ok(await service.updateRide(ctx, req.user, ride, body, image), RIDE_MESSAGES.updated);
    },
  );

  app.delete('/:id', { schema: { tags, params, response: { 200: apiOk } } }, async (req) => {
    const ride = await service.getChangeableRide(ctx, req.user, req.params.id, 'delete');
    await service.deleteRide(ctx, req.user, ride);
    return done(RIDE_MESSAGES.deleted);
  });

  app.post(
    '/:id/join',
    { config: writeLimit(), schema: { tags, params, response: { 200: participantsResponse } } },
    async (req) => ok(await service.joinRide(ctx, req.user, req.params.id), RIDE_MESSAGES.joined),
  );

  app.delete(
    '/:id/join',
    { config: writeLimit(), schema: { tags, params, response: { 200: participantsResponse } } },
    async (req) => ok(await service.leaveRide(ctx, req.user, req.params.id), RIDE_MESSAGES.left),
  );
});
