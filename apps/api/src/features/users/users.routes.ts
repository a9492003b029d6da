/**
 * Users and session routes under /api/users (docs/product-spec.md §7, docs/design.md §4–§5). Handlers are thin: schema →
 * service → envelope.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiOk, apiSuccess } from '@campus/contract/envelope';
import { ATTENDANCE_MESSAGES } from '@campus/contract/attendance';
import {
  DEVICE_COOKIE,
  SESSION_COOKIE,
  USER_MESSAGES,
  changePasswordBody,
  emailOnlyBody,
  loginBody,
  resetPasswordBody,
  signinLinkBody,
  signupBody,
  verifyEmailBody,
  updateProfileBody,
  userData as userDataSchema,
} from '@campus/contract/users';
import { destroySession, sessionCookieOptions, signedIn } from '../../lib/auth.ts';
import { done, ok } from '../../lib/envelope.ts';
import { readUpload } from '../../lib/multipart-form.ts';
import { deviceCookieOptions } from './devices.ts';
import * as service from './users.service.ts';

const userResponse = { 200: apiSuccess(userDataSchema) };
const okResponse = { 200: apiOk };
/** The avatar form: no text fields, only the required file part `avatar` (docs/design.md §4 additions). */
const avatarForm = z.object({});

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const data = (user: Parameters<typeof service.userData>[0]) => service.userData(user, ctx.config.appUrl);
  const ipLimit = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });
  /** Who is asking: IP, device cookie and user agent (the throttles and mail budgets of docs/security.md). */
  const client = (req: FastifyRequest): service.ClientInfo => ({
    ip: req.ip,
    deviceCookie: req.cookies[DEVICE_COOKIE],
    userAgent: req.headers['user-agent'],
  });
  /** Sets the session and device cookies of a new session. */
  const setSignedIn = (reply: FastifyReply, result: service.SignedInResult) => {
    reply.setCookie(SESSION_COOKIE, result.token, sessionCookieOptions(ctx.config.cookies));
    reply.setCookie(DEVICE_COOKIE, result.deviceCookie, deviceCookieOptions(ctx.config.cookies));
  };

  app.get(
    '/health',
    { schema: { tags: ['users'], response: { 200: apiOk, 503: apiOk.extend({ success: z.literal(false) }) } } },
    async (_req, reply) => {
      try {
        await ctx.database.ping();
        return done(USER_MESSAGES.healthy);
      } catch {
        return reply.code(503).send({ success: false, message: USER_MESSAGES.unhealthy });
      }
    },
  );

  app.post(
    '/signup',
    { config: ipLimit(200, '1 hour'), schema: { tags: ['users'], body: signupBody, response: { 201: apiOk } } },
    async (req, reply) => {
      await service.signup(ctx, req.body, req.ip);
      return reply.code(201).send(done(USER_MESSAGES.signupOk));
    },
  );

  app.post(
    '/verify-email',
    { config: ipLimit(300, '1 hour'), schema: { tags: ['users'], body: verifyEmailBody, response: userResponse } },
    async (req, reply) => {
      const result = await service.verifyEmail(ctx, req.body, client(req));
      setSignedIn(reply, result);
      return ok(data(result.user), USER_MESSAGES.verified);
    },
  );

  app.post(
    '/resend-verification',
    { config: ipLimit(100, '1 hour'), schema: { tags: ['users'], body: emailOnlyBody, response: okResponse } },
    async (req) => {
      service.resendVerification(ctx, req.body.email, req.ip);
      return done(USER_MESSAGES.verificationSent);
    },
  );

  app.post(
    '/login',
    { config: ipLimit(300, '15 minutes'), schema: { tags: ['users'], body: loginBody, response: userResponse } },
    async (req, reply) => {
      const result = await service.login(ctx, req.body, client(req));
      setSignedIn(reply, result);
      return ok(data(result.user), USER_MESSAGES.loginOk);
    },
  );

  app.post(
    '/signin-link',
    { config: ipLimit(300, '1 hour'), schema: { tags: ['users'], body: signinLinkBody, response: userResponse } },
    async (req, reply) => {
      const result = await service.signinWithLink(ctx, req.body, client(req));
      setSignedIn(reply, result);
      return ok(data(result.user), USER_MESSAGES.signinLinkOk);
    },
  );

  app.post('/logout', { schema: { tags: ['users'], response: okResponse } }, async (req, reply) => {
    await app.loadSession(req);
    if (req.sessionId) {
      await destroySession(ctx.db, req.sessionId);
      ctx.events.emit('session-ended', req.sessionId);
    }
    // With the cookie's own attributes: a Partitioned cookie is only cleared by a Partitioned one.
    reply.clearCookie(SESSION_COOKIE, { path: '/', ...ctx.config.cookies });
    return done(USER_MESSAGES.logoutOk);
  });

  app.post(
    '/forgot-password',
    { config: ipLimit(100, '1 hour'), schema: { tags: ['users'], body: emailOnlyBody, response: okResponse } },
    async (req) => {
      service.forgotPassword(ctx, req.body.email, client(req));
      return done(USER_MESSAGES.resetSent);
    },
  );

  app.post(
    '/reset-password',
    { config: ipLimit(300, '1 hour'), schema: { tags: ['users'], body: resetPasswordBody, response: okResponse } },
    async (req) => {
      await service.resetPassword(ctx, req.body.token, req.body.password);
      return done(USER_MESSAGES.passwordReset);
    },
  );

  // Everything below needs a session: one guard for the scope (docs/design.md §3).
  await app.register(
    signedIn(async (me) => {
      me.get('/current', { schema: { tags: ['users'], response: userResponse } }, async (req) => ok(data(req.user)));

      // The first save of a branch and semester may enrol the student: the message says so.
      me.put(
        '/update',
        { schema: { tags: ['users'], body: updateProfileBody, response: userResponse } },
        async (req) => {
          const { user, defaultEnrolment: d } = await service.updateOwnProfile(ctx, req.user, req.body);
          const message = d
            ? ATTENDANCE_MESSAGES.defaultEnrolled(d.count, d.branch, d.semester)
            : USER_MESSAGES.profileUpdated;
          return ok(data(user), message);
        },
      );

      me.post(
        '/change-password',
        {
          config: ipLimit(30, '1 hour'),
          schema: { tags: ['users'], body: changePasswordBody, response: okResponse },
        },
        async (req, reply) => {
          const device = await service.changePassword(ctx, req.user, req.sessionId, req.body);
          reply.setCookie(DEVICE_COOKIE, device, deviceCookieOptions(ctx.config.cookies));
          return done(USER_MESSAGES.passwordChanged);
        },
      );

      me.post(
        '/avatar',
        {
          config: ipLimit(30, '1 hour'),
          schema: { tags: ['users'], consumes: ['multipart/form-data'], response: userResponse },
        },
        async (req) => {
          const { file } = await readUpload(req, avatarForm, { fileField: 'avatar', fileRequired: true });
          const user = await service.setAvatar(ctx, req.user, file);
          return ok(data(user), USER_MESSAGES.avatarUpdated);
        },
      );
    }),
  );
};
