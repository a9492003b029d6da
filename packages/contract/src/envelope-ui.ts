/**
 * The envelope's zod-free part (docs/design.md §4): the generic messages every feature shares, so a
 * page can compare a server message without loading the schema library at start
 * (docs/decisions/0001-hydration-at-load.md). `envelope.ts` re-exports it.
 */
/** Generic messages shared by every feature (docs/design.md §4). */
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
  bodyTooLarge: 'The request body is too large (at most 1 MB).',
  tooManyParts: 'The form has too many parts.',
  urlTooLong: 'The request address is too long.',
  unsupportedMediaType: 'This content type is not supported.',
  /** 408 when a request body arrives too slowly (docs/security.md "Time limits"). */
  requestTimeout: 'The request took too long to arrive. Please try again.',
  /** 503 during a shutdown: another instance answers the retry (docs/security.md "Time limits"). */
  shuttingDown: 'The server is restarting. Please try again in a moment.',
  busy: 'The server is busy. Please try again in a moment.',
  /** 503 while the database is away: the client retries after `Retry-After`. */
  unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  ready: 'Ready',
  databaseDown: 'The database is not reachable.',
  listenerDown: 'Live notifications are reconnecting to the database.',
  /** `Idempotency-Key` answers (docs/design.md §9; IETF HTTP Idempotency-Key draft). */
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed. Please try again in a moment.',
  idempotencyMismatch: 'This Idempotency-Key was already used for a different request.',
} as const;
