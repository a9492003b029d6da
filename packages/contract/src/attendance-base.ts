/**
 * The attendance fields and the record shape that both the attendance contract (`attendance.ts`:
 * catalogue, enrollments, records, percentages) and the timetable contract (`timetable.ts`) build
 * on, so neither imports the other's module back (docs/product-spec.md §3, §7; docs/design.md §4).
 * `attendance.ts` re-exports the public ones.
 */
import { z } from 'zod';
import { ATTENDANCE_MESSAGES as M, ATTENDANCE_STATUSES } from './attendance-ui.ts';
import { textInput } from './fields.ts';

/** An id field the caller sends (userId): required with `required`, at most 64 characters. */
export const idText = (required: string) =>
  z.preprocess(textInput, z.string({ error: required }).min(1, required).max(64, required));

/** The largest subject id: PostgreSQL's `integer` (subject ids are an identity column). */
export const SUBJECT_ID_MAX = 2_147_483_647;

/**
 * A subject id (docs/design.md §4's catalogue exception to UUIDv7 ids): a whole number
 * from 1 to {@link SUBJECT_ID_MAX}, sent as a JSON number or as a string of digits (`"12"`, what a
 * query string or a form holds); `required` when absent, `invalid` for anything else (a UUID
 * included).
 */
export function subjectIdField(required: string, invalid: string) {
  return z.preprocess(
    (v) => {
      const t = textInput(v);
      return typeof t === 'string' && /^\d{1,10}$/.test(t) ? Number(t) : t;
    },
    z
      .number({ error: (iss) => (iss.input === undefined ? required : invalid) })
      .int(invalid)
      .min(1, invalid)
      .max(SUBJECT_ID_MAX, invalid),
  );
}

/** A class day, `yyyy-MM-dd`: "Please select a date" when absent, else the invalid-date message. */
export const classDate = z.preprocess(
  textInput,
  z.iso.date({ error: (iss) => (iss.input === undefined ? M.dateRequired : M.dateInvalid) }),
);

/** An attendance record (docs/product-spec.md §3): `markedAt` is an ISO 8601 instant, `date` the class day. */
export const attendanceRecord = z.object({
  id: z.string(),
  userId: z.string(),
  subjectId: z.number().int(),
  date: z.string(),
  status: z.enum(ATTENDANCE_STATUSES),
  markedAt: z.string(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecord>;
