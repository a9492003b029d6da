/**
 * Errors with an HTTP status and the contract's message (DESIGN §4). Services throw these; the
 * app's error handler turns them into the failure envelope.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** 400 with per-field messages; `message` is the first field's message (DESIGN §4). */
export function validationError(errors: Record<string, string>): AppError {
  return new AppError(400, Object.values(errors)[0] ?? 'Invalid input.', errors);
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
