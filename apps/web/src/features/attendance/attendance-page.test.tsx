/**
 * Attendance page logic (docs/product-spec.md §2, §4): the can-miss line (singular and plural) and its
 * zones; the offline queue (kept while offline, sent oldest first, refused marks reported, never
 * dropped silently); and the page against a fake API: the breakdown and summary, a mark made
 * without a connection shown as pending and sent when the browser comes back online; the date
 * inputs bounded to the contract's window.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ATTENDANCE_MESSAGES as M,
  earliestAttendanceDate,
  type AttendanceRecord,
  type AttendanceStats,
  type SubjectWiseEntry,
} from '@campus/contract/attendance';
import { json, stubFetch } from '../../test/http';
import { makeUser, renderApp } from '../../test/render';
import { outlookLine, todayIn, zoneOf } from './attendance-outlook';
import { QUEUE_KEY, enqueueMark, flushMarks, pendingMarks, resetQueueCache } from './offline-queue';
import AttendancePage from './pages/attendance-page';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

const stats = (p: Partial<AttendanceStats>): AttendanceStats => ({
  percentage: 0,
  presentDays: 0,
  absentDays: 0,
  totalDays: 0,
  target: 75,
  canMiss: 0,
  mustAttend: 0,
  ...p,
});

beforeEach(() => {
  localStorage.clear();
  resetQueueCache();
});

describe('the can-miss line', () => {
  it('says how many classes can be missed, or must be attended, with the right singular', () => {
    expect(outlookLine(stats({ totalDays: 0 }))).toBeNull();
    expect(outlookLine(stats({ totalDays: 10, presentDays: 10, percentage: 100, canMiss: 3 }))).toBe(
      'You can miss 3 more classes',
    );
    expect(outlookLine(stats({ totalDays: 5, presentDays: 5, percentage: 100, canMiss: 1 }))).toBe(
      'You can miss 1 more class',
    );
    expect(outlookLine(stats({ totalDays: 3, presentDays: 2, percentage: 66.7, mustAttend: 1 }))).toBe(
      'Attend the next 1 class to reach 75%',
    );
    expect(outlookLine(stats({ totalDays: 10, presentDays: 7, percentage: 70, mustAttend: 5, target: 80 }))).toBe(
      'Attend the next 5 classes to reach 80%',
    );
    expect(outlookLine(stats({ totalDays: 4, presentDays: 3, percentage: 75 }))).toBe(M.atLimit(75));
  });

  it('colours green at or above the target, amber within 5 points below, red further below', () => {
    expect(zoneOf(stats({ totalDays: 0 }))).toBe('none');
    expect(zoneOf(stats({ totalDays: 4, percentage: 75 }))).toBe('green');
    expect(zoneOf(stats({ totalDays: 4, percentage: 70 }))).toBe('amber');
    expect(zoneOf(stats({ totalDays: 4, percentage: 69.9 }))).toBe('red');
  });
});

describe('the offline queue', () => {
  const mark = (date: string) => ({ userId: 'u1', subjectId: 1, date, status: 'Present' as const });

  it('keeps marks in localStorage while offline and sends them oldest first, each with its own key, when back', async () => {
    enqueueMark(mark('2026-11-20'), 'key-1');
    enqueueMark(mark('2026-11-21'), 'key-2');
    expect(JSON.parse(localStorage.getItem(QUEUE_KEY)!)).toHaveLength(2);
    const offline = vi.fn(async () => ({ kind: 'offline' as const }));
    expect(await flushMarks(offline)).toBe(0);
    expect(offline).toHaveBeenCalledTimes(1);
    expect(offline).toHaveBeenCalledWith(mark('2026-11-20'), 'key-1');
    expect(pendingMarks()).toHaveLength(2);
    const sent: string[] = [];
    const online = vi.fn(async (m: { date: string }, key: string) => {
      sent.push(`${m.date} ${key}`);
      return { kind: 'sent' as const };
    });
    expect(await flushMarks(online)).toBe(2);
    // The retry of the first mark sends the key of its first try: the server stores it once.
    expect(sent).toEqual(['2026-11-20 key-1', '2026-11-21 key-2']);
    expect(pendingMarks()).toEqual([]);
    expect(JSON.parse(localStorage.getItem(QUEUE_KEY)!)).toEqual([]);
  });

  it('sends only the signed-in student’s marks; another student’s wait for them', async () => {
    enqueueMark(mark('2026-11-20'), 'key-1');
    enqueueMark({ ...mark('2026-11-21'), userId: 'u2' }, 'key-2');
    const send = vi.fn(async () => ({ kind: 'sent' as const }));
    expect(await flushMarks(send, undefined, (m) => m.userId === 'u2')).toBe(1);
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ userId: 'u2', date: '2026-11-21' }), 'key-2');
    expect(pendingMarks().map((m) => m.userId)).toEqual(['u1']);
  });

  it('reports a mark the server refuses instead of dropping it silently', async () => {
    enqueueMark(mark('2026-11-20'), 'key-1');
    const refused = vi.fn();
    await flushMarks(async () => ({ kind: 'refused', error: { status: 404, message: M.notEnrolled } }), refused);
    expect(refused).toHaveBeenCalledWith(expect.objectContaining({ date: '2026-11-20' }), {
      status: 404,
      message: M.notEnrolled,
    });
    expect(pendingMarks()).toEqual([]);
  });
});

describe('the attendance page', () => {
  const me = makeUser();
  const today = todayIn('Asia/Kolkata');
  let online = true;
  let records: AttendanceRecord[] = [];
  const entry = (): SubjectWiseEntry => {
    const present = records.filter((r) => r.status === 'Present').length;
    const total = records.length;
    return {
      subjectId: 1,
      name: 'Data Structures',
      code: 'CS301',
      ...stats({
        presentDays: present,
        absentDays: total - present,
        totalDays: total,
        percentage: total ? Math.round((1000 * present) / total) / 10 : 0,
        canMiss: total ? Math.floor((100 * present - 75 * total) / 75) : 0,
      }),
    };
  };

  beforeEach(() => {
    online = true;
    records = [
      { id: 'r1', userId: me.id, subjectId: 1, date: today, status: 'Present', markedAt: new Date().toISOString() },
    ];
    stubFetch(async ({ req, path }) => {
      if (!online && path.startsWith('/api/attendance')) throw new TypeError('Failed to fetch');
      if (path === '/api/institute')
        return json(200, {
          success: true,
          message: 'OK',
          data: { timezone: 'Asia/Kolkata', branches: [], semesters: [] },
        });
      if (path.endsWith('/enrollments'))
        return json(200, {
          success: true,
          message: 'OK',
          data: [{ id: 1, name: 'Data Structures', code: 'CS301' }],
        });
      if (path === '/api/attendance/percentage/subject-wise') {
        // As the server sends it; offline, the worker's cached copy keeps this date.
        const reply = json(200, { success: true, message: 'OK', data: [entry()] });
        reply.headers.set('date', 'Wed, 25 Nov 2026 03:30:00 GMT');
        return reply;
      }
      if (path === '/api/attendance/percentage/overall')
        return json(200, { success: true, message: 'OK', data: { ...entry(), subjectCount: 1 } });
      if (path === '/api/attendance/percentage') return json(200, { success: true, message: 'OK', data: entry() });
      if (path === '/api/attendance/target')
        return json(200, { success: true, message: 'OK', data: { target: 75, instituteTarget: 75, custom: false } });
      if (path === '/api/attendance' && req.method === 'POST') {
        const body = (await req.json()) as { status: 'Present' | 'Absent'; date: string };
        const record = {
          id: `r${records.length + 1}`,
          userId: me.id,
          subjectId: 1,
          markedAt: new Date().toISOString(),
          ...body,
        };
        records.push(record);
        return json(201, { success: true, message: M.marked, data: record });
      }
      if (path === '/api/attendance')
        return json(200, {
          success: true,
          message: 'OK',
          data: records,
          pagination: { page: 1, limit: 100, total: records.length },
        });
      return json(404, { success: false, message: 'Not found' });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says it is offline and when its figures were last updated, in the institute time zone', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp(<AttendancePage />, { auth: { status: 'authenticated', user: me, roles: me.roles } });
    expect(await screen.findByText(M.offlineUpdatedAt('09:00'))).toBeInTheDocument();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(M.offlineUpdatedAt('09:00'))).not.toBeInTheDocument());
    onLine.mockRestore();
  });

  it('shows the breakdown and summary, queues a mark made offline as pending, and sends it on reconnect', async () => {
    const user = userEvent.setup();
    renderApp(<AttendancePage />, { auth: { status: 'authenticated', user: me, roles: me.roles } });
    const card = await screen.findByRole('button', { name: /CS301/ });
    expect(card).toHaveTextContent('Present: 1');
    expect(screen.getByText('1 subject')).toBeInTheDocument();
    await user.click(card);
    // 1 of 1 at 75 %: ⌊(100 − 75)/75⌋ = 0 to spare, at 100 %, not exactly at the limit.
    expect(await screen.findByTestId('outlook')).toHaveTextContent(M.atMargin('100.0%', 75));

    online = false;
    await user.click(screen.getByRole('button', { name: M.markAttendance }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Present');
    await user.click(within(dialog).getByRole('button', { name: M.markAttendance }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const recordCard = screen.getByRole('region', { name: M.attendanceRecord });
    expect(await within(recordCard).findByText(M.pending)).toBeInTheDocument();
    expect(pendingMarks()).toHaveLength(1);
    expect(records).toHaveLength(1);

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(records).toHaveLength(2));
    await waitFor(() => expect(within(recordCard).queryByText(M.pending)).not.toBeInTheDocument());
    expect(pendingMarks()).toEqual([]);
    // 2 of 2 at 75 %: ⌊(200 − 150)/75⌋ = 0; the card now counts 2.
    expect(await screen.findByRole('button', { name: /CS301/ })).toHaveTextContent('Present: 2');
  });

  it('bounds the date picker and the mark form to the contract’s window: 2 years back to today', async () => {
    const user = userEvent.setup();
    renderApp(<AttendancePage />, { auth: { status: 'authenticated', user: me, roles: me.roles } });
    await user.click(await screen.findByRole('button', { name: /CS301/ }));
    const picker = await screen.findByLabelText('Date');
    expect(picker).toHaveAttribute('min', earliestAttendanceDate(today));
    expect(picker).toHaveAttribute('max', today);
    await user.clear(picker);
    await user.type(picker, '2001-01-01');
    expect(await screen.findByText(M.dateTooOld)).toBeInTheDocument();
    await user.clear(picker);
    await user.type(picker, today);
    await user.click(screen.getByRole('button', { name: M.markAttendance }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Date')).toHaveAttribute('min', earliestAttendanceDate(today));
    expect(within(dialog).getByLabelText('Date')).toHaveAttribute('max', today);
  });
});

describe('the Subject Stats Error panel', () => {
  it('shows the server’s message after "Subject Stats Error: " and retries', async () => {
    let fail = true;
    stubFetch(async ({ path }) => {
      if (path === '/api/attendance/percentage/subject-wise')
        return fail
          ? json(500, { success: false, message: 'Server error. Please try again later.' })
          : json(200, { success: true, message: 'OK', data: [] });
      if (path === '/api/attendance/percentage/overall')
        return json(200, { success: true, message: 'OK', data: { ...stats({}), subjectCount: 0 } });
      if (path.endsWith('/enrollments')) return json(200, { success: true, message: 'OK', data: [] });
      if (path === '/api/attendance/target')
        return json(200, { success: true, message: 'OK', data: { target: 75, instituteTarget: 75, custom: false } });
      if (path === '/api/attendance/today')
        return json(200, {
          success: true,
          message: 'OK',
          data: { date: '2026-11-27', term: null, hasTimetable: false, classes: [], unmarked: [] },
        });
      return json(200, { success: true, message: 'OK', data: {} });
    });
    const me = makeUser();
    const user = userEvent.setup();
    renderApp(<AttendancePage />, { auth: { status: 'authenticated', user: me, roles: me.roles } });
    expect(await screen.findByText('Subject Stats Error: Server error. Please try again later.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: M.retry }));
    expect(await screen.findByText('You are not enrolled in any subject yet.')).toBeInTheDocument();
    expect(screen.queryByText(/Subject Stats Error/)).not.toBeInTheDocument();
  });
});
