/**
 * Changes to the week (docs/attendance-outlook.md): the student's extra and cancelled classes of
 * this term, each removable, and a form to add one (an enrolled subject, a date of the term, the
 * class's start and, for an extra class, its end). They count in the student's own schedule only.
 * The form's rules are the contract's (`createClassChangeBody`); the server's field errors are shown
 * under their fields and the input is kept.
 */
import { useForm } from 'react-hook-form';
import { ATTENDANCE_MESSAGES as M } from '@campus/contract/attendance-ui';
import type { AttendanceToday, ClassChange, Enrollment } from '@campus/contract/attendance';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { showFieldErrors, toApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAddClassChangeMutation, useClassChangesQuery, useRemoveClassChangeMutation } from '../attendance-api';
import { dayLabel } from '../attendance-outlook';
import { lazyZodResolver, usePreloadWhenIdle } from '../../../lib/lazy-resolver';

/** The contract's class-change body, fetched after hydration or at the first focus (lib/lazy-resolver.ts). */
const changeSchema = lazyZodResolver(() => import('@campus/contract/attendance').then((m) => m.createClassChangeBody));
const FIELDS = ['subjectId', 'date', 'kind', 'start', 'end'] as const;
const KINDS = [
  { value: 'extra', label: 'Extra class' },
  { value: 'cancelled', label: 'Cancelled class' },
];

/** One change, as a line: "Extra class: Data Structures, Tue 1 Dec, 10:00–11:00". */
function describe(change: ClassChange, subjects: ReadonlyMap<number, Enrollment>): string {
  const name = subjects.get(change.subjectId)?.name ?? 'A subject you left';
  const when = `${dayLabel(change.date)}, ${change.start}${change.end ? `–${change.end}` : ''}`;
  return `${change.kind === 'extra' ? 'Extra class' : 'Cancelled'}: ${name}, ${when}`;
}

export function WeekChanges({ term, enrollments }: { term: AttendanceToday['term']; enrollments: Enrollment[] }) {
  usePreloadWhenIdle(changeSchema);
  const changes = useClassChangesQuery(undefined, { skip: !term });
  const [add, addState] = useAddClassChangeMutation();
  const [remove, removeState] = useRemoveClassChangeMutation();
  const form = useForm({
    resolver: changeSchema.resolver,
    defaultValues: { subjectId: '', date: '', kind: 'extra', start: '', end: '' },
  });
  const { register, handleSubmit, setError, formState, watch, reset } = form;
  const subjects = new Map(enrollments.map((e) => [e.subjectId, e]));
  if (!term) return null;

  const submit = handleSubmit(async (body) => {
    const res = await add(body);
    if (!res.error) return reset({ ...form.getValues(), start: '', end: '' });
    const error = toApiError(res.error);
    if (!showFieldErrors(error, FIELDS, (field, message) => setError(field, { message }))) toast.error(error.message);
  });
  const err = (f: (typeof FIELDS)[number]) => formState.errors[f]?.message;
  const extra = watch('kind') === 'extra';

  return (
    <Card aria-labelledby="changes-heading">
      <h2 id="changes-heading" className="text-lg font-semibold text-fg">
        {M.weekChanges}
      </h2>
      {changes.data?.length ? (
        <ul className="mt-2 divide-y divide-line" aria-label={M.weekChanges}>
          {changes.data.map((change) => (
            <li key={change.id} className="flex items-center justify-between gap-3 py-2">
              <span className="text-sm text-fg">{describe(change, subjects)}</span>
              <Button
                variant="ghost"
                size="sm"
                disabled={removeState.isLoading}
                onClick={() => void remove(change.id)}
                aria-label={`Remove: ${describe(change, subjects)}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : changes.isSuccess ? (
        <p className="mt-2 text-sm text-muted">No changes yet: your week follows the timetable.</p>
      ) : null}
      <form noValidate onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-2" {...changeSchema.intent}>
        <Select label="Change" options={KINDS} error={err('kind')} {...register('kind')} />
        <Select
          label="Subject"
          placeholder="Choose a subject"
          options={enrollments.map((e) => ({ value: String(e.subjectId), label: `${e.name} (${e.code})` }))}
          error={err('subjectId')}
          {...register('subjectId')}
        />
        <Input label="Date" type="date" min={term.start} max={term.end} error={err('date')} {...register('date')} />
        <Input label="Starts at" type="time" error={err('start')} {...register('start')} />
        {extra ? <Input label="Ends at" type="time" error={err('end')} {...register('end')} /> : null}
        <div className="flex items-end">
          <Button type="submit" loading={addState.isLoading}>
            Save change
          </Button>
        </div>
      </form>
    </Card>
  );
}
