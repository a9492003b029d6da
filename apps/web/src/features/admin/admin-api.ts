/**
 * RTK Query endpoints of the admin area (docs/product-spec.md §7 `/users/admin/all`, docs/design.md §4 admin additions and
 * §7 sends), injected into the shared `api`. The sends list keeps its `pagination` ({@link toPage});
 * the mutations declare their toasts (docs/product-spec.md §8 admin screen texts, {@link toastOutcome}). The Subjects
 * tab changes the catalogue (`lib/subjects-api.ts` lists it) and invalidates what a subject feeds.
 */
import { ATTENDANCE_MESSAGES } from '@campus/contract/attendance-ui';
import type {
  CreateSubjectBody,
  SaveClassesBody,
  SaveDaysOffBody,
  SaveTermsBody,
  Subject,
  TimetableAuditEntry,
  TimetableQuery,
  TimetableSettings,
} from '@campus/contract/attendance';
import { ADMIN_UI } from '@campus/contract/admin-ui';
import type { AdminUpdateUserBody, AdminUsersQuery, AdminUsersData } from '@campus/contract/admin';
import { NOTIFICATION_UI } from '@campus/contract/notifications-ui';
import type { NotificationSend } from '@campus/contract/notifications';
import type { PublicUser } from '@campus/contract/users';
import type { AdminCoordinator, Club, ClubImportResult, ImportClubsBody } from '@campus/contract/events';
import { CLUB_MESSAGES } from '@campus/contract/events-ui';
import { api, toPage, type Page } from '../../lib/api';
import { formatDateIN } from '../../lib/format';
import { toastOutcome } from '../../lib/mutation-toast';

/** The form of a send or broadcast: text parts plus the optional file part `file`. */
export interface SendArgs {
  message: string;
  type: string;
  /** Target user id; absent for a broadcast. */
  userId?: string;
  file?: File | null;
}

function formOf(args: SendArgs, broadcast: boolean): FormData {
  const form = new FormData();
  form.append('message', args.message);
  form.append('type', args.type);
  if (broadcast) form.append('entityType', 'broadcast');
  else if (args.userId) form.append('userId', args.userId);
  if (args.file) form.append('file', args.file);
  return form;
}

/** The subject form's fields: the contract's create body. */
export type SubjectFields = CreateSubjectBody;

const tagged = api.enhanceEndpoints({
  addTagTypes: [
    'AdminUsers',
    'AdminSends',
    'Subject',
    'Enrollment',
    'AttendanceStats',
    'AttendanceTimetable',
    'AdminTimetable',
    // Shared with the events feature: a change here refetches its club lists and pages.
    'Club',
  ],
});

export const adminApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /** GET /users/admin/all: `{ users, pagination, stats }` with server-side search and sort. */
    adminUsers: build.query<AdminUsersData, AdminUsersQuery>({
      query: ({ search, sort, page, limit }) => ({
        url: 'users/admin/all',
        params: { ...(search ? { search } : {}), sort, page, limit },
      }),
      providesTags: ['AdminUsers'],
    }),
    /** PUT /users/admin/users/{id}: name, branch, semester, hostel, roles. */
    updateUser: build.mutation<{ user: PublicUser }, { id: string; body: AdminUpdateUserBody }>({
      query: ({ id, body }) => ({ url: `users/admin/users/${id}`, method: 'PUT', body }),
      // A failure is shown in the edit form (field messages or an alert), not as a toast.
      onQueryStarted: toastOutcome({ success: 'User updated.' }),
      invalidatesTags: ['AdminUsers'],
    }),
    /** POST /users/admin/users/{id}/deactivate (ends the user's sessions). */
    deactivateUser: build.mutation<{ user: PublicUser }, string>({
      query: (id) => ({ url: `users/admin/users/${id}/deactivate`, method: 'POST' }),
      onQueryStarted: toastOutcome({
        success: (_id, { user }) => `${user.name || user.email} was deactivated.`,
        error: (e) => e.message,
      }),
      invalidatesTags: ['AdminUsers'],
    }),
    /**
     * POST /users/admin/users/{id}/close (docs/privacy.md "Delete my account"): the account closes as
     * if its student deleted it, and is erased after the grace.
     */
    closeUser: build.mutation<{ eraseAfter: string }, string>({
      query: (id) => ({ url: `users/admin/users/${id}/close`, method: 'POST' }),
      onQueryStarted: toastOutcome({
        success: (_id, { eraseAfter }) => ADMIN_UI.accountClosed(formatDateIN(eraseAfter)),
        error: (e) => e.message,
      }),
      invalidatesTags: ['AdminUsers'],
    }),
    /** POST /users/admin/users/{id}/reactivate. */
    reactivateUser: build.mutation<{ user: PublicUser }, string>({
      query: (id) => ({ url: `users/admin/users/${id}/reactivate`, method: 'POST' }),
      onQueryStarted: toastOutcome({
        success: (_id, { user }) => `${user.name || ADMIN_UI.anonymous} was reactivated.`,
        error: (e) => e.message,
      }),
      invalidatesTags: ['AdminUsers'],
    }),
    /** GET /notification/sends: the recorded admin sends with read counts, 15 per page. */
    sends: build.query<Page<NotificationSend>, number>({
      query: (page) => ({ url: 'notification/sends', params: { page, limit: 15 } }),
      transformResponse: toPage<NotificationSend>,
      providesTags: ['AdminSends'],
    }),
    /** POST /notification (multipart): a send to one user. */
    sendNotification: build.mutation<unknown, SendArgs>({
      query: (args) => ({ url: 'notification', method: 'POST', body: formOf(args, false) }),
      onQueryStarted: toastOutcome({
        success: NOTIFICATION_UI.adminSendOk,
        error: (e) => NOTIFICATION_UI.adminSendFailed(e.message),
      }),
      invalidatesTags: ['AdminSends'],
    }),
    /** POST /notification/broadcast (multipart): a send to every active user. */
    broadcast: build.mutation<unknown, SendArgs>({
      query: (args) => ({ url: 'notification/broadcast', method: 'POST', body: formOf(args, true) }),
      onQueryStarted: toastOutcome({
        success: NOTIFICATION_UI.adminBroadcastOk,
        error: (e) => NOTIFICATION_UI.adminSendFailed(e.message),
      }),
      invalidatesTags: ['AdminSends'],
    }),
    /** DELETE /notification/sends/{id}: recalls the send from every recipient. */
    recallSend: build.mutation<unknown, string>({
      query: (id) => ({ url: `notification/sends/${id}`, method: 'DELETE' }),
      onQueryStarted: toastOutcome({
        success: NOTIFICATION_UI.adminDeleteOk,
        error: (e) => NOTIFICATION_UI.adminDeleteFailed(e.message),
      }),
      invalidatesTags: ['AdminSends'],
    }),
    /** POST /resources/subjects. */
    createSubject: build.mutation<Subject, SubjectFields>({
      query: (body) => ({ url: 'resources/subjects', method: 'POST', body }),
      invalidatesTags: ['Subject'],
      onQueryStarted: toastOutcome({ success: ATTENDANCE_MESSAGES.subjectCreated }),
    }),
    /** PUT /resources/subjects/{id}. */
    updateSubject: build.mutation<Subject, { id: number } & Partial<SubjectFields>>({
      query: ({ id, ...body }) => ({ url: `resources/subjects/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Subject', 'Enrollment', 'AttendanceStats'],
      onQueryStarted: toastOutcome({ success: ATTENDANCE_MESSAGES.subjectUpdated }),
    }),
    /** DELETE /resources/subjects/{id} (409 while students are enrolled). */
    deleteSubject: build.mutation<unknown, number>({
      query: (id) => ({ url: `resources/subjects/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Subject'],
      onQueryStarted: toastOutcome({ success: ATTENDANCE_MESSAGES.subjectDeleted, error: (e) => e.message }),
    }),
    /** GET /attendance/timetable: one branch and semester's weekly classes, the terms and the days off. */
    timetable: build.query<TimetableSettings, TimetableQuery>({
      query: (params) => ({ url: 'attendance/timetable', params }),
      providesTags: ['AdminTimetable'],
    }),
    /** PUT /attendance/timetable/classes. A failure is shown in the form (field messages), not as a toast. */
    saveClasses: build.mutation<TimetableSettings, SaveClassesBody>({
      query: (body) => ({ url: 'attendance/timetable/classes', method: 'PUT', body }),
      invalidatesTags: ['AdminTimetable', 'AttendanceTimetable', 'AttendanceStats'],
      onQueryStarted: toastOutcome({ success: ATTENDANCE_MESSAGES.timetableSaved }),
    }),
    /** PUT /attendance/timetable/terms. */
    saveTerms: build.mutation<TimetableSettings, SaveTermsBody & TimetableQuery>({
      query: ({ branch, semester, ...body }) => ({
        url: 'attendance/timetable/terms',
        method: 'PUT',
        params: { branch, semester },
        body,
      }),
      invalidatesTags: ['AdminTimetable', 'AttendanceTimetable', 'AttendanceStats'],
      onQueryStarted: toastOutcome({ success: ATTENDANCE_MESSAGES.termsSaved }),
    }),
    /** PUT /attendance/timetable/days-off. */
    saveDaysOff: build.mutation<TimetableSettings, SaveDaysOffBody & TimetableQuery>({
      query: ({ branch, semester, ...body }) => ({
        url: 'attendance/timetable/days-off',
        method: 'PUT',
        params: { branch, semester },
        body,
      }),
      invalidatesTags: ['AdminTimetable', 'AttendanceTimetable', 'AttendanceStats'],
      onQueryStarted: toastOutcome({ success: ATTENDANCE_MESSAGES.daysOffSaved }),
    }),
    /** GET /attendance/timetable/audit: the administrators' saves, newest first. */
    timetableAudit: build.query<TimetableAuditEntry[], void>({
      query: () => ({ url: 'attendance/timetable/audit', params: { limit: 20 } }),
      transformResponse: (data, meta) => toPage<TimetableAuditEntry>(data, meta).items,
      providesTags: ['AdminTimetable'],
    }),
    /** PUT /notification/read-all: marks the admin's own notifications read. */
    markMineRead: build.mutation<unknown, void>({
      query: () => ({ url: 'notification/read-all', method: 'PUT' }),
      onQueryStarted: toastOutcome({
        success: NOTIFICATION_UI.adminMarkAllOk,
        error: (e) => NOTIFICATION_UI.adminMarkAllFailed(e.message),
      }),
      invalidatesTags: ['AdminSends'],
    }),
    /** GET /clubs: a page of clubs by name (the Clubs tab). */
    adminClubs: build.query<Page<Club>, { page: number; limit: number }>({
      query: (params) => ({ url: 'clubs', params }),
      transformResponse: toPage<Club>,
      providesTags: ['Club'],
    }),
    /** POST /admin/clubs (no slug) or PATCH /admin/clubs/{slug}: text parts and an optional `image` logo. */
    saveClub: build.mutation<Club, { slug?: string; form: FormData }>({
      query: ({ slug, form }) => ({
        url: slug ? `admin/clubs/${encodeURIComponent(slug)}` : 'admin/clubs',
        method: slug ? 'PATCH' : 'POST',
        body: form,
      }),
      invalidatesTags: ['Club'],
      onQueryStarted: toastOutcome({ success: ({ slug }) => (slug ? CLUB_MESSAGES.updated : CLUB_MESSAGES.created) }),
    }),
    /** DELETE /admin/clubs/{slug} (refused while it has events). */
    deleteClub: build.mutation<unknown, string>({
      query: (slug) => ({ url: `admin/clubs/${encodeURIComponent(slug)}`, method: 'DELETE' }),
      invalidatesTags: ['Club'],
      onQueryStarted: toastOutcome({ success: CLUB_MESSAGES.deleted, error: (e) => e.message }),
    }),
    /** GET /admin/clubs/{slug}/coordinators (with e-mails). */
    clubCoordinators: build.query<AdminCoordinator[], string>({
      query: (slug) => `admin/clubs/${encodeURIComponent(slug)}/coordinators`,
      providesTags: ['Club'],
    }),
    /** PUT /admin/clubs/{slug}/coordinators: replaces the list. */
    setCoordinators: build.mutation<AdminCoordinator[], { slug: string; emails: string[] }>({
      query: ({ slug, emails }) => ({
        url: `admin/clubs/${encodeURIComponent(slug)}/coordinators`,
        method: 'PUT',
        body: { emails },
      }),
      invalidatesTags: ['Club'],
      onQueryStarted: toastOutcome({ success: CLUB_MESSAGES.coordinatorsSaved }),
    }),
    /** POST /admin/clubs/import: a dry run answers each line's outcome; a real import saves all lines or none. */
    importClubs: build.mutation<ClubImportResult, ImportClubsBody>({
      query: (body) => ({ url: 'admin/clubs/import', method: 'POST', body }),
      invalidatesTags: (result) => (result?.saved ? ['Club'] : []),
    }),
  }),
});

export const {
  useAdminUsersQuery,
  useUpdateUserMutation,
  useDeactivateUserMutation,
  useReactivateUserMutation,
  useCloseUserMutation,
  useSendsQuery,
  useSendNotificationMutation,
  useBroadcastMutation,
  useRecallSendMutation,
  useMarkMineReadMutation,
  useCreateSubjectMutation,
  useUpdateSubjectMutation,
  useDeleteSubjectMutation,
  useTimetableQuery,
  useSaveClassesMutation,
  useSaveTermsMutation,
  useSaveDaysOffMutation,
  useTimetableAuditQuery,
  useAdminClubsQuery,
  useSaveClubMutation,
  useDeleteClubMutation,
  useClubCoordinatorsQuery,
  useSetCoordinatorsMutation,
  useImportClubsMutation,
} = adminApi;
