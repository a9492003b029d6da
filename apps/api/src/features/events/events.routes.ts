/**
 * Events and clubs routes (docs/architecture.md "Features in detail", Events and clubs):
 * `/api/events` (the feed, one event, post, edit or cancel, delete, RSVP, the Going list, `.ics`),
 * `/api/clubs` (list, one club, follow), `/api/admin/clubs` (administrators make clubs, name
 * coordinators and import clubs from CSV) and `/api/calendar` (the private feed). Every route but the feed file needs a
 * session; a change is checked by the service before its form is read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiOk, idParams } from '@campus/contract/envelope';
import {
  CALENDAR_FEED_UI,
  CLUB_MESSAGES,
  calendarFeedOptionsBody,
  calendarFeedResponse,
  adminCoordinatorsResponse,
  EVENT_MESSAGES,
  attendeesResponse,
  clubDetailResponse,
  clubList,
  clubParams,
  clubImportResponse,
  clubResponse,
  coordinatorsBody,
  importClubsBody,
  createClubBody,
  createEventBody,
  eventList,
  eventResponse,
  listClubsQuery,
  listEventsQuery,
  rsvpBody,
  updateClubBody,
  updateEventBody,
} from '@campus/contract/events';
import { adminOnly, signedIn } from '../../lib/auth.ts';
import { readDateTimesIn } from '../../lib/dates.ts';
import { done, ok, page, sendPageText } from '../../lib/envelope.ts';
import { readFormWithImage } from '../../lib/multipart-form.ts';
import { paginationOf } from '../../lib/pages.ts';
import { writeLimit } from '../../lib/rate-limit.ts';
import { startFeedCache } from './events.cache.ts';
import * as calendar from './events.calendar.ts';
import * as clubs from './events.clubs.ts';
import * as service from './events.service.ts';

const tags = ['events'];
const params = idParams(EVENT_MESSAGES.notFound);
const form = { consumes: ['multipart/form-data', 'application/json'] };
const ICS = 'text/calendar; charset=utf-8';

/** /api/events. */
export const eventsRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  const ctx = app.ctx;
  // A `datetime-local` value without an offset is read in the institute's zone.
  const localTimes = readDateTimesIn(ctx.config.institute.timezone, ['startsAt', 'endsAt']);
  // This instance's reminder run while the app is up (events.reminders.ts: once per student across instances).
  let reminders: ReturnType<typeof service.startReminders> | undefined;
  app.addHook('onReady', async () => {
    reminders = service.startReminders(ctx);
  });
  app.addHook('onClose', async () => reminders?.stop());

  // The feed's shared pages on this instance (events.cache.ts), dropped on every instance's event writes.
  const feed = startFeedCache(app);
  app.get('/', { schema: { tags, querystring: listEventsQuery, response: { 200: eventList } } }, async (req, reply) => {
    const found = await service.listEvents(ctx, req.user, req.query, feed);
    return sendPageText(reply, found.items, paginationOf(req.query, found), 'OK', found.kept);
  });

  app.get('/:id', { schema: { tags, params, response: { 200: eventResponse } } }, async (req) =>
    ok(await service.getEvent(ctx, req.user, req.params.id)),
  );

  app.post(
    '/',
    { config: writeLimit(), schema: { tags, ...form, response: { 201: eventResponse } } },
    async (req, reply) => {
      await service.assertMayPost(ctx, req.user);
      const { body, image } = await readFormWithImage(req, createEventBody, { beforeValidation: localTimes });
      const created = await service.createEvent(ctx, req.user, body, image);
      return reply.code(201).send(ok(created, EVENT_MESSAGES.created));
    },
  );

  app.patch(
    '/:id',
    { config: writeLimit(), schema: { tags, params, ...form, response: { 200: eventResponse } } },
    async (req) => {
      const loaded = await service.getChangeableEvent(ctx, req.user, req.params.id, 'edit');
      const { body, image } = await readFormWithImage(req, updateEventBody, { beforeValidation: localTimes });
      const updated = await service.updateEvent(ctx, req.user, loaded, body, image);
      return ok(updated, body.cancelled ? EVENT_MESSAGES.cancelled : EVENT_MESSAGES.updated);
    },
  );

  app.delete('/:id', { schema: { tags, params, response: { 200: apiOk } } }, async (req) => {
    const loaded = await service.getChangeableEvent(ctx, req.user, req.params.id, 'delete');
    await service.deleteEvent(ctx, req.user, loaded);
    return done(EVENT_MESSAGES.deleted);
  });

  app.put(
    '/:id/rsvp',
    { config: writeLimit(), schema: { tags, params, body: rsvpBody, response: { 200: eventResponse } } },
    async (req) => ok(await service.rsvp(ctx, req.user, req.params.id, req.body.status), EVENT_MESSAGES.rsvpSaved),
  );

  app.get('/:id/going', { schema: { tags, params, response: { 200: attendeesResponse } } }, async (req) => {
    const loaded = await service.getChangeableEvent(ctx, req.user, req.params.id, 'attendees');
    return ok(await service.attendees(ctx, loaded));
  });

  app.get('/:id/ics', { schema: { tags, params } }, async (req, reply) => {
    const text = await calendar.eventIcs(ctx, req.user, req.params.id);
    return reply
      .type(ICS)
      .header('content-disposition', `attachment; filename="event-${req.params.id}.ics"`)
      .send(text);
  });
});

/** /api/clubs. */
export const clubsRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  const ctx = app.ctx;
  const ctags = ['clubs'];
  app.get('/', { schema: { tags: ctags, querystring: listClubsQuery, response: { 200: clubList } } }, async (req) => {
    const found = await clubs.listClubs(ctx, req.user, req.query);
    return page(found.items, paginationOf(req.query, found));
  });
  app.get(
    '/:slug',
    { schema: { tags: ctags, params: clubParams, response: { 200: clubDetailResponse } } },
    async (req) => ok(await clubs.getClub(ctx, req.user, req.params.slug)),
  );
  app.put(
    '/:slug/follow',
    { config: writeLimit(), schema: { tags: ctags, params: clubParams, response: { 200: clubResponse } } },
    async (req) => ok(await clubs.setFollow(ctx, req.user, req.params.slug, true), CLUB_MESSAGES.followed),
  );
  app.delete(
    '/:slug/follow',
    { config: writeLimit(), schema: { tags: ctags, params: clubParams, response: { 200: clubResponse } } },
    async (req) => ok(await clubs.setFollow(ctx, req.user, req.params.slug, false), CLUB_MESSAGES.unfollowed),
  );
});

/** /api/admin/clubs: administrators only. */
export const adminClubsRoutes: FastifyPluginAsyncZod = adminOnly(async (app) => {
  const ctx = app.ctx;
  const atags = ['clubs', 'admin'];
  app.post(
    '/',
    { config: writeLimit(), schema: { tags: atags, ...form, response: { 201: clubResponse } } },
    async (req, reply) => {
      const { body, image } = await readFormWithImage(req, createClubBody);
      return reply.code(201).send(ok(await clubs.createClub(ctx, req.user, body, image), CLUB_MESSAGES.created));
    },
  );
  app.patch(
    '/:slug',
    { config: writeLimit(), schema: { tags: atags, params: clubParams, ...form, response: { 200: clubResponse } } },
    async (req) => {
      const { body, image } = await readFormWithImage(req, updateClubBody);
      return ok(await clubs.updateClub(ctx, req.user, req.params.slug, body, image), CLUB_MESSAGES.updated);
    },
  );
  app.post(
    '/import',
    { config: writeLimit(), schema: { tags: atags, body: importClubsBody, response: { 200: clubImportResponse } } },
    async (req) => {
      const result = await clubs.importClubs(ctx, req.user, req.body);
      const n = result.lines.length;
      return ok(result, result.saved ? CLUB_MESSAGES.imported(n) : CLUB_MESSAGES.checked(n));
    },
  );
  app.put(
    '/:slug/coordinators',
    {
      config: writeLimit(),
      schema: {
        tags: atags,
        params: clubParams,
        body: coordinatorsBody,
        response: { 200: adminCoordinatorsResponse },
      },
    },
    async (req) =>
      ok(await clubs.setCoordinators(ctx, req.user, req.params.slug, req.body), CLUB_MESSAGES.coordinatorsSaved),
  );
  app.get(
    '/:slug/coordinators',
    { schema: { tags: atags, params: clubParams, response: { 200: adminCoordinatorsResponse } } },
    async (req) => ok(await clubs.coordinatorsFor(ctx, req.user, req.params.slug)),
  );
  app.delete(
    '/:slug',
    { config: writeLimit(), schema: { tags: atags, params: clubParams, response: { 200: apiOk } } },
    async (req) => {
      await clubs.deleteClub(ctx, req.user, req.params.slug);
      return done(CLUB_MESSAGES.deleted);
    },
  );
});

/** /api/calendar: the caller's feed URL, its options and its rotation (signed in); the feed itself (its token is the key). */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const ktags = ['calendar'];
  await app.register(
    signedIn(async (scope) => {
      scope.get('/feed', { schema: { tags: ktags, response: { 200: calendarFeedResponse } } }, async (req) =>
        ok(await calendar.feedOf(ctx, req.user)),
      );
      scope.patch(
        '/feed',
        {
          config: writeLimit(),
          schema: { tags: ktags, body: calendarFeedOptionsBody, response: { 200: calendarFeedResponse } },
        },
        async (req) => ok(await calendar.setFeedOptions(ctx, req.user, req.body), CALENDAR_FEED_UI.saved),
      );
      scope.post(
        '/feed/rotate',
        { config: writeLimit(), schema: { tags: ktags, response: { 200: calendarFeedResponse } } },
        async (req) => ok(await calendar.rotateFeed(ctx, req.user), CALENDAR_FEED_UI.rotated),
      );
    }),
  );
  app.get('/:file', { schema: { tags: ktags, params: z.object({ file: z.string().max(200) }) } }, async (req, reply) =>
    reply.type(ICS).send(await calendar.feedIcs(ctx, req.params.file)),
  );
};
