/**
 * Errors with an HTTP status and the contract's message (docs/design.md §4). Services throw these; the
 * app's error handler turns them into the failure envelope.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly errors?: Record<string, string>;
  readonly headers?: Record<string, string>;

  constructor(statusCode: number, message: string, errors?: Record<string, string>, headers?: Record<string, string>) {
    super(message);
    this.statusCode = statusCode;
    this.errors = errors;
    this.headers = headers;
  }
}

/** 400 with per-field messages; `message` is the first field's message (docs/design.md §4). */
export function validationError(errors: Record<string, string>): AppError {
  return new AppError(400, Object.values(errors)[0] ?? 'Invalid input.', errors);
}

/**
 * Throws an {@link AppError} with `status` and `message` — inside a transaction it rolls the
 * transaction back and answers with them (e.g. 409 "no seats left").
 */
export function refuse(status: number, message: string): never {
  throw new AppError(status, message);
}

/**
 * The PostgreSQL error code of a failed query (`23505` unique violation, …), or undefined. Drizzle
 * wraps the driver's error in `cause`; PGlite and node-postgres both set `code`.
 */
export function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const gone = (message: string) => new AppError(410, message);
export const tooLarge = (message: string) => new AppError(413, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
