/**
 * The places directory for administrators, the admin area's Places tab (docs/architecture.md
 * "Features in detail": Places and the map): search, Add place / Edit in a dialog with the
 * contract's rules (server field messages under the fields), Delete after a confirmation, and the
 * CSV import — paste or choose a file, "Check" runs a dry run that lists every line's outcome (bad
 * lines with their number and reason), "Import" saves all lines or none. Every change is kept in
 * the API's audit trail; the bus timetables' import sits below. The API enforces the admin role.
 */
import { useDeferredValue, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { Place, PlaceBodyInput } from '@campus/contract/places';
import { PLACE_CATEGORIES, PLACE_CATEGORY_LABELS, PLACE_CSV_COLUMNS } from '@campus/contract/places-ui';
import { Button } from '../../../components/ui/button';
import { CsvImport } from '../../../components/ui/csv-import';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { PagedList } from '../../../components/ui/paged-list';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { showFieldErrors, toApiError } from '../../../lib/api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import {
  useCreatePlaceMutation,
  useDeletePlaceMutation,
  useImportPlacesMutation,
  useListPlacesQuery,
  useUpdatePlaceMutation,
} from '../../../lib/places-api';
import { toast } from '../../../lib/toast';
import { TimetablesImport } from './timetables-import';

const placeSchema = lazyZodResolver(() => import('@campus/contract/places').then((m) => m.placeBody));
const FIELDS = ['slug', 'name', 'category', 'lat', 'lng', 'aliases', 'hours', 'floor', 'description'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const CATEGORY_OPTIONS = PLACE_CATEGORIES.map((c) => ({ value: c, label: PLACE_CATEGORY_LABELS[c] }));

const valuesOf = (p: Place | null): Values =>
  p
    ? {
        slug: p.slug,
        name: p.name,
        category: p.category,
        lat: String(p.lat),
        lng: String(p.lng),
        aliases: p.aliases.join(', '),
        hours: p.hoursText,
        floor: p.floor ?? '',
        description: p.description,
      }
    : { slug: '', name: '', category: '', lat: '', lng: '', aliases: '', hours: '', floor: '', description: '' };

function PlaceFormModal({
  open,
  onOpenChange,
  place,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  place: Place | null;
}) {
  const form = useForm<Values>({ resolver: placeSchema.resolver as never });
  const { register, reset, handleSubmit, setError, formState, getValues } = form;
  const [create, createState] = useCreatePlaceMutation();
  const [update, updateState] = useUpdatePlaceMutation();
  useEffect(() => {
    if (open) reset(valuesOf(place));
  }, [open, place, reset]);

  // The schema checks the fields; the request carries them as typed (the API reads them the same way).
  const submit = handleSubmit(async () => {
    const body = getValues() as unknown as PlaceBodyInput;
    const res = place ? await update({ slug: place.slug, body }) : await create(body);
    if (!res.error) return onOpenChange(false);
    const error = toApiError(res.error);
    if (!showFieldErrors(error, FIELDS, (field, message) => setError(field, { message }))) toast.error(error.message);
  });
  const err = (f: (typeof FIELDS)[number]) => formState.errors[f]?.message;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={place ? `Edit ${place.name}` : 'Add place'}>
      <form noValidate onSubmit={submit} className="space-y-3" {...placeSchema.intent}>
        <Input label="Name" error={err('name')} {...register('name')} />
        <Input
          label="Slug"
          hint="The address: /map/<slug>, e.g. lecture-hall-complex"
          error={err('slug')}
          {...register('slug')}
        />
        <Select
          label="Category"
          placeholder="Choose a category"
          options={CATEGORY_OPTIONS}
          error={err('category')}
          {...register('category')}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <Input label="Latitude" inputMode="decimal" error={err('lat')} {...register('lat')} />
          <Input label="Longitude" inputMode="decimal" error={err('lng')} {...register('lng')} />
        </div>
        <Input
          label="Short names"
          hint="Separated by commas, e.g. LHC, Lecture Halls"
          error={err('aliases')}
          {...register('aliases')}
        />
        <Input
          label="Opening hours"
          hint="e.g. Mon-Fri 08:00-20:00; Sat 09:00-13:00 — empty: not listed"
          error={err('hours')}
          {...register('hours')}
        />
        <Input label="Floor or room" error={err('floor')} {...register('floor')} />
        <Textarea label="Description" rows={3} error={err('description')} {...register('description')} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={createState.isLoading || updateState.isLoading}>
            {place ? 'Save changes' : 'Add place'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The places' CSV import (the shared {@link CsvImport}: a dry run names each bad line). */
function PlacesImport() {
  const [run, state] = useImportPlacesMutation();
  return (
    <section
      aria-labelledby="places-import-heading"
      className="space-y-3 rounded-2xl border border-line bg-surface p-4"
    >
      <h3 id="places-import-heading" className="text-lg font-semibold text-fg">
        Import from CSV
      </h3>
      <CsvImport
        columns={PLACE_CSV_COLUMNS}
        hint="Short names separated by “|”. A known slug replaces that place."
        outcomes={{ create: 'New place', update: 'Replaces the place' }}
        run={run}
        busy={state.isLoading}
        onImported={(result) => toast.success(`Imported ${result.lines.length} places`)}
      />
    </section>
  );
}

export function PlacesAdmin() {
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const list = useListPlacesQuery({ q: term || undefined });
  const [editing, setEditing] = useState<Place | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Place | null>(null);
  const [remove, removeState] = useDeletePlaceMutation();
  const places = list.data?.items ?? [];

  return (
    <section aria-labelledby="places-admin-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="places-admin-heading" className="text-xl font-semibold text-fg">
          Places
        </h2>
        <Button
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          <Plus aria-hidden="true" size={18} /> Add place
        </Button>
      </div>
      <Input
        label="Search places"
        placeholder="Name or short name"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <PagedList
        loading={list.isLoading}
        loadingLabel="Loading places…"
        showLoadingLabel
        error={list.isError ? <p className="text-sm text-danger">{toApiError(list.error).message}</p> : null}
        empty={places.length ? null : <p className="text-sm text-muted">No places yet. Add one or import a CSV.</p>}
        pager={null}
      >
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {places.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0 break-words text-sm">
                <span className="font-medium text-fg">{p.name}</span>{' '}
                <span className="text-muted">
                  · {PLACE_CATEGORY_LABELS[p.category]} · {p.slug}
                </span>
              </span>
              <span className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Edit ${p.name}`}
                  onClick={() => {
                    setEditing(p);
                    setFormOpen(true);
                  }}
                >
                  <Pencil aria-hidden="true" size={16} /> Edit
                </Button>
                <Button variant="danger" size="sm" aria-label={`Delete ${p.name}`} onClick={() => setDeleting(p)}>
                  <Trash2 aria-hidden="true" size={16} /> Delete
                </Button>
              </span>
            </li>
          ))}
        </ul>
      </PagedList>
      <PlacesImport />
      <TimetablesImport />
      <PlaceFormModal open={formOpen} onOpenChange={setFormOpen} place={editing} />
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'this place'}?`}
        description="It disappears from the map and the bus stops that use it."
        confirmLabel="Delete"
        busy={removeState.isLoading}
        onConfirm={async () => {
          if (deleting && !(await remove(deleting.slug)).error) setDeleting(null);
        }}
      />
    </section>
  );
}
