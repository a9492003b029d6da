/**
 * The line under the rate bar (docs/attendance-outlook.md, docs/design.md §8): from the marks and
 * the target to the sentence, with `canMiss` / `mustAttend` worked out by the contract's
 * arithmetic as the API does. With neither, the line says where the student really stands.
 */
import { describe, expect, it } from 'vitest';
import { attendanceOutlook, type AttendanceStats } from '@campus/contract/attendance';
import { outlookLine } from './attendance-outlook';

/** The figures the API sends for `present` of `present + absent` classes at `target`%. */
function stats(present: number, absent: number, target: number): AttendanceStats {
  const total = present + absent;
  return {
    percentage: total ? Math.round((1000 * present) / total) / 10 : 0,
    presentDays: present,
    absentDays: absent,
    totalDays: total,
    target,
    ...attendanceOutlook(present, total, target),
  };
}

describe('outlookLine', () => {
  it.each([
    // present, absent, target → sentence
    [0, 0, 75, null],
    [2, 0, 75, 'You are at 100.0%: missing the next class takes you below 75%'],
    [1, 0, 75, 'You are at 100.0%: missing the next class takes you below 75%'],
    [4, 1, 75, 'You are at 80.0%: missing the next class takes you below 75%'],
    [3, 1, 75, 'You are exactly at 75%: missing the next class takes you below it'],
    [9, 3, 75, 'You are exactly at 75%: missing the next class takes you below it'],
    [4, 1, 80, 'You are exactly at 80%: missing the next class takes you below it'],
    [4, 0, 75, 'You can miss 1 more class'],
    [10, 0, 75, 'You can miss 3 more classes'],
    [2, 1, 75, 'Attend the next 1 class to reach 75%'],
    [0, 2, 75, 'Attend the next 6 classes to reach 75%'],
    [7, 3, 80, 'Attend the next 5 classes to reach 80%'],
  ] as const)('%i present, %i absent, target %i%% → %s', (present, absent, target, sentence) => {
    expect(outlookLine(stats(present, absent, target))).toBe(sentence);
  });
});
