/**
 * The timetable arithmetic against the hand-computed table of docs/attendance-outlook.md: a
 * two-week term with a holiday, two exam days, a cancelled class and an extra one.
 */
import { describe, expect, it } from 'vitest';
import type { TimetableClass } from '@campus/contract/institute';
import {
  afterSkipping,
  hasEnded,
  matchMarks,
  scheduleBetween,
  termOutlook,
  termOn,
  termOnOrNext,
  type Schedule,
} from './attendance.timetable.ts';

const X = { id: 1, code: 'CS301', name: 'Data Structures' };
const Y = { id: 2, code: 'CS302', name: 'Digital Logic Design' };
const cls = (day: TimetableClass['day'], start: string, end: string, subjectCode: string): TimetableClass => ({
  day,
  start,
  end,
  subjectCode,
  room: 'LH-1',
});

const schedule: Schedule = {
  classes: [
    cls('Monday', '09:00', '09:55', 'CS301'),
    cls('Wednesday', '09:00', '09:55', 'CS301'),
    cls('Friday', '09:00', '09:55', 'CS301'),
    cls('Tuesday', '10:00', '10:55', 'CS302'),
    cls('Tuesday', '11:00', '11:55', 'CS302'),
    cls('Thursday', '10:00', '10:55', 'CS302'),
    // A subject the student is not enrolled in: never theirs.
    cls('Monday', '10:00', '10:55', 'CS303'),
  ],
  subjects: new Map([
    [X.code, X],
    [Y.code, Y],
  ]),
  term: { name: 'Test term', start: '2026-08-03', end: '2026-08-14' },
  calendar: [
    { date: '2026-08-05', kind: 'holiday' },
    { date: '2026-08-13', endDate: '2026-08-14', kind: 'exam' },
    { date: '2026-08-07', kind: 'event' },
  ],
  changes: [
    { subjectId: X.id, date: '2026-08-10', kind: 'cancelled', start: '09:00', end: null },
    { subjectId: Y.id, date: '2026-08-08', kind: 'extra', start: '10:00', end: '11:00' },
  ],
};
const now = { today: '2026-08-11', time: '10:30' };

describe('the timetable arithmetic (docs/attendance-outlook.md)', () => {
  it('schedules the term: weekdays, less the holiday, the exams and the cancelled class, plus the extra one', () => {
    const all = scheduleBetween(schedule, '2026-08-01', '2026-08-31');
    expect(all.map((c) => `${c.date} ${c.start} ${c.code}${c.extra ? ' extra' : ''}`)).toEqual([
      '2026-08-03 09:00 CS301',
      '2026-08-04 10:00 CS302',
      '2026-08-04 11:00 CS302',
      '2026-08-06 10:00 CS302',
      '2026-08-07 09:00 CS301',
      '2026-08-08 10:00 CS302 extra',
      '2026-08-11 10:00 CS302',
      '2026-08-11 11:00 CS302',
      '2026-08-12 09:00 CS301',
    ]);
    expect(all[0]).toMatchObject({ subjectId: 1, name: 'Data Structures', room: 'LH-1', end: '09:55' });
  });

  it('tells ended classes from remaining ones at 10:30 on 2026-08-11', () => {
    const all = scheduleBetween(schedule, schedule.term.start, schedule.term.end);
    const ended = all.filter((c) => hasEnded(c, now));
    expect(ended.filter((c) => c.subjectId === X.id)).toHaveLength(2);
    expect(ended.filter((c) => c.subjectId === Y.id)).toHaveLength(4);
    expect(all.length - ended.length).toBe(3);
  });

  it('gives a subject’s marks of a day to its classes in time order; extra marks belong to none', () => {
    const day = scheduleBetween(schedule, '2026-08-04', '2026-08-04');
    const marks = [
      { subjectId: Y.id, date: '2026-08-04', markedAt: '2026-08-04T05:00:00Z', id: 'a' },
      { subjectId: X.id, date: '2026-08-04', markedAt: '2026-08-04T06:00:00Z', id: 'b' },
    ];
    expect(matchMarks(day, marks).map((m) => m?.id ?? null)).toEqual(['a', null]);
  });

  it('computes the hand-computed table', () => {
    // X: P 1, A 1, R 1 · Y: P 2, A 0, R 2 (held 4, two unmarked) · target 75.
    expect(termOutlook({ present: 1, absent: 1, remaining: 1, target: 75 })).toEqual({
      percentage: 50,
      canMiss: 0,
      mustAttend: 2,
      reachable: false,
      bestPercentage: 66.7,
    });
    expect(termOutlook({ present: 2, absent: 0, remaining: 2, target: 75 })).toEqual({
      percentage: 100,
      canMiss: 1,
      mustAttend: 0,
      reachable: true,
      bestPercentage: 100,
    });
    // The example: 24 remaining, "can miss 3" — P 30, A 6, R 24 at 75%:
    // ⌊(100·54 − 75·60) / 100⌋ = ⌊900 / 100⌋ = 9; with A 12: ⌊(5400 − 75·66) / 100⌋ = ⌊450 / 100⌋ = 4.
    expect(termOutlook({ present: 30, absent: 6, remaining: 24, target: 75 }).canMiss).toBe(9);
    expect(termOutlook({ present: 30, absent: 12, remaining: 24, target: 75 }).canMiss).toBe(4);
    // Below the target now (30 of 43, 69.8%) but not at the term's end: ⌊(5400 − 5025) / 100⌋ = 3 may
    // be missed, and 9 in a row bring it back: ⌈(75·43 − 3000) / 25⌉ = ⌈225 / 25⌉ = 9.
    expect(termOutlook({ present: 30, absent: 13, remaining: 24, target: 75 })).toMatchObject({
      percentage: 69.8,
      canMiss: 3,
      mustAttend: 9,
      reachable: true,
    });
    // No marks yet: a quarter of the remaining classes, rounded down.
    expect(termOutlook({ present: 0, absent: 0, remaining: 10, target: 75 })).toMatchObject({
      percentage: 0,
      canMiss: 2,
      mustAttend: 0,
    });
    // The term is over: nothing to miss, nothing left to attend.
    expect(termOutlook({ present: 3, absent: 3, remaining: 0, target: 75 })).toMatchObject({
      canMiss: 0,
      mustAttend: 6,
      reachable: false,
      bestPercentage: 50,
    });
  });

  it('puts a planned day off into the percentage: skipping Wednesday takes X to 33.3%', () => {
    expect(afterSkipping({ present: 1, absent: 1, attended: 0, skipped: 1 })).toBe(33.3);
    expect(afterSkipping({ present: 2, absent: 0, attended: 2, skipped: 0 })).toBe(100);
    expect(afterSkipping({ present: 15, absent: 5, attended: 2, skipped: 3 })).toBe(68);
  });

  it('finds the term of a date', () => {
    expect(termOn([schedule.term], '2026-08-14')?.name).toBe('Test term');
    expect(termOn([schedule.term], '2026-08-15')).toBeNull();
  });

  it('between terms, the outlook is about the next one (the demo institute’s odd and even semesters)', () => {
    const odd = { name: 'Odd semester 2026', start: '2026-07-27', end: '2026-11-21' };
    const even = { name: 'Even semester 2027', start: '2027-01-04', end: '2027-04-30' };
    const later = { name: 'Odd semester 2027', start: '2027-07-26', end: '2027-11-20' };
    // Listed out of order on purpose: the first to start wins.
    const terms = [later, even, odd];
    expect(termOnOrNext(terms, '2026-11-21')).toBe(odd);
    expect(termOn(terms, '2026-11-28')).toBeNull();
    expect(termOnOrNext(terms, '2026-11-28')).toBe(even);
    expect(termOnOrNext(terms, '2027-01-04')).toBe(even);
    expect(termOnOrNext(terms, '2027-12-01')).toBeNull();
  });
});
