/**
 * RTK Query endpoints of the users area (docs/product-spec.md §7, docs/design.md §4–§5), injected into the shared `api`.
 * Every endpoint returns the envelope's `data` (see `lib/api.ts`); the ones whose reply carries only
 * a message return `{ message }` so the screen can show the server's text. Results that change the
 * session are reported to the auth slice here (signedIn, userUpdated, sessionEnded, errors).
 */
import type {
  ChangePasswordBody,
  LoginBody,
  SigninLinkBody,
  SignupBody,
  UpdateProfileBody,
  UserData,
  VerifyEmailBody,
} from '@campus/contract/users';
import { AUTH_UI } from '@campus/contract/users-ui';
import { api, toApiError, type EnvelopeMeta } from '../../lib/api';
import { loginErrorMessage, signupErrorMessage } from './auth-errors';
import {
  AUTH_CHECK_TIMEOUT_MS,
  authRequestFailed,
  authRequestStarted,
  redirectDone,
  sessionEnded,
  signedIn,
  signedUp,
  userUpdated,
} from '../../lib/auth-slice';

/** Reply of the calls that only carry a message. */
export interface MessageReply {
  message: string;
}

const toMessage = (_data: unknown, meta: EnvelopeMeta | undefined): MessageReply => ({ message: meta?.message ?? '' });

/**
 * What PUT /users/update answers: `{ user, roles }` and the server's message — "Profile updated
 * successfully!", followed by the default enrolment's "You were enrolled in 6 subjects for …" when
 * the save enrolled the student.
 */
export interface ProfileSaved extends UserData {
  message: string;
}

/** The attendance tags a profile save can make stale (its default enrolment adds enrollments). */
const withEnrollmentTags = api.enhanceEndpoints({ addTagTypes: ['Enrollment', 'AttendanceStats'] });

export const usersApi = withEnrollmentTags.injectEndpoints({
  endpoints: (build) => {
    /**
     * A mutation that posts `{ token, password }` to a mailed link's route and, on success, is
     * signed in: the auth slice gets the user and the `current` query its answer.
     */
    const signInWithLink = <Body>(url: string) =>
      build.mutation<UserData & MessageReply, Body>({
        query: (body) => ({ url, method: 'POST', body }),
        transformResponse: (data: UserData, meta: EnvelopeMeta | undefined) => ({
          ...data,
          message: meta?.message ?? '',
        }),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (!data?.user) return;
          const userData = { user: data.user, roles: data.roles };
          dispatch(signedIn(userData));
          dispatch(redirectDone());
          dispatch(usersApi.util.upsertQueryData('current', undefined, userData));
        },
      });
    return {
      /** GET /users/current → `{ user, roles }`; 401 when signed out; 3 s time-out (docs/product-spec.md §4). */
      current: build.query<UserData, void>({
        query: () => ({ url: 'users/current', timeout: AUTH_CHECK_TIMEOUT_MS }),
        providesTags: ['CurrentUser'],
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(userUpdated(data));
          } catch (failure) {
            if (toApiError((failure as { error?: unknown }).error).status === 401) dispatch(sessionEnded());
          }
        },
      }),
      /**
       * POST /users/login → `{ user, roles }`. 403 unverified/deactivated or the step-up (a sign-in
       * link was mailed), 401 invalid, 429 slowed down (docs/product-spec.md §8).
       */
      login: build.mutation<UserData, LoginBody>({
        query: (body) => ({ url: 'users/login', method: 'POST', body }),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          dispatch(authRequestStarted());
          try {
            const { data } = await queryFulfilled;
            if (!data?.user) {
              dispatch(authRequestFailed(AUTH_UI.loginInvalidResponse));
              return;
            }
            dispatch(signedIn(data));
            dispatch(usersApi.util.upsertQueryData('current', undefined, data));
          } catch (failure) {
            dispatch(authRequestFailed(loginErrorMessage(toApiError((failure as { error?: unknown }).error))));
          }
        },
      }),
      /** POST /users/signup → 201 (also for a registered address: no enumeration); 400 field errors. */
      signup: build.mutation<MessageReply, SignupBody>({
        query: (body) => ({ url: 'users/signup', method: 'POST', body }),
        transformResponse: toMessage,
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          dispatch(authRequestStarted());
          try {
            await queryFulfilled;
            dispatch(signedUp());
          } catch (failure) {
            dispatch(authRequestFailed(signupErrorMessage(toApiError((failure as { error?: unknown }).error))));
          }
        },
      }),
      /** POST /users/logout. The client clears its session whatever the answer (docs/product-spec.md §4). */
      logout: build.mutation<MessageReply, void>({
        query: () => ({ url: 'users/logout', method: 'POST' }),
        transformResponse: toMessage,
      }),
      /**
       * POST /users/verify-email `{ token, password }` → `{ user, roles }` and a session (signed in);
       * 400 invalid token or a password that is not the one chosen with this link (`errors.password`),
       * 410 used or expired (docs/design.md §5).
       */
      verifyEmail: signInWithLink<VerifyEmailBody>('users/verify-email'),
      /**
       * POST /users/signin-link `{ token, password }` (the step-up, docs/security.md) → `{ user, roles }` and
       * a session; 400 invalid link or a wrong password (`errors.password`), 410 used or expired.
       */
      signinLink: signInWithLink<SigninLinkBody>('users/signin-link'),
      /** POST /users/resend-verification `{ email }` → always 200 (no account enumeration). */
      /**
       * DELETE /users/me/deletion `{ email, password }` ("Keep my account", docs/privacy.md): a
       * closed account within its grace is restored; the caller then signs in.
       */
      keepAccount: build.mutation<MessageReply, { email: string; password: string }>({
        query: (body) => ({ url: 'users/me/deletion', method: 'DELETE', body }),
        transformResponse: toMessage,
      }),
      /**
       * POST /users/me/deletion `{ password, confirmation }`: closes the account (docs/privacy.md);
       * `eraseAfter` is when it will be erased.
       */
      deleteAccount: build.mutation<{ eraseAfter: string }, { password: string; confirmation: string }>({
        query: (body) => ({ url: 'users/me/deletion', method: 'POST', body }),
      }),
      resendVerification: build.mutation<MessageReply, { email: string }>({
        query: (body) => ({ url: 'users/resend-verification', method: 'POST', body }),
        transformResponse: toMessage,
      }),
      /** POST /users/forgot-password `{ email }` → always 200. */
      forgotPassword: build.mutation<MessageReply, { email: string }>({
        query: (body) => ({ url: 'users/forgot-password', method: 'POST', body }),
        transformResponse: toMessage,
      }),
      /** POST /users/reset-password `{ token, password }` → 200; 400 invalid, 410 used or expired. */
      resetPassword: build.mutation<MessageReply, { token: string; password: string }>({
        query: (body) => ({ url: 'users/reset-password', method: 'POST', body }),
        transformResponse: toMessage,
      }),
      /** POST /users/change-password → 200; 400 with `errors.currentPassword` when it is wrong. */
      changePassword: build.mutation<MessageReply, ChangePasswordBody>({
        query: (body) => ({ url: 'users/change-password', method: 'POST', body }),
        transformResponse: toMessage,
      }),
      /**
       * PUT /users/update (name, branch, semester, hostel only) → `{ user, roles }` and the message;
       * 400 per-field errors. The first save of a branch and semester may enrol the student
       *: enrollments and percentages are fetched again.
       */
      updateProfile: build.mutation<ProfileSaved, UpdateProfileBody>({
        query: (body) => ({ url: 'users/update', method: 'PUT', body }),
        transformResponse: (data: UserData, meta: EnvelopeMeta | undefined) => ({
          ...data,
          message: meta?.message ?? '',
        }),
        invalidatesTags: (result) => (result ? ['Enrollment', 'AttendanceStats'] : []),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (!data) return;
          const { message: _message, ...user } = data;
          dispatch(userUpdated(user));
          dispatch(usersApi.util.upsertQueryData('current', undefined, user));
        },
      }),
      /** POST /users/avatar, multipart with the file part `avatar` → `{ user, roles }`; 413 too large, 400 not an image. */
      uploadAvatar: build.mutation<UserData, Blob>({
        query: (file) => {
          const form = new FormData();
          form.append('avatar', file, file instanceof File ? file.name : 'avatar.jpg');
          return { url: 'users/avatar', method: 'POST', body: form };
        },
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (!data) return;
          dispatch(userUpdated(data));
          dispatch(usersApi.util.upsertQueryData('current', undefined, data));
        },
      }),
    };
  },
});

export const {
  useCurrentQuery,
  useLoginMutation,
  useSignupMutation,
  useVerifyEmailMutation,
  useSigninLinkMutation,
  useResendVerificationMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useChangePasswordMutation,
  useUpdateProfileMutation,
  useUploadAvatarMutation,
  useKeepAccountMutation,
  useDeleteAccountMutation,
} = usersApi;
