/**
 * Today's classes and the term lines (docs/attendance-outlook.md): one tap marks a class and
 * offers Undo; a queued mark shows as pending on the class it stands for; this week's unmarked
 * classes carry their day; the empty states; the term line of each case; the day-off form's check;
 * between terms, the next term's first day.
 */
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ATTENDANCE_MESSAGES as M,
  type AttendanceRecord,
  type AttendanceToday,
  type ScheduledClass,
  type SubjectOutlook,
} from '@campus/contract/attendance';
import { renderApp } from '../../test/render';
import { termLine } from './attendance-outlook';
import { planError } from './components/day-off-planner';
import { TodayCard } from './components/today-card';

const cls = (p: Partial<ScheduledClass>): ScheduledClass => ({
  date: '2026-11-27',
  start: '09:00',
  end: '09:55',
  subjectId: 1,
  code: 'CS301',
  name: 'Data Structures',
  room: 'LH-1',
  extra: false,
  ...p,
});
const record = (p: Partial<AttendanceRecord>): AttendanceRecord => ({
  id: 'r1',
  userId: 'u1',
  subjectId: 1,
  date: '2026-11-27',
  status: 'Present',
  markedAt: '2026-11-27T04:00:00Z',
  ...p,
});
const day = (p: Partial<AttendanceToday>): AttendanceToday => ({
  date: '2026-11-27',
  term: { name: 'Odd semester', start: '2026-07-27', end: '2026-12-20' },
  hasTimetable: true,
  classes: [],
  unmarked: [],
  ...p,
});
const query = (data: AttendanceToday) => ({ data, isLoading: false, refetch: vi.fn() });

describe('TodayCard', () => {
  it('marks a class with one tap, then offers Undo for that mark', async () => {
    const user = userEvent.setup();
    const first = { ...cls({}), record: null };
    const second = {
      ...cls({ start: '10:00', end: '10:55', subjectId: 2, code: 'CS302', name: 'Digital Logic', room: null }),
      record: null,
    };
    const onUndo = vi.fn(async () => true);
    const onMark = vi.fn();
    /** The page: a tap stores the mark and the refetched day holds it. */
    function Page() {
      const [classes, setClasses] = useState<AttendanceToday['classes']>([first, second]);
      const mark = async (c: ScheduledClass, status: 'Present' | 'Absent') => {
        onMark(c, status);
        const stored = record({ id: 'new', status });
        setClasses((list) => list.map((x) => (x.start === c.start ? { ...x, record: stored } : x)));
        return stored;
      };
      return <TodayCard hasClass today={query(day({ classes }))} pending={[]} onMark={mark} onUndo={onUndo} />;
    }
    renderApp(<Page />);
    const list = screen.getByRole('list', { name: M.todayTitle });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('09:00–09:55 · LH-1'), expect.stringContaining('10:00–10:55')]);
    const group = screen.getByRole('group', { name: 'Data Structures 09:00' });
    await user.click(within(group).getByRole('button', { name: M.present }));
    expect(onMark).toHaveBeenCalledWith(first, 'Present');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Present');
    await user.click(screen.getByRole('button', { name: 'Undo: Data Structures 09:00' }));
    expect(onUndo).toHaveBeenCalledWith('new');
    // The other class still offers its two buttons.
    expect(within(screen.getByRole('group', { name: 'Digital Logic 10:00' })).getAllByRole('button')).toHaveLength(2);
  });

  it('shows a queued mark as pending on the first unmarked class of its subject and day', () => {
    const classes = [
      { ...cls({ start: '14:00', end: '14:55' }), record: record({}) },
      { ...cls({ start: '15:00', end: '15:55' }), record: null },
    ];
    const pending = [
      { userId: 'u1', subjectId: 1, date: '2026-11-27', status: 'Absent' as const, key: 'k', queuedAt: '' },
    ];
    renderApp(
      <TodayCard hasClass today={query(day({ classes }))} pending={pending} onMark={vi.fn()} onUndo={vi.fn()} />,
    );
    const items = within(screen.getByRole('list', { name: M.todayTitle })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Present');
    expect(items[1]).toHaveTextContent(M.pending);
    expect(within(items[1]!).queryByRole('button')).toBeNull();
  });

  it('lists this week’s unmarked classes with their day, and says why a day is empty', () => {
    const unmarked = [cls({ date: '2026-11-23' }), cls({ date: '2026-11-24', start: '10:00', end: '10:55' })];
    const { unmount } = renderApp(
      <TodayCard hasClass today={query(day({ unmarked }))} pending={[]} onMark={vi.fn()} onUndo={vi.fn()} />,
    );
    expect(screen.getByText(M.noClassesToday)).toBeInTheDocument();
    fireEvent.click(screen.getByText(M.unmarkedThisWeek(2)));
    const list = screen.getByRole('list', { name: M.unmarkedThisWeek(2) });
    expect(
      within(list)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-label')),
    ).toEqual(['Data Structures Mon 23 Nov 09:00', 'Data Structures Tue 24 Nov 10:00']);
    unmount();
    const none = day({ hasTimetable: false });
    const { unmount: close } = renderApp(
      <TodayCard hasClass today={query(none)} pending={[]} onMark={vi.fn()} onUndo={vi.fn()} />,
    );
    expect(screen.getByText(M.noTimetableForClass)).toBeInTheDocument();
    close();
    renderApp(<TodayCard hasClass={false} today={query(none)} pending={[]} onMark={vi.fn()} onUndo={vi.fn()} />);
    expect(screen.getByText(M.noTimetable, { exact: false })).toBeInTheDocument();
  });
});

describe('the term line', () => {
  const o = (p: Partial<SubjectOutlook>): SubjectOutlook => ({
    subjectId: 1,
    code: 'CS301',
    name: 'Data Structures',
    inTimetable: true,
    percentage: 80,
    present: 8,
    absent: 2,
    held: 10,
    unmarked: 0,
    remaining: 24,
    target: 75,
    canMiss: 3,
    mustAttend: 0,
    reachable: true,
    bestPercentage: 94.1,
    skip: null,
    ...p,
  });
  it('says what may be missed, what must be attended, the best end, or that the term is over', () => {
    expect(termLine(o({}))).toBe('You can miss 3 of the 24 remaining classes and stay at 75%');
    expect(termLine(o({ mustAttend: 5 }))).toBe('Attend the next 5 classes to reach 75%');
    expect(termLine(o({ mustAttend: 9, reachable: false, remaining: 4, bestPercentage: 70.6 }))).toBe(
      'Even attending all 4 remaining classes ends the term at 70.6%',
    );
    expect(termLine(o({ remaining: 0, canMiss: 0 }))).toBe(M.termOver);
    expect(termLine(o({ inTimetable: false }))).toBeNull();
  });
});

describe('between terms', () => {
  it('says that no term is running and when the next one starts', () => {
    renderApp(
      <TodayCard
        today={query(day({ term: null }))}
        hasClass
        pending={[]}
        onMark={vi.fn()}
        onUndo={vi.fn()}
        nextTermStart="2027-01-04"
      />,
    );
    expect(screen.getByText(M.noTerm)).toBeInTheDocument();
    expect(screen.getByText('Next term starts on Mon 4 Jan.')).toBeInTheDocument();
  });

  it('plans days off from the next term’s first day to its end', () => {
    // Today 28 November, the next term 4 January to 30 April: the form's first day is 4 January.
    expect(planError('2026-12-01', '', '2027-01-04', '2027-04-30')).toBe(M.skipOutOfTerm);
    expect(planError('2027-01-04', '2027-01-08', '2027-01-04', '2027-04-30')).toBeNull();
    expect(planError('2027-04-30', '', '2027-01-04', '2027-04-30')).toBeNull();
  });
});

describe('the day-off form', () => {
  it('checks the range in the API’s words', () => {
    expect(planError('', '', '2026-11-27', '2026-12-20')).toBe(M.skipInvalid);
    expect(planError('2026-11-26', '', '2026-11-27', '2026-12-20')).toBe(M.skipOutOfTerm);
    expect(planError('2026-11-28', '2026-11-27', '2026-11-27', '2026-12-20')).toBe(M.skipOutOfTerm);
    expect(planError('2026-11-28', '2026-12-21', '2026-11-27', '2026-12-20')).toBe(M.skipOutOfTerm);
    expect(planError('2026-11-28', '2026-12-20', '2026-11-27', '2027-12-20')).toBeNull();
    expect(planError('2026-11-01', '2026-12-31', '2026-11-01', '2027-12-20')).toBe(M.skipTooMany);
  });
});
