/**
 * Plan a day off (docs/attendance-outlook.md): a day, or a range from one day to another, from today
 * (between terms: from the next term's first day) to the term's end; each subject with classes on
 * those days shows its percentage right after skipping them (attending every other class until
 * then), red and marked "below N%" where it falls under the target.
 */
import { useState, type FormEvent } from 'react';
import { ATTENDANCE_MESSAGES as M, SKIP_DATES_MAX } from '@campus/contract/attendance-ui';
import type { AttendanceToday } from '@campus/contract/attendance';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useOutlookQuery } from '../attendance-api';
import { daysFrom, percentText } from '../attendance-outlook';

/** The form's check, in the API's words: null when `from`…`to` (from `first` to `termEnd`) can be planned. */
export function planError(from: string, to: string, first: string, termEnd: string): string | null {
  if (!from) return M.skipInvalid;
  if (from < first || from > termEnd || (to && (to < from || to > termEnd))) return M.skipOutOfTerm;
  if (daysFrom(from, to || from, SKIP_DATES_MAX + 1).length > SKIP_DATES_MAX) return M.skipTooMany;
  return null;
}

/** `term`: the term running today, or between terms the next one (the outlook's term). */
export function DayOffPlanner({ today, term }: { today: string; term: AttendanceToday['term'] }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [skip, setSkip] = useState<string[] | null>(null);
  const plan = useOutlookQuery({ skip: skip ?? [] }, { skip: !skip });
  if (!term) return null;
  const first = term.start > today ? term.start : today;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = planError(from, to, first, term.end);
    setError(problem);
    setSkip(problem ? null : daysFrom(from, to || from, SKIP_DATES_MAX));
  };
  const affected = (plan.data?.subjects ?? []).filter((s) => (s.skip?.classes ?? 0) > 0);

  return (
    <Card aria-labelledby="plan-heading">
      <h2 id="plan-heading" className="text-lg font-semibold text-fg">
        {M.planDayOff}
      </h2>
      <p className="mt-1 text-sm text-muted">{M.planIntro}</p>
      <form noValidate onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3">
        <Input
          label="From"
          type="date"
          min={first}
          max={term.end}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          error={error ?? undefined}
          className="w-44"
        />
        <Input
          label="To (optional)"
          type="date"
          min={from || first}
          max={term.end}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          className="w-44"
        />
        <Button type="submit">Show</Button>
      </form>
      {!skip ? null : plan.isFetching ? (
        <Spinner label="Working out the plan" />
      ) : plan.error ? (
        <Alert tone="error" className="mt-3">
          {toApiError(plan.error).message}
        </Alert>
      ) : affected.length === 0 ? (
        <p className="mt-3 text-muted">{M.planNothing}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line" aria-label="After the day off">
          {affected.map((s) => {
            const below = s.skip!.percentage < s.target;
            return (
              <li key={s.subjectId} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="block font-medium text-fg">{s.name}</span>
                  <span className="block text-sm text-muted">
                    {s.skip!.classes} {s.skip!.classes === 1 ? 'class' : 'classes'} missed
                  </span>
                </span>
                <span className={cn('text-right font-semibold', below ? 'text-danger' : 'text-success')}>
                  {percentText(s.skip!.percentage)}
                  {below ? <span className="block text-xs font-normal">below {s.target}%</span> : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
