/**
 * "Today’s classes" on the home dashboard (docs/attendance-outlook.md): for a signed-in student
 * whose timetable has classes today, the classes in order (time, subject, room, the mark when
 * there is one) and a link to mark them on the attendance page. Nothing for a guest or a day
 * without classes. The server renders it with its data, so nothing shifts when the app hydrates.
 */
import { Link } from 'react-router';
import { CalendarClock } from 'lucide-react';
import { ATTENDANCE_UI } from '@campus/contract/attendance-ui';
import { useAttendanceTodayQuery } from '../lib/attendance-today';
import { useAppSelector } from '../lib/store';
import { Badge } from './ui/badge';
import { buttonClasses } from './ui/button';

export function TodayClassesCard() {
  const signedIn = useAppSelector((s) => s.auth.status === 'authenticated');
  const { data } = useAttendanceTodayQuery(undefined, { skip: !signedIn });
  if (!data?.classes.length) return null;
  return (
    <section
      aria-labelledby="home-today-heading"
      className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="home-today-heading" className="flex items-center gap-2 text-lg font-semibold text-fg">
          <CalendarClock aria-hidden="true" size={20} className="text-accent" />
          {ATTENDANCE_UI.todayTitle}
        </h2>
        <Link to="/attendance" className={buttonClasses('secondary', 'sm')}>
          {ATTENDANCE_UI.markOnAttendance}
        </Link>
      </div>
      <ol className="mt-3 divide-y divide-line">
        {data.classes.map((c) => (
          <li key={`${c.start}|${c.subjectId}`} className="flex items-center justify-between gap-3 py-2">
            <span className="min-w-0">
              <span className="block truncate font-medium text-fg">{c.name}</span>
              <span className="block text-sm text-muted">
                {c.start}–{c.end}
                {c.room ? ` · ${c.room}` : ''}
              </span>
            </span>
            {c.record ? (
              <Badge tone={c.record.status === 'Present' ? 'success' : 'danger'}>{c.record.status}</Badge>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
