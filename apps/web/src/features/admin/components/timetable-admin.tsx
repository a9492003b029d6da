/**
 * The Timetable tab (docs/attendance-outlook.md): an administrator picks a branch and a semester
 * and edits its weekly classes (day, start, end, subject of the catalogue, room), the terms and the
 * days without classes. Each save overrides the institute config's default of that setting (the
 * badge says where each comes from) and lands in the audit trail listed below. The forms' rules are
 * the contract's; the server's field errors (e.g. a code the catalogue lacks) show under their
 * fields, and the input is kept.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import type { TimetableSettings } from '@campus/contract/attendance';
import { WEEKDAYS } from '@campus/contract/institute-ui';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toApiError } from '../../../lib/api';
import { useInstituteInfo } from '../../../lib/institute-query';
import { useListSubjectsQuery } from '../../../lib/subjects-api';
import { toast } from '../../../lib/toast';
import {
  useSaveClassesMutation,
  useSaveDaysOffMutation,
  useSaveTermsMutation,
  useTimetableAuditQuery,
  useTimetableQuery,
} from '../admin-api';
import { lazyZodResolver, usePreloadWhenIdle } from '../../../lib/lazy-resolver';

/** The contract's bodies of the three saves, fetched after hydration or at the first focus (lib/lazy-resolver.ts). */
const classesSchema = lazyZodResolver(() => import('@campus/contract/attendance').then((m) => m.saveClassesBody));
const termsSchema = lazyZodResolver(() => import('@campus/contract/attendance').then((m) => m.saveTermsBody));
const daysOffSchema = lazyZodResolver(() => import('@campus/contract/attendance').then((m) => m.saveDaysOffBody));

/** Puts a refused save's field errors under their fields (`classes.3.subjectCode`), else toasts its message. */
function showServerError<F extends FieldValues>(error: unknown, setError: UseFormSetError<F>): void {
  const apiError = toApiError(error);
  const fields = Object.entries(apiError.errors ?? {});
  for (const [field, message] of fields) setError(field as Path<F>, { message });
  if (!fields.length) toast.error(apiError.message);
}

/** "From the config file" or "Saved by an administrator". */
function SourceBadge({ source }: { source: 'file' | 'admin' }) {
  return (
    <Badge tone={source === 'admin' ? 'accent' : 'neutral'}>
      {source === 'admin' ? 'Saved here' : 'From the config file'}
    </Badge>
  );
}

/** A setting's card: its title, where its value comes from, and its form. */
function SettingCard({
  id,
  title,
  source,
  children,
}: {
  id: string;
  title: string;
  source: 'file' | 'admin';
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-lg font-semibold text-fg">
          {title}
        </h3>
        <SourceBadge source={source} />
      </div>
      {children}
    </Card>
  );
}

/** A row's Remove button, named for its row. */
function RemoveRow({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <div className="flex items-end">
      <Button type="button" variant="ghost" size="sm" onClick={onClick} aria-label={label}>
        <Trash2 aria-hidden="true" size={16} /> Remove
      </Button>
    </div>
  );
}

/** Add a row, and save the form. */
function FormActions({ add, onAdd, save, saving }: { add: string; onAdd: () => void; save: string; saving: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" variant="secondary" onClick={onAdd}>
        <Plus aria-hidden="true" size={16} /> {add}
      </Button>
      <Button type="submit" loading={saving}>
        {save}
      </Button>
    </div>
  );
}

/** The weekly classes of one branch and semester. */
function ClassesEditor({ settings }: { settings: TimetableSettings }) {
  const { branch, semester } = settings;
  const subjects = useListSubjectsQuery({ branch, semester, limit: 100 });
  usePreloadWhenIdle(classesSchema);
  const form = useForm({ resolver: classesSchema.resolver });
  const { register, control, handleSubmit, setError, reset, formState } = form;
  const rows = useFieldArray({ control, name: 'classes' });
  const [save, saveState] = useSaveClassesMutation();
  useEffect(() => {
    reset({ branch, semester, classes: settings.classes.map((c) => ({ ...c, room: c.room ?? '' })) });
  }, [settings, branch, semester, reset]);
  const options = (subjects.data?.items ?? []).map((s) => ({ value: s.code, label: `${s.code} ${s.name}` }));
  const err = (i: number, f: 'day' | 'start' | 'end' | 'subjectCode' | 'room') =>
    formState.errors.classes?.[i]?.[f]?.message;

  const submit = handleSubmit(async (body) => {
    const res = await save(body);
    if (res.error) showServerError(res.error, setError);
  });
  return (
    <SettingCard id="classes-heading" title="Weekly classes" source={settings.sources.classes}>
      <form noValidate onSubmit={submit} className="mt-3 space-y-3">
        {rows.fields.length === 0 ? (
          <p className="text-sm text-muted">
            No classes yet for {branch}, {semester}.
          </p>
        ) : null}
        {rows.fields.map((row, i) => (
          <fieldset key={row.id} className="grid grid-cols-2 gap-2 rounded-xl border border-line p-3 sm:grid-cols-6">
            <legend className="sr-only">Class {i + 1}</legend>
            <Select label="Day" options={[...WEEKDAYS]} error={err(i, 'day')} {...register(`classes.${i}.day`)} />
            <Input label="Starts" type="time" error={err(i, 'start')} {...register(`classes.${i}.start`)} />
            <Input label="Ends" type="time" error={err(i, 'end')} {...register(`classes.${i}.end`)} />
            <Select
              label="Subject"
              placeholder="Choose a subject"
              options={options.some((o) => o.value === row.subjectCode) ? options : [...options, row.subjectCode]}
              error={err(i, 'subjectCode')}
              {...register(`classes.${i}.subjectCode`)}
            />
            <Input label="Room" error={err(i, 'room')} {...register(`classes.${i}.room`)} />
            <RemoveRow label={`Remove class ${i + 1}`} onClick={() => rows.remove(i)} />
          </fieldset>
        ))}
        <FormActions
          add="Add class"
          onAdd={() =>
            rows.append({
              day: 'Monday',
              start: '09:00',
              end: '09:55',
              subjectCode: options[0]?.value ?? '',
              room: '',
            })
          }
          save="Save classes"
          saving={saveState.isLoading}
        />
      </form>
    </SettingCard>
  );
}

/** The terms (shared by every branch and semester). */
function TermsEditor({ settings }: { settings: TimetableSettings }) {
  const form = useForm({ resolver: termsSchema.resolver });
  const { register, control, handleSubmit, setError, reset, formState } = form;
  const rows = useFieldArray({ control, name: 'terms' });
  const [save, saveState] = useSaveTermsMutation();
  useEffect(() => reset({ terms: settings.terms }), [settings, reset]);
  const submit = handleSubmit(async (values) => {
    const res = await save({ ...values, branch: settings.branch, semester: settings.semester });
    if (res.error) showServerError(res.error, setError);
  });
  return (
    <SettingCard id="terms-heading" title="Terms" source={settings.sources.terms}>
      <form noValidate onSubmit={submit} className="mt-3 space-y-3">
        {formState.errors.terms?.root?.message || formState.errors.terms?.message ? (
          <p role="alert" className="text-sm text-danger">
            {formState.errors.terms?.root?.message ?? formState.errors.terms?.message}
          </p>
        ) : null}
        {rows.fields.map((row, i) => (
          <fieldset key={row.id} className="grid grid-cols-2 gap-2 rounded-xl border border-line p-3 sm:grid-cols-4">
            <legend className="sr-only">Term {i + 1}</legend>
            <Input label="Name" error={formState.errors.terms?.[i]?.name?.message} {...register(`terms.${i}.name`)} />
            <Input
              label="First day"
              type="date"
              error={formState.errors.terms?.[i]?.start?.message}
              {...register(`terms.${i}.start`)}
            />
            <Input
              label="Last day"
              type="date"
              error={formState.errors.terms?.[i]?.end?.message}
              {...register(`terms.${i}.end`)}
            />
            <RemoveRow label={`Remove term ${i + 1}`} onClick={() => rows.remove(i)} />
          </fieldset>
        ))}
        <FormActions
          add="Add term"
          onAdd={() => rows.append({ name: '', start: '', end: '' })}
          save="Save terms"
          saving={saveState.isLoading}
        />
      </form>
    </SettingCard>
  );
}

/** The days without classes: holidays and examinations. */
function DaysOffEditor({ settings }: { settings: TimetableSettings }) {
  const form = useForm({ resolver: daysOffSchema.resolver });
  const { register, control, handleSubmit, setError, reset, formState } = form;
  const rows = useFieldArray({ control, name: 'daysOff' });
  const [save, saveState] = useSaveDaysOffMutation();
  useEffect(
    () => reset({ daysOff: settings.daysOff.map((d) => ({ ...d, endDate: d.endDate ?? '' })) }),
    [settings, reset],
  );
  const submit = handleSubmit(async (values) => {
    const res = await save({ ...values, branch: settings.branch, semester: settings.semester });
    if (res.error) showServerError(res.error, setError);
  });
  const err = (i: number, f: 'date' | 'endDate' | 'title') => formState.errors.daysOff?.[i]?.[f]?.message;
  return (
    <SettingCard id="days-off-heading" title="Days without classes" source={settings.sources.daysOff}>
      <form noValidate onSubmit={submit} className="mt-3 space-y-3">
        {rows.fields.map((row, i) => (
          <fieldset key={row.id} className="grid grid-cols-2 gap-2 rounded-xl border border-line p-3 sm:grid-cols-4">
            <legend className="sr-only">Day off {i + 1}</legend>
            <Input label="From" type="date" error={err(i, 'date')} {...register(`daysOff.${i}.date`)} />
            <Input label="To (optional)" type="date" error={err(i, 'endDate')} {...register(`daysOff.${i}.endDate`)} />
            <Input label="Title" error={err(i, 'title')} {...register(`daysOff.${i}.title`)} />
            <RemoveRow label={`Remove day off ${i + 1}`} onClick={() => rows.remove(i)} />
          </fieldset>
        ))}
        <FormActions
          add="Add day off"
          onAdd={() => rows.append({ date: '', endDate: '', title: '' })}
          save="Save days off"
          saving={saveState.isLoading}
        />
      </form>
    </SettingCard>
  );
}

/** The last saves, newest first. */
function AuditTrail() {
  const audit = useTimetableAuditQuery();
  return (
    <Card aria-labelledby="audit-heading">
      <h3 id="audit-heading" className="text-lg font-semibold text-fg">
        Changes
      </h3>
      {audit.isLoading ? (
        <Spinner label="Loading the changes" />
      ) : !audit.data?.length ? (
        <p className="mt-2 text-sm text-muted">Nothing saved yet: the config file’s timetable is in force.</p>
      ) : (
        <ul className="mt-2 divide-y divide-line" aria-label="Timetable changes">
          {audit.data.map((e) => (
            <li key={e.id} className="py-2 text-sm">
              <span className="font-medium text-fg">{e.what}</span>
              <span className="block text-muted">
                {e.adminName ?? 'An administrator'} ·{' '}
                {new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
                  new Date(e.createdAt),
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function TimetableAdmin() {
  const institute = useInstituteInfo().data;
  const [branch, setBranch] = useState('');
  const [semester, setSemester] = useState('');
  const chosen = !!branch && !!semester;
  const settings = useTimetableQuery({ branch, semester }, { skip: !chosen });
  return (
    <section aria-labelledby="timetable-admin-heading" className="space-y-4">
      <h2 id="timetable-admin-heading" className="text-xl font-semibold text-fg">
        Timetable
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label="Branch"
          placeholder="Choose a branch"
          options={institute?.branches ?? []}
          value={branch}
          onChange={(e) => setBranch(e.target.value)}
        />
        <Select
          label="Semester"
          placeholder="Choose a semester"
          options={institute?.semesters ?? []}
          value={semester}
          onChange={(e) => setSemester(e.target.value)}
        />
      </div>
      {!chosen ? (
        <p className="text-muted">Choose a branch and a semester to edit their weekly classes.</p>
      ) : settings.isFetching && !settings.data ? (
        <Spinner label="Loading the timetable" />
      ) : settings.data ? (
        <>
          <ClassesEditor settings={settings.data} />
          <div className="grid gap-4 lg:grid-cols-2">
            <TermsEditor settings={settings.data} />
            <DaysOffEditor settings={settings.data} />
          </div>
        </>
      ) : settings.error ? (
        <p role="alert" className="text-danger">
          {toApiError(settings.error).message}
        </p>
      ) : null}
      <AuditTrail />
    </section>
  );
}
