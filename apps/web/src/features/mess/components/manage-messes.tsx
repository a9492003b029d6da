/**
 * /mess/manage, for administrators (docs/mess.md): every mess with its hostels and meal times, and
 * a form to add a mess or edit one — name, the hostels it serves (the institute's list; a hostel
 * another mess serves is refused by the server with its name), and each meal's times or "not
 * served", and its managers by e-mail. The API enforces the role; anyone else who opens the page is
 * told it is not for them.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MESS_MEALS, MESS_MEAL_LABELS, type MessMeal } from '@campus/contract/mess-ui';
import type { Mess, MessBody } from '@campus/contract/mess';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { toApiError } from '../../../lib/api';
import { useInstituteInfo } from '../../../lib/institute-query';
import { isAdmin } from '../../../lib/roles';
import { useAppSelector } from '../../../lib/store';
import { useCreateMessMutation, useMessesQuery, useSetManagersMutation, useUpdateMessMutation } from '../mess-api';

type Slots = Record<MessMeal, { served: boolean; start: string; end: string }>;

const DEFAULT_SLOTS: Slots = {
  breakfast: { served: true, start: '07:30', end: '09:30' },
  lunch: { served: true, start: '12:30', end: '14:30' },
  snacks: { served: true, start: '17:00', end: '18:00' },
  dinner: { served: true, start: '19:30', end: '21:30' },
};

function slotsOf(mess: Mess | null): Slots {
  if (!mess) return DEFAULT_SLOTS;
  return Object.fromEntries(
    MESS_MEALS.map((meal) => {
      const slot = mess.meals.find((m) => m.meal === meal);
      return [
        meal,
        slot ? { served: true, start: slot.start, end: slot.end } : { ...DEFAULT_SLOTS[meal], served: false },
      ];
    }),
  ) as Slots;
}

/** The add/edit form of one mess (`mess` null to add). */
function MessForm({ mess, hostels, onDone }: { mess: Mess | null; hostels: readonly string[]; onDone: () => void }) {
  const [name, setName] = useState(mess?.name ?? '');
  const [served, setServed] = useState<string[]>(mess?.hostels ?? []);
  const [slots, setSlots] = useState<Slots>(slotsOf(mess));
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useCreateMessMutation();
  const [update, updating] = useUpdateMessMutation();
  const key = mess?.id ?? 'new';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: MessBody = {
      name,
      hostels: served,
      meals: MESS_MEALS.filter((m) => slots[m].served).map((meal) => ({
        meal,
        start: slots[meal].start,
        end: slots[meal].end,
      })),
    };
    const res = mess ? await update({ id: mess.id, body }) : await create(body);
    if (res.error) setError(toApiError(res.error).message);
    else {
      setError(null);
      onDone();
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label={mess ? `Edit ${mess.name}` : 'Add a mess'}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Input label="Mess name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={60} />
      <fieldset>
        <legend className="text-sm font-medium text-fg">Hostels it serves</legend>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {hostels.map((h) => (
            <Checkbox
              key={h}
              label={h}
              checked={served.includes(h)}
              onChange={(e) => setServed(e.target.checked ? [...served, h] : served.filter((x) => x !== h))}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-fg">Meals</legend>
        {MESS_MEALS.map((meal) => (
          <div key={meal} className="flex flex-wrap items-end gap-3">
            <Checkbox
              className="w-28"
              label={MESS_MEAL_LABELS[meal]}
              checked={slots[meal].served}
              onChange={(e) => setSlots({ ...slots, [meal]: { ...slots[meal], served: e.target.checked } })}
            />
            <Input
              id={`${key}-${meal}-start`}
              className="w-32"
              type="time"
              label={`${MESS_MEAL_LABELS[meal]} from`}
              value={slots[meal].start}
              disabled={!slots[meal].served}
              onChange={(e) => setSlots({ ...slots, [meal]: { ...slots[meal], start: e.target.value } })}
            />
            <Input
              id={`${key}-${meal}-end`}
              className="w-32"
              type="time"
              label={`${MESS_MEAL_LABELS[meal]} until`}
              value={slots[meal].end}
              disabled={!slots[meal].served}
              onChange={(e) => setSlots({ ...slots, [meal]: { ...slots[meal], end: e.target.value } })}
            />
          </div>
        ))}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" loading={creating.isLoading || updating.isLoading}>
          {mess ? 'Save mess' : 'Add mess'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** A mess's managers as e-mail addresses, comma-separated; the server names one without an account. */
function ManagersForm({ mess }: { mess: Mess }) {
  const [text, setText] = useState(mess.managers.map((m) => m.email).join(', '));
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useSetManagersMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const emails = text
      .split(/[,\s]+/)
      .map((x) => x.trim())
      .filter(Boolean);
    const res = await save({ id: mess.id, emails });
    setError(res.error ? toApiError(res.error).message : null);
  };
  return (
    <form className="mt-3 flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)}>
      <Input
        className="min-w-0 flex-1 basis-60"
        label={`Managers of ${mess.name} (e-mail addresses)`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error ?? undefined}
      />
      <Button type="submit" size="sm" variant="secondary" loading={saving.isLoading}>
        Save managers
      </Button>
    </form>
  );
}

export function ManageMesses() {
  const messes = useMessesQuery();
  const hostels = useInstituteInfo().data?.hostels ?? [];
  const [editing, setEditing] = useState<string | null>(null);
  const roles = useAppSelector((s) => s.auth.roles);
  const isAdminView = isAdmin(roles);
  const allowed = isAdminView;

  return (
    <>
      <PageHeader
        title="Manage messes"
        subtitle={
          <Link to="/mess" className="text-accent underline">
            Back to the menu
          </Link>
        }
        actions={allowed && editing !== 'new' ? <Button onClick={() => setEditing('new')}>Add mess</Button> : null}
      />
      {messes.isLoading ? (
        <Spinner label="Loading the messes" />
      ) : messes.error || !messes.data ? (
        <LoadError title="Could not load the messes" error={messes.error} onRetry={messes.refetch} />
      ) : !allowed ? (
        <Alert tone="info">Only administrators manage messes.</Alert>
      ) : (
        <div className="space-y-4">
          {editing === 'new' ? (
            <Card title="Add a mess">
              <MessForm mess={null} hostels={hostels} onDone={() => setEditing(null)} />
            </Card>
          ) : null}
          {messes.data.map((mess) => (
            <Card key={mess.id} as="article" title={mess.name}>
              {editing === mess.id ? (
                <MessForm mess={mess} hostels={hostels} onDone={() => setEditing(null)} />
              ) : (
                <>
                  <p className="text-sm text-fg">
                    <span className="font-medium">Hostels:</span>{' '}
                    {mess.hostels.length ? mess.hostels.join(', ') : 'none'}
                  </p>
                  <p className="mt-1 text-sm text-fg">
                    <span className="font-medium">Meals:</span>{' '}
                    {mess.meals.map((m) => `${MESS_MEAL_LABELS[m.meal]} ${m.start}–${m.end}`).join(' · ')}
                  </p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setEditing(mess.id)}
                      aria-label={`Edit ${mess.name}`}
                    >
                      Edit
                    </Button>
                    <Link to={`/mess/${mess.id}/feedback`} className={buttonClasses('secondary', 'sm')}>
                      Feedback<span className="sr-only"> of {mess.name}</span>
                    </Link>
                  </div>
                  {isAdminView ? <ManagersForm mess={mess} /> : null}
                </>
              )}
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
