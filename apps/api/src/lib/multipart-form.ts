/**
 * The one upload reader: a create/update form that may be multipart (text parts + one
 * file part) or JSON, its fields validated with a contract schema (docs/design.md §4: an empty text part
 * counts as absent, an absent file part keeps the current file). Listings read theirs with
 * {@link readFormWithImage}; notifications (file part `file`) and the avatar (part `avatar`,
 * required) with {@link readUpload}. Also refuses text PostgreSQL cannot store (U+0000) in any
 * request input.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { COMMON_MESSAGES } from '@campus/contract/envelope';
import { FILE_MESSAGES } from '@campus/contract/files';
import { AppError, validationError } from './errors.ts';
import { processUpload, type ProcessedFile } from './images.ts';

/** The text fields (strings from multipart, any JSON value from JSON) and the file, if one was sent. */
interface FormInput {
  fields: Record<string, unknown>;
  /** Bytes of the file part named `fileField`; null when absent or empty (no file chosen). */
  file: Buffer | null;
}

/**
 * Runs `read`, which consumes a multipart body. The parser's own errors (a truncated body, a
 * missing boundary, a malformed part header) are the client's fault and become 400 "The request
 * body is not a valid multipart form."; 4xx errors (the size and count limits answer 413) and
 * AppErrors pass through unchanged.
 */
async function readMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    const status = (err as { statusCode?: unknown }).statusCode;
    if (err instanceof AppError || (typeof status === 'number' && status >= 400 && status < 500)) throw err;
    throw new AppError(400, COMMON_MESSAGES.malformedMultipart);
  }
}

/**
 * Reads the request body. Multipart: every text part becomes a field (empty ones are dropped);
 * the part named `fileField` is buffered (the multipart plugin's limit answers 413 beyond
 * 5 MiB - 1); other file parts are drained and ignored; a malformed body answers 400
 * ({@link readMultipart}). JSON: the body object is the fields.
 */
async function readForm(req: FastifyRequest, fileField: string): Promise<FormInput> {
  if (!req.isMultipart()) {
    const body = req.body;
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as object) } : {};
    return { fields, file: null };
  }
  return readMultipart(async () => {
    const fields: Record<string, unknown> = {};
    let file: Buffer | null = null;
    const digest = createHash('sha256');
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        digest.update(`${JSON.stringify(['file', part.fieldname, part.filename, bytes.length])}\n`).update(bytes);
        if (part.fieldname === fileField && bytes.length > 0) file = bytes;
      } else {
        digest.update(`${JSON.stringify(['field', part.fieldname, part.value])}\n`);
        if (typeof part.value === 'string' && part.value !== '') fields[part.fieldname] = part.value;
      }
    }
    req.formDigest = digest.digest('hex');
    refuseNul(fields);
    return { fields, file };
  });
}

/**
 * Reads a multipart body only for its digest (a repeated `Idempotency-Key` request whose handler
 * will not run; lib/idempotency.ts) and returns it: SHA-256 hex over every part's name, file name
 * and bytes or value, in order — not the boundary, which a client's retry may change. Throws what
 * {@link readForm} throws (400 malformed, 413 too large).
 */
export async function readFormDigest(req: FastifyRequest): Promise<string> {
  await readForm(req, '');
  return req.formDigest!;
}

/**
 * True when `value` (a string, or strings nested in arrays and objects, keys included) holds U+0000.
 * Walks with an explicit stack, so a body nested thousands of levels deep is no stack overflow.
 */
function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      pending.push(...v);
    } else if (v && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) pending.push(k, inner);
    }
  }
  return false;
}

/**
 * Refuses input PostgreSQL cannot store: `text` may not hold U+0000, so any string containing it
 * answers 400 "Text may not contain the NUL character." before it reaches a query (docs/design.md §4: bad
 * input is a 4xx, never a 5xx).
 */
export function refuseNul(...values: unknown[]): void {
  if (values.some(containsNul)) throw new AppError(400, COMMON_MESSAGES.nulCharacter);
}

/** A lone UTF-16 surrogate: half of a pair, which no Unicode text holds (a valid pair is one code point here). */
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * Replaces each lone UTF-16 surrogate in the strings of `value` (nested in arrays and objects, in
 * place; a top-level string is returned mended) with U+FFFD, as UTF-8 encoding does when a `text`
 * column stores one — a JSON body can carry one as a `\ud800` escape (a client that cut an emoji
 * in half), and a `jsonb` value (an audit entry) refuses it, which was a 500 (docs/design.md §4:
 * bad input is a 4xx or is mended, never a 5xx). Object keys are left as they are: the contract's
 * schemas drop unknown keys. Walks with an explicit stack, as {@link containsNul}.
 */
export function mendSurrogates<T>(value: T): T {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD') as T;
  const pending: unknown[] = [value];
  while (pending.length) {
    const v = pending.pop();
    if (!v || typeof v !== 'object') continue;
    for (const [k, inner] of Object.entries(v)) {
      if (typeof inner === 'string') {
        const mended = inner.replace(LONE_SURROGATE, '\uFFFD');
        if (mended !== inner) (v as Record<string, unknown>)[k] = mended;
      } else if (inner && typeof inner === 'object') pending.push(inner);
    }
  }
  return value;
}

/** Turns zod issues into `{ field: message }` (first message per field). */
function issuesToErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Validates `input` with `schema`; throws 400 with `errors: { field: message }` (docs/design.md §4). */
function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(issuesToErrors(result.error.issues));
  return result.data;
}

/**
 * Runs an uploaded form image through the pipeline (`processUpload`, docs/design.md §6) on behalf of
 * `owner` (the uploader's user id: their place in the fair image queue) and, on refusal, rethrows
 * the same status, message and headers (a 503's `Retry-After`) with
 * `errors: { [field]: message }` so forms can show it next to the picker. Returns null when no
 * file was sent.
 */
async function processFormImage(file: Buffer | null, field = 'image', owner?: string): Promise<ProcessedFile | null> {
  if (!file) return null;
  try {
    return await processUpload(file, { owner });
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.statusCode, err.message, { [field]: err.message }, err.headers);
    throw err;
  }
}

/** How {@link readUpload} reads the file part. */
export interface UploadOptions {
  /** The multipart file part to keep (default `image`); other file parts are drained and ignored. */
  fileField?: string;
  /** When true, a form without that file answers 400 "Please choose a file to upload." (the avatar). */
  fileRequired?: boolean;
  /**
   * A step on the raw fields before they are validated: a refusal that must come before 400
   * (docs/design.md §4 order: a student naming another user's `userId` on a notification is 403), or a
   * normalisation (a ride's departure without an offset read in the institute's zone).
   */
  beforeValidation?: (fields: Record<string, unknown>) => void;
}

/**
 * Reads a form (multipart or JSON, {@link readForm}), runs `beforeValidation`, validates its text
 * fields with `schema` (400 with the contract's messages) and returns them with the bytes of the
 * file part `fileField` (null when none was sent; 400 `errors: { [fileField]: … }` when
 * `fileRequired`). The file is not processed here: the caller runs it through the pipeline
 * (docs/design.md §6) once the record's checks have passed.
 */
export async function readUpload<S extends z.ZodType>(
  req: FastifyRequest,
  schema: S,
  options: UploadOptions & { fileRequired: true },
): Promise<{ body: z.infer<S>; file: Buffer }>;
export async function readUpload<S extends z.ZodType>(
  req: FastifyRequest,
  schema: S,
  options?: UploadOptions,
): Promise<{ body: z.infer<S>; file: Buffer | null }>;
export async function readUpload<S extends z.ZodType>(
  req: FastifyRequest,
  schema: S,
  { fileField = 'image', fileRequired = false, beforeValidation }: UploadOptions = {},
): Promise<{ body: z.infer<S>; file: Buffer | null }> {
  const form = await readForm(req, fileField);
  beforeValidation?.(form.fields);
  const body = parseFields(schema, form.fields);
  if (fileRequired && !form.file) throw new AppError(400, FILE_MESSAGES.noFile, { [fileField]: FILE_MESSAGES.noFile });
  return { body, file: form.file };
}

/**
 * Reads a listing's create/update form ({@link readUpload}) and runs its photo part `fileField`
 * through the image pipeline in the signed-in user's fair-queue line (null when none was sent), in
 * the order of docs/design.md §4.
 */
export async function readFormWithImage<S extends z.ZodType>(
  req: FastifyRequest,
  schema: S,
  options: Omit<UploadOptions, 'fileRequired'> = {},
): Promise<{ body: z.infer<S>; image: ProcessedFile | null }> {
  const fileField = options.fileField ?? 'image';
  const { body, file } = await readUpload(req, schema, options);
  const image = await processFormImage(file, fileField, req.user?.id);
  return { body, image };
}
