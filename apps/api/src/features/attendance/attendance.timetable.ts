/**
 * The timetable arithmetic of attendance (docs/attendance-outlook.md), pure so it is tested against
 * a hand-computed table: which classes a student has on which dates (weekly timetable × term −
 * days without classes, with their own extra and cancelled classes), which have ended by now,
 * which marks belong to which class, and the term's outlook per subject. Dates are `yyyy-MM-dd`
 * and times `HH:mm`, both in the institute's time zone; percentages have one decimal.
 */
import type { AcademicTerm, TimetableClass } from '@campus/contract/institute';
import { WEEKDAYS } from '@campus/contract/institute';
import type { ClassChangeKind, ScheduledClass } from '@campus/contract/attendance';

/** A subject of the catalogue, as the timetable names it by code. */
export interface TimetableSubject {
  id: number;
  code: string;
  name: string;
}

/** A student's change to their week (the `class_changes` row, in its API terms). */
export interface WeekChange {
  subjectId: number;
  date: string;
  kind: ClassChangeKind;
  start: string;
  end: string | null;
}

/** Calendar entries that stop classes: holidays and examinations, single days or ranges. */
export interface DayOff {
  date: string;
  endDate?: string;
  kind: string;
}

/** The calendar kinds on which no timetable class is held. */
export const NO_CLASS_KINDS: readonly string[] = ['holiday', 'exam'];

/** The term that holds `date`, or null. */
export function termOn(terms: readonly AcademicTerm[], date: string): AcademicTerm | null {
  return terms.find((t) => t.start <= date && date <= t.end) ?? null;
}

/**
 * The term the outlook is about on `date` (docs/attendance-outlook.md "Between terms"): the one that
 * holds `date`, else the first to start after it, else null.
 */
export function termOnOrNext(terms: readonly AcademicTerm[], date: string): AcademicTerm | null {
  const next = terms.filter((t) => t.start > date).sort((a, b) => compare(a.start, b.start))[0];
  return termOn(terms, date) ?? next ?? null;
}

/** Whether classes stop on `date`: a holiday or an examination of the calendar covers it. */
export function isDayOff(calendar: readonly DayOff[], date: string): boolean {
  return calendar.some((e) => NO_CLASS_KINDS.includes(e.kind) && e.date <= date && date <= (e.endDate ?? e.date));
}

/** The inputs of {@link scheduleBetween}. */
export interface Schedule {
  /** The weekly classes of the student's branch and semester. */
  classes: readonly TimetableClass[];
  /** The student's enrolled subjects by code: classes of other subjects are not theirs. */
  subjects: ReadonlyMap<string, TimetableSubject>;
  term: AcademicTerm;
  calendar: readonly DayOff[];
  changes: readonly WeekChange[];
}

/**
 * The student's classes from `from` to `to` (inclusive, clipped to the term), ordered by date and
 * start: each term day that is not a day off gets its weekday's timetable classes of enrolled
 * subjects, less the ones the student cancelled; the student's extra classes are added on any
 * term day.
 */
export function scheduleBetween(s: Schedule, from: string, to: string): ScheduledClass[] {
  const byId = new Map([...s.subjects.values()].map((subject) => [subject.id, subject]));
  const cancelled = new Set(
    s.changes.filter((c) => c.kind === 'cancelled').map((c) => `${c.subjectId}|${c.date}|${c.start}`),
  );
  const out: ScheduledClass[] = [];
  const first = from > s.term.start ? from : s.term.start;
  const last = to < s.term.end ? to : s.term.end;
  // Calendar days as UTC midnights: plain date arithmetic, no time zone (the dates are the institute's).
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    if (isDayOff(s.calendar, date)) continue;
    const day = WEEKDAYS[(new Date(t).getUTCDay() + 6) % 7];
    for (const c of s.classes) {
      const subject = s.subjects.get(c.subjectCode);
      if (c.day !== day || !subject || cancelled.has(`${subject.id}|${date}|${c.start}`)) continue;
      out.push(classOn(date, c.start, c.end, subject, c.room ?? null, false));
    }
  }
  for (const c of s.changes) {
    const subject = byId.get(c.subjectId);
    if (c.kind !== 'extra' || !subject || c.date < first || c.date > last) continue;
    out.push(classOn(c.date, c.start, c.end ?? c.start, subject, null, true));
  }
  return out.sort((a, b) => (a.date === b.date ? compare(a.start, b.start) : compare(a.date, b.date)));
}

function classOn(
  date: string,
  start: string,
  end: string,
  subject: TimetableSubject,
  room: string | null,
  extra: boolean,
): ScheduledClass {
  return { date, start, end, subjectId: subject.id, code: subject.code, name: subject.name, room, extra };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const DAY_MS = 86_400_000;

/** Whether a class has ended by `now` (`today` and the time `HH:mm`). */
export function hasEnded(c: { date: string; end: string }, now: { today: string; time: string }): boolean {
  return c.date < now.today || (c.date === now.today && c.end <= now.time);
}

/** A mark, in the terms {@link matchMarks} needs. */
export interface Mark {
  subjectId: number;
  date: string;
  /** When it was marked (an instant): the earlier mark goes to the earlier class. */
  markedAt: Date | string;
}

/**
 * Gives each class the mark it holds: a subject's marks of a date go to its classes of that date
 * in time order (the first mark to the first class), so two lab hours take two marks. Returns one
 * entry per class, the mark or null; marks beyond the day's classes belong to none.
 */
export function matchMarks<M extends Mark>(classes: readonly ScheduledClass[], marks: readonly M[]): (M | null)[] {
  const queue = new Map<string, M[]>();
  const timed = marks.map((m) => ({ m, at: +new Date(m.markedAt) })).sort((a, b) => a.at - b.at);
  for (const { m } of timed) {
    const key = `${m.subjectId}|${m.date}`;
    const list = queue.get(key);
    if (list) list.push(m);
    else queue.set(key, [m]);
  }
  return classes.map((c) => queue.get(`${c.subjectId}|${c.date}`)?.shift() ?? null);
}

/** The counts of {@link termOutlook}: marks, classes held by the timetable and still to come. */
export interface OutlookCounts {
  present: number;
  absent: number;
  remaining: number;
  /** Whole percent, 1–99. */
  target: number;
}

/** A percentage with one decimal, 0 when `total` is 0. */
export function percent(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((1000 * part) / total) / 10;
}

/**
 * The term's outlook of one subject (docs/attendance-outlook.md), in exact integer arithmetic,
 * with P present, A absent, R remaining and target T%:
 * - `canMiss` = ⌊(100(P + R) − T(P + A + R)) / 100⌋, clipped to 0…R: how many of the remaining
 *   classes may be missed with the end-of-term percentage still at T or above;
 * - `mustAttend` = ⌈(T(P + A) − 100P) / (100 − T)⌉ when P / (P + A) is below T, else 0: classes to
 *   attend in a row to be back at T; `reachable` is false when that is more than R;
 * - `bestPercentage` = (P + R) / (P + A + R), attending every remaining class.
 * Unmarked past classes are not guessed: they are in none of these figures.
 */
export function termOutlook({ present: p, absent: a, remaining: r, target: t }: OutlookCounts) {
  const slack = 100 * (p + r) - t * (p + a + r);
  const canMiss = slack < 0 ? 0 : Math.min(r, Math.floor(slack / 100));
  const deficit = t * (p + a) - 100 * p;
  const mustAttend = deficit > 0 ? Math.ceil(deficit / (100 - t)) : 0;
  return {
    percentage: percent(p, p + a),
    canMiss,
    mustAttend,
    reachable: mustAttend <= r,
    bestPercentage: percent(p + r, p + a + r),
  };
}

/**
 * The percentage right after a day-off plan: the `attended` classes before the last planned day
 * counted as present, the `skipped` ones as absent (docs/attendance-outlook.md).
 */
export function afterSkipping(p: { present: number; absent: number; attended: number; skipped: number }): number {
  return percent(p.present + p.attended, p.present + p.absent + p.attended + p.skipped);
}
