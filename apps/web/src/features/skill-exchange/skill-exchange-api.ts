/**
 * RTK Query endpoints of skill exchange (docs/product-spec.md §7, docs/design.md §4), injected into the shared
 * `api`. The spec's five calls read top-level keys (the base query hands over the whole body);
 * the inbox is a paginated list ({@link toPage}). Adding or deleting a skill reloads skills, my
 * skills and matches (docs/product-spec.md §4); the page shows their outcome in its message box (docs/product-spec.md §2), so those
 * mutations declare no toasts. Accept, decline and cancel declare theirs ({@link toastOutcome}).
 */
import {
  SKILL_MESSAGES as M,
  SKILL_ERROR_MS,
  SKILL_SUCCESS_MS,
  type SkillRequestBox,
} from '@campus/contract/skill-exchange-ui';
import type {
  AddSkillBody,
  Match,
  SkillRequest,
  SendRequestBody,
  Skill,
  UserSkill,
} from '@campus/contract/skill-exchange';
import { api, toPage, type Page } from '../../lib/api';
import { invalidateOnChange } from '../../lib/live-changes';
import { toastOutcome } from '../../lib/mutation-toast';

const TAG = 'SkillExchange' as const;
const withTags = api.enhanceEndpoints({ addTagTypes: [TAG] });
const SKILLS = { type: TAG, id: 'SKILLS' } as const;
const MINE = { type: TAG, id: 'MINE' } as const;
const MATCHES = { type: TAG, id: 'MATCHES' } as const;
const REQUESTS = { type: TAG, id: 'REQUESTS' } as const;
// A request sent, accepted, declined or withdrawn (the stream tells only its two parties) moves the
// inbox and the match cards' request state and contact.
invalidateOnChange(withTags, 'skill-request', () => [REQUESTS, MATCHES]);

export const skillExchangeApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /skill-exchange/skills → every skill name (learn dropdown). */
    listSkills: build.query<Skill[], void>({
      query: () => 'skill-exchange/skills',
      transformResponse: (body: { skills: Skill[] }) => body.skills,
      providesTags: [SKILLS],
    }),
    /** GET /skill-exchange/my-skills → `{ teach, learn }`. */
    mySkills: build.query<{ teach: UserSkill[]; learn: UserSkill[] }, void>({
      query: () => 'skill-exchange/my-skills',
      transformResponse: (body: { teach: UserSkill[]; learn: UserSkill[] }) => ({
        teach: body.teach,
        learn: body.learn,
      }),
      providesTags: [MINE],
    }),
    /** GET /skill-exchange/matches → best first. */
    matches: build.query<Match[], void>({
      query: () => 'skill-exchange/matches',
      transformResponse: (body: { matches: Match[] }) => body.matches,
      providesTags: [MATCHES],
    }),
    /** POST /skill-exchange/add-skill → the new user skill. */
    addSkill: build.mutation<UserSkill, AddSkillBody>({
      query: (body) => ({ url: 'skill-exchange/add-skill', method: 'POST', body }),
      transformResponse: (body: { userSkill: UserSkill }) => body.userSkill,
      invalidatesTags: [SKILLS, MINE, MATCHES],
    }),
    /** DELETE /skill-exchange/user-skill/{id}. */
    deleteUserSkill: build.mutation<unknown, string>({
      query: (id) => ({ url: `skill-exchange/user-skill/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [MINE, MATCHES],
    }),
    /** POST /skill-exchange/request → the request. */
    sendRequest: build.mutation<SkillRequest, SendRequestBody>({
      query: (body) => ({ url: 'skill-exchange/request', method: 'POST', body }),
      transformResponse: (body: { request: SkillRequest }) => body.request,
      invalidatesTags: [MATCHES, REQUESTS],
    }),
    /** GET /skill-exchange/requests?box=… → a page of requests, newest first. */
    listRequests: build.query<Page<SkillRequest>, { box: SkillRequestBox; page?: number; limit?: number }>({
      query: (params) => ({ url: 'skill-exchange/requests', params }),
      transformResponse: toPage<SkillRequest>,
      providesTags: [REQUESTS],
    }),
    /** POST /skill-exchange/requests/{id}/accept with an optional WhatsApp number. */
    acceptRequest: build.mutation<SkillRequest, { id: string; phone?: string }>({
      query: ({ id, phone }) => ({ url: `skill-exchange/requests/${id}/accept`, method: 'POST', body: { phone } }),
      invalidatesTags: [REQUESTS, MATCHES],
      onQueryStarted: toastOutcome({
        success: M.accepted,
        error: (e) => e.serverMessage ?? M.failedAccept,
        ms: SKILL_SUCCESS_MS,
      }),
    }),
    /** POST /skill-exchange/requests/{id}/decline. */
    declineRequest: build.mutation<SkillRequest, string>({
      query: (id) => ({ url: `skill-exchange/requests/${id}/decline`, method: 'POST' }),
      invalidatesTags: [REQUESTS, MATCHES],
      onQueryStarted: toastOutcome({
        success: M.declined,
        error: (e) => e.serverMessage ?? M.failedDecline,
        ms: SKILL_ERROR_MS,
      }),
    }),
    /** POST /skill-exchange/requests/{id}/cancel. */
    cancelRequest: build.mutation<SkillRequest, string>({
      query: (id) => ({ url: `skill-exchange/requests/${id}/cancel`, method: 'POST' }),
      invalidatesTags: [REQUESTS, MATCHES],
      onQueryStarted: toastOutcome({
        success: M.cancelled,
        error: (e) => e.serverMessage ?? M.failedCancel,
        ms: SKILL_ERROR_MS,
      }),
    }),
  }),
});

export const {
  useListSkillsQuery,
  useMySkillsQuery,
  useMatchesQuery,
  useAddSkillMutation,
  useDeleteUserSkillMutation,
  useSendRequestMutation,
  useListRequestsQuery,
  useAcceptRequestMutation,
  useDeclineRequestMutation,
  useCancelRequestMutation,
} = skillExchangeApi;
