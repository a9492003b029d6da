/**
 * RTK Query endpoints of the admin area (spec §7 `/users/admin/all`, DESIGN §4 admin additions and
 * §7 sends), injected into the shared `api`. Lists that carry `pagination` beside `data` keep it:
 * their response handler folds it into `data` before the envelope is unwrapped.
 */
import type { AdminUpdateUserBody, AdminUserSort, AdminUsersData } from '@campus/contract/admin';
import type { NotificationSend } from '@campus/contract/notifications';
import type { Pagination } from '@campus/contract/envelope';
import type { PublicUser } from '@campus/contract/users';
import { api } from '../../lib/api';

/** A page of items with its pagination. */
export interface Paged<T> {
  items: T[];
  pagination: Pagination;
}

export interface AdminUsersArgs {
  search: string;
  sort: AdminUserSort;
  page: number;
  limit: number;
}

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

/** Response handler keeping `pagination` of a paginated list (`data: { items, pagination }`). */
async function keepPagination(response: Response): Promise<unknown> {
  const body = (await response.json()) as { success?: boolean; data?: unknown; pagination?: Pagination };
  return body.success ? { ...body, data: { items: body.data, pagination: body.pagination } } : body;
}

const tagged = api.enhanceEndpoints({ addTagTypes: ['AdminUsers', 'AdminSends'] });

export const adminApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /** GET /users/admin/all: `{ users, pagination, stats }` with server-side search and sort. */
    adminUsers: build.query<AdminUsersData, AdminUsersArgs>({
      query: ({ search, sort, page, limit }) => ({
        url: 'users/admin/all',
        params: { ...(search ? { search } : {}), sort, page, limit },
      }),
      providesTags: ['AdminUsers'],
    }),
    /** PUT /users/admin/users/{id}: name, branch, semester, hostel, roles. */
    updateUser: build.mutation<{ user: PublicUser }, { id: string; body: AdminUpdateUserBody }>({
      query: ({ id, body }) => ({ url: `users/admin/users/${id}`, method: 'PUT', body }),
      invalidatesTags: ['AdminUsers'],
    }),
    /** POST /users/admin/users/{id}/deactivate (ends the user's sessions). */
    deactivateUser: build.mutation<{ user: PublicUser }, string>({
      query: (id) => ({ url: `users/admin/users/${id}/deactivate`, method: 'POST' }),
      invalidatesTags: ['AdminUsers'],
    }),
    /** POST /users/admin/users/{id}/reactivate. */
    reactivateUser: build.mutation<{ user: PublicUser }, string>({
      query: (id) => ({ url: `users/admin/users/${id}/reactivate`, method: 'POST' }),
      invalidatesTags: ['AdminUsers'],
    }),
    /** GET /notification/sends: the recorded admin sends with read counts, 15 per page. */
    sends: build.query<Paged<NotificationSend>, number>({
      query: (page) => ({ url: 'notification/sends', params: { page, limit: 15 }, responseHandler: keepPagination }),
      providesTags: ['AdminSends'],
    }),
    /** POST /notification (multipart): a send to one user. */
    sendNotification: build.mutation<unknown, SendArgs>({
      query: (args) => ({ url: 'notification', method: 'POST', body: formOf(args, false) }),
      invalidatesTags: ['AdminSends'],
    }),
    /** POST /notification/broadcast (multipart): a send to every active user. */
    broadcast: build.mutation<unknown, SendArgs>({
      query: (args) => ({ url: 'notification/broadcast', method: 'POST', body: formOf(args, true) }),
      invalidatesTags: ['AdminSends'],
    }),
    /** DELETE /notification/sends/{id}: recalls the send from every recipient. */
    recallSend: build.mutation<unknown, string>({
      query: (id) => ({ url: `notification/sends/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminSends'],
    }),
    /** PUT /notification/read-all: marks the admin's own notifications read. */
    markMineRead: build.mutation<unknown, void>({
      query: () => ({ url: 'notification/read-all', method: 'PUT' }),
      invalidatesTags: ['AdminSends'],
    }),
  }),
});

export const {
  useAdminUsersQuery,
  useUpdateUserMutation,
  useDeactivateUserMutation,
  useReactivateUserMutation,
  useSendsQuery,
  useSendNotificationMutation,
  useBroadcastMutation,
  useRecallSendMutation,
  useMarkMineReadMutation,
} = adminApi;
