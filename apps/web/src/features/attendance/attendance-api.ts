/**
 * RTK Query endpoints of attendance and enrollment (docs/product-spec.md §4, §7, §8; docs/design.md §4), injected
 * into the shared `api`. The reload rules of docs/product-spec.md §4 are the tags: marking or editing a record
 * invalidates every percentage and the day's records; enrolling or unenrolling invalidates the
 * enrollments and every percentage. Toasts are the spec's (§8), declared with each mutation; a
 * mark that fails for want of a network is not toasted here: the page queues it (offline-queue.ts).
 */
import { ATTENDANCE_MESSAGES as M, type AttendanceStatus } from '@campus/contract/attendance-ui';
import type {
  AttendanceOutlook,
  AttendanceRecord,
  AttendanceTarget,
  BulkAttendanceBody,
  ClassChange,
  CreateClassChangeBody,
  Enrollment,
  MarkAttendanceBody,
  OverallStats,
  SubjectStats,
  SubjectWiseEntry,
} from '@campus/contract/attendance';
import { api, IDEMPOTENCY_HEADER, toPage, type EnvelopeMeta } from '../../lib/api';
import { toastOutcome } from '../../lib/mutation-toast';

const TAGS = [
  'Subject',
  'Enrollment',
  'AttendanceStats',
  'AttendanceRecord',
  'AttendanceTarget',
  'AttendanceTimetable',
] as const;
const withTags = api.enhanceEndpoints({ addTagTypes: TAGS });

export const attendanceApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /enrollments/users/{userId}/enrollments. */
    enrollments: build.query<Enrollment[], string>({
      query: (userId) => `enrollments/users/${encodeURIComponent(userId)}/enrollments`,
      providesTags: ['Enrollment'],
    }),
    /** POST /enrollments. */
    enroll: build.mutation<Enrollment, { userId: string; subjectId: number }>({
      query: (body) => ({ url: 'enrollments', method: 'POST', body }),
      invalidatesTags: ['Enrollment', 'AttendanceStats', 'AttendanceTimetable'],
      onQueryStarted: toastOutcome({ success: M.enrolled, error: (e) => `${M.failedEnroll}: ${e.message}` }),
    }),
    /** DELETE /enrollments with the ids in the body (docs/product-spec.md §7). */
    unenroll: build.mutation<unknown, { userId: string; subjectId: number }>({
      query: (body) => ({ url: 'enrollments', method: 'DELETE', body }),
      invalidatesTags: ['Enrollment', 'AttendanceStats', 'AttendanceRecord', 'AttendanceTimetable'],
      onQueryStarted: toastOutcome({ success: M.unenrolled, error: (e) => `${M.failedUnenroll}: ${e.message}` }),
    }),
    /** GET /attendance for one subject and date (the Attendance Record card). */
    records: build.query<AttendanceRecord[], { userId: string; subjectId: number; date: string }>({
      query: (params) => ({ url: 'attendance', params }),
      transformResponse: (data, meta) => toPage<AttendanceRecord>(data, meta).items,
      providesTags: ['AttendanceRecord'],
    }),
    /**
     * POST /attendance with the submission's `Idempotency-Key` (a retry of a queued mark sends the
     * key it was queued with, so the server stores it once). Success toast here; failures are the
     * page's (queued when offline).
     */
    markAttendance: build.mutation<AttendanceRecord, MarkAttendanceBody & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: 'attendance',
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: ['AttendanceStats', 'AttendanceRecord'],
      onQueryStarted: toastOutcome({ success: M.marked }),
    }),
    /** POST /attendance/bulk: every enrolled subject for one date. */
    markBulk: build.mutation<AttendanceRecord[], BulkAttendanceBody>({
      query: (body) => ({ url: 'attendance/bulk', method: 'POST', body }),
      invalidatesTags: ['AttendanceStats', 'AttendanceRecord'],
      onQueryStarted: toastOutcome({
        success: (_arg, data) => M.bulkMarked(data.length),
        error: (e) => `${M.failedMark}: ${e.message}`,
      }),
    }),
    /** PUT /attendance/{recordId}. */
    updateRecord: build.mutation<AttendanceRecord, { id: string; status: AttendanceStatus; date?: string }>({
      query: ({ id, ...body }) => ({ url: `attendance/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['AttendanceStats', 'AttendanceRecord'],
      onQueryStarted: toastOutcome({ success: M.updated, error: (e) => `${M.failedUpdate}: ${e.message}` }),
    }),
    /** DELETE /attendance/{recordId}: the undo of a one-tap mark. */
    deleteRecord: build.mutation<unknown, string>({
      query: (id) => ({ url: `attendance/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AttendanceStats', 'AttendanceRecord'],
      onQueryStarted: toastOutcome({ success: M.markRemoved, error: (e) => e.message }),
    }),
    /** GET /attendance/outlook, with `skip` (days off to plan, `yyyy-MM-dd`) when given. */
    outlook: build.query<AttendanceOutlook, { skip?: string[] }>({
      query: ({ skip }) => ({ url: 'attendance/outlook', params: skip?.length ? { skip: skip.join(',') } : {} }),
      providesTags: ['AttendanceStats', 'AttendanceTarget', 'AttendanceTimetable'],
    }),
    /** GET /attendance/changes: the student's changes to their week this term. */
    classChanges: build.query<ClassChange[], void>({
      query: () => 'attendance/changes',
      providesTags: ['AttendanceTimetable'],
    }),
    /** POST /attendance/changes: an extra class or a cancelled one. */
    addClassChange: build.mutation<ClassChange, CreateClassChangeBody>({
      query: (body) => ({ url: 'attendance/changes', method: 'POST', body }),
      invalidatesTags: ['AttendanceTimetable'],
      onQueryStarted: toastOutcome({ success: M.changeSaved }),
    }),
    /** DELETE /attendance/changes/{id}. */
    removeClassChange: build.mutation<unknown, string>({
      query: (id) => ({ url: `attendance/changes/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AttendanceTimetable'],
      onQueryStarted: toastOutcome({ success: M.changeRemoved, error: (e) => e.message }),
    }),
    /** GET /attendance/percentage for one subject. */
    subjectStats: build.query<SubjectStats, { userId: string; subjectId: number }>({
      query: (params) => ({ url: 'attendance/percentage', params }),
      providesTags: ['AttendanceStats'],
    }),
    /** GET /attendance/percentage/overall. */
    overallStats: build.query<OverallStats, string>({
      query: (userId) => ({ url: 'attendance/percentage/overall', params: { userId } }),
      providesTags: ['AttendanceStats'],
    }),
    /** GET /attendance/percentage/subject-wise. */
    subjectWise: build.query<{ entries: SubjectWiseEntry[]; servedAt: number | null }, string>({
      query: (userId) => ({ url: 'attendance/percentage/subject-wise', params: { userId } }),
      // When the answer was made: offline, the page says how old the figures it shows are.
      transformResponse: (entries: SubjectWiseEntry[], meta: EnvelopeMeta | undefined) => ({
        entries,
        servedAt: meta?.servedAt ?? null,
      }),
      providesTags: ['AttendanceStats'],
    }),
    /** GET /attendance/target: the student's target and the institute's. */
    target: build.query<AttendanceTarget, void>({
      query: () => 'attendance/target',
      providesTags: ['AttendanceTarget'],
    }),
    /** PUT /attendance/target (null follows the institute's default). */
    setTarget: build.mutation<AttendanceTarget, number | null>({
      query: (target) => ({ url: 'attendance/target', method: 'PUT', body: { target } }),
      invalidatesTags: ['AttendanceTarget', 'AttendanceStats'],
      onQueryStarted: toastOutcome({ success: M.targetSaved, error: (e) => e.message }),
    }),
  }),
});

export const {
  useEnrollmentsQuery,
  useEnrollMutation,
  useUnenrollMutation,
  useRecordsQuery,
  useMarkAttendanceMutation,
  useMarkBulkMutation,
  useUpdateRecordMutation,
  useDeleteRecordMutation,
  useOutlookQuery,
  useClassChangesQuery,
  useAddClassChangeMutation,
  useRemoveClassChangeMutation,
  useSubjectStatsQuery,
  useOverallStatsQuery,
  useSubjectWiseQuery,
  useTargetQuery,
  useSetTargetMutation,
} = attendanceApi;
