/**
 * Attendance and enrollment routes (docs/product-spec.md §7, docs/design.md §4, §5), three plugins under their
 * spec prefixes: `/api/attendance`, `/api/enrollments` and `/api/resources` (the subject
 * catalogue). Every route needs a session (one onRequest guard per plugin; the catalogue's writes
 * sit in an admin sub-scope). A `userId` naming someone else is refused by `ownScope` (403) before
 * anything is read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiOk } from '@campus/contract/envelope';
import {
  ATTENDANCE_MESSAGES as M,
  attendanceOutlookResponse,
  attendanceRecordList,
  attendanceRecordResponse,
  attendanceRecordsResponse,
  attendanceTargetResponse,
  attendanceTodayQuery,
  attendanceTodayResponse,
  bulkAttendanceBody,
  classChangeList,
  classChangeParams,
  classChangeResponse,
  createClassChangeBody,
  createSubjectBody,
  enrollBody,
  enrollmentList,
  enrollmentResponse,
  enrollmentsParams,
  listAttendanceQuery,
  listSubjectsQuery,
  markAttendanceBody,
  outlookQuery,
  overallStatsResponse,
  recordParams,
  saveClassesBody,
  saveDaysOffBody,
  saveTermsBody,
  setTargetBody,
  subjectList,
  subjectParams,
  subjectPercentageQuery,
  subjectResponse,
  subjectStatsResponse,
  subjectWiseResponse,
  timetableAuditList,
  timetableAuditQuery,
  timetableQuery,
  timetableSettingsResponse,
  unenrollBody,
  updateAttendanceBody,
  updateSubjectBody,
  userPercentageQuery,
} from '@campus/contract/attendance';
import { adminOnly, signedIn } from '../../lib/auth.ts';
import { done, ok, page } from '../../lib/envelope.ts';
import { paginationOf } from '../../lib/pages.ts';
import { writeLimit } from '../../lib/rate-limit.ts';
import * as outlook from './attendance.outlook.ts';
import * as service from './attendance.service.ts';
import * as settings from './attendance.settings.ts';

const tags = ['attendance'];
/** The caller's target; `userId` is optional here (the signed-in student), checked when sent. */
const targetQuery = z.object({ userId: userPercentageQuery.shape.userId.optional() });

/** /api/attendance: records, bulk marks, percentages and the student's target. */
export const attendanceRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  const ctx = app.ctx;
  // A timetable naming a subject the catalogue lacks stops the start (docs/attendance-outlook.md).
  app.addHook('onReady', () => settings.checkTimetableSubjects(ctx));

  app.get(
    '/',
    { schema: { tags, querystring: listAttendanceQuery, response: { 200: attendanceRecordList } } },
    async (req) => {
      const scope = service.ownScope(req.user, req.query.userId);
      const found = await service.listRecords(ctx, scope, req.query);
      return page(found.items, paginationOf(req.query, found));
    },
  );

  app.post(
    '/',
    {
      config: writeLimit(600),
      schema: { tags, body: markAttendanceBody, response: { 201: attendanceRecordResponse } },
    },
    async (req, reply) => {
      const scope = service.ownScope(req.user, req.body.userId);
      return reply.code(201).send(ok(await service.markAttendance(ctx, scope, req.body), M.marked));
    },
  );

  app.post(
    '/bulk',
    {
      config: writeLimit(600),
      schema: { tags, body: bulkAttendanceBody, response: { 201: attendanceRecordsResponse } },
    },
    async (req, reply) => {
      const scope = service.ownScope(req.user, req.body.userId);
      const records = await service.markBulk(ctx, scope, req.body);
      return reply.code(201).send(ok(records, M.bulkMarked(records.length)));
    },
  );

  app.put(
    '/:recordId',
    {
      config: writeLimit(600),
      schema: { tags, params: recordParams, body: updateAttendanceBody, response: { 200: attendanceRecordResponse } },
    },
    async (req) => {
      const record = await service.getChangeableRecord(ctx, req.user, req.params.recordId);
      return ok(await service.updateRecord(ctx, record, req.body), M.updated);
    },
  );

  app.delete(
    '/:recordId',
    { config: writeLimit(600), schema: { tags, params: recordParams, response: { 200: apiOk } } },
    async (req) => {
      await service.deleteRecord(ctx, await service.getChangeableRecord(ctx, req.user, req.params.recordId));
      return done(M.markRemoved);
    },
  );

  app.get(
    '/today',
    { schema: { tags, querystring: attendanceTodayQuery, response: { 200: attendanceTodayResponse } } },
    async (req) => ok(await outlook.today(ctx, service.ownScope(req.user, req.query.userId ?? req.user.id), req.user)),
  );

  app.get(
    '/outlook',
    { schema: { tags, querystring: outlookQuery, response: { 200: attendanceOutlookResponse } } },
    async (req) => {
      const scope = service.ownScope(req.user, req.query.userId ?? req.user.id);
      return ok(await outlook.outlook(ctx, scope, req.user, req.query.skip));
    },
  );

  app.get('/changes', { schema: { tags, response: { 200: classChangeList } } }, async (req) =>
    ok(await outlook.listClassChanges(ctx, service.ownScope(req.user, req.user.id))),
  );

  app.post(
    '/changes',
    { config: writeLimit(600), schema: { tags, body: createClassChangeBody, response: { 201: classChangeResponse } } },
    async (req, reply) => {
      const scope = service.ownScope(req.user, req.user.id);
      return reply.code(201).send(ok(await outlook.addClassChange(ctx, scope, req.user, req.body), M.changeSaved));
    },
  );

  app.delete(
    '/changes/:id',
    { config: writeLimit(600), schema: { tags, params: classChangeParams, response: { 200: apiOk } } },
    async (req) => {
      await outlook.removeClassChange(ctx, service.ownScope(req.user, req.user.id), req.params.id);
      return done(M.changeRemoved);
    },
  );

  // The timetable in the admin area: one branch and semester's weekly classes, the terms, the days
  // off, and the audit trail of saves (docs/attendance-outlook.md).
  await app.register(
    adminOnly(async (admin) => {
      admin.get(
        '/timetable',
        { schema: { tags, querystring: timetableQuery, response: { 200: timetableSettingsResponse } } },
        async (req) => ok(await settings.timetableSettingsOf(ctx, req.user, req.query)),
      );
      admin.put(
        '/timetable/classes',
        { schema: { tags, body: saveClassesBody, response: { 200: timetableSettingsResponse } } },
        async (req) => ok(await settings.saveClasses(ctx, req.user, req.body), M.timetableSaved),
      );
      admin.put(
        '/timetable/terms',
        {
          schema: {
            tags,
            querystring: timetableQuery,
            body: saveTermsBody,
            response: { 200: timetableSettingsResponse },
          },
        },
        async (req) => ok(await settings.saveTerms(ctx, req.user, req.body, req.query), M.termsSaved),
      );
      admin.put(
        '/timetable/days-off',
        {
          schema: {
            tags,
            querystring: timetableQuery,
            body: saveDaysOffBody,
            response: { 200: timetableSettingsResponse },
          },
        },
        async (req) => ok(await settings.saveDaysOff(ctx, req.user, req.body, req.query), M.daysOffSaved),
      );
      admin.get(
        '/timetable/audit',
        { schema: { tags, querystring: timetableAuditQuery, response: { 200: timetableAuditList } } },
        async (req) => {
          const found = await settings.timetableAuditPage(ctx, req.user, req.query);
          return page(found.items, paginationOf(req.query, found));
        },
      );
    }),
  );

  app.get(
    '/percentage',
    { schema: { tags, querystring: subjectPercentageQuery, response: { 200: subjectStatsResponse } } },
    async (req) => {
      const scope = service.ownScope(req.user, req.query.userId);
      return ok(await service.subjectPercentage(ctx, scope, req.query.subjectId));
    },
  );

  app.get(
    '/percentage/overall',
    { schema: { tags, querystring: userPercentageQuery, response: { 200: overallStatsResponse } } },
    async (req) => ok(await service.overallPercentage(ctx, service.ownScope(req.user, req.query.userId))),
  );

  app.get(
    '/percentage/subject-wise',
    { schema: { tags, querystring: userPercentageQuery, response: { 200: subjectWiseResponse } } },
    async (req) => ok(await service.subjectWisePercentages(ctx, service.ownScope(req.user, req.query.userId))),
  );

  app.get(
    '/target',
    { schema: { tags, querystring: targetQuery, response: { 200: attendanceTargetResponse } } },
    async (req) => ok(await service.getTarget(ctx, service.ownScope(req.user, req.query.userId ?? req.user.id))),
  );

  app.put(
    '/target',
    { config: writeLimit(600), schema: { tags, body: setTargetBody, response: { 200: attendanceTargetResponse } } },
    async (req) =>
      ok(await service.setTarget(ctx, service.ownScope(req.user, req.user.id), req.body.target), M.targetSaved),
  );
});

/** /api/enrollments: the student's subjects; enroll; unenroll (records removed in the same transaction). */
export const enrollmentsRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  const ctx = app.ctx;

  app.get(
    '/users/:userId/enrollments',
    { schema: { tags, params: enrollmentsParams, response: { 200: enrollmentList } } },
    async (req) => ok(await service.listEnrollments(ctx, service.ownScope(req.user, req.params.userId))),
  );

  app.post(
    '/',
    { config: writeLimit(600), schema: { tags, body: enrollBody, response: { 201: enrollmentResponse } } },
    async (req, reply) => {
      const scope = service.ownScope(req.user, req.body.userId);
      return reply.code(201).send(ok(await service.enroll(ctx, scope, req.body.subjectId), M.enrolled));
    },
  );

  app.delete(
    '/',
    { config: writeLimit(600), schema: { tags, body: unenrollBody, response: { 200: apiOk } } },
    async (req) => {
      await service.unenroll(ctx, service.ownScope(req.user, req.body.userId), req.body.subjectId);
      return done(M.unenrolled);
    },
  );
});

/** /api/resources: the subject catalogue; admins add, edit and remove subjects. */
export const subjectsRoutes: FastifyPluginAsyncZod = signedIn(async (app) => {
  const ctx = app.ctx;

  app.get(
    '/subjects',
    { schema: { tags, querystring: listSubjectsQuery, response: { 200: subjectList } } },
    async (req) => {
      const found = await service.listSubjects(ctx, req.query);
      return page(found.items, paginationOf(req.query, found));
    },
  );

  await app.register(
    adminOnly(async (admin) => {
      admin.post(
        '/subjects',
        { schema: { tags, body: createSubjectBody, response: { 201: subjectResponse } } },
        async (req, reply) =>
          reply.code(201).send(ok(await service.createSubject(ctx, req.user, req.body), M.subjectCreated)),
      );
      admin.put(
        '/subjects/:id',
        { schema: { tags, params: subjectParams, body: updateSubjectBody, response: { 200: subjectResponse } } },
        async (req) => ok(await service.updateSubject(ctx, req.user, req.params.id, req.body), M.subjectUpdated),
      );
      admin.delete(
        '/subjects/:id',
        { schema: { tags, params: subjectParams, response: { 200: apiOk } } },
        async (req) => {
          await service.deleteSubject(ctx, req.user, req.params.id);
          return done(M.subjectDeleted);
        },
      );
    }),
  );
});
