/**
 * The API envelope (DESIGN §4): every response is `{ success, message, data? }` on success or
 * `{ success: false, message, errors? }` on failure, with a real HTTP status.
 */
import { z } from 'zod';

/** Failure body: `message` is the spec text of the first failing field; `errors` maps field → message. */
export const apiFailure = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiFailure = z.infer<typeof apiFailure>;

/** Builds the success envelope schema around a `data` schema. */
export function apiSuccess<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

/** Success envelope without data. */
export const apiOk = z.object({ success: z.literal(true), message: z.string() });

/** Pagination query (DESIGN §4): `page` from 1, `limit` default 20, cap 100. */
export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

/** `pagination` key placed beside `data` on paginated lists. */
export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof pagination>;

/** Generic messages shared by every feature (DESIGN §4). */
export const COMMON_MESSAGES = {
  ok: 'OK',
  notSignedIn: 'Not authenticated',
  forbidden: 'You do not have permission to do that.',
  adminOnly: 'Permission denied: Admin access required.',
  notFound: 'Not found',
  malformedJson: 'The request body is not valid JSON.',
  malformedMultipart: 'The request body is not a valid multipart form.',
  invalidInput: 'Invalid input.',
  nulCharacter: 'Text may not contain the NUL character.',
  csrf: 'Cross-site request refused.',
  rateLimited: 'Too many requests. Please try again later.',
  serverError: 'Server error. Please try again later.',
  tooLarge: 'Image size should be less than 5MB',
} as const;
