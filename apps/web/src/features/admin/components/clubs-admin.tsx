/**
 * The administrator's Clubs tab (docs/architecture.md "Features in detail", Events and clubs): every
 * club by name; Add club / Edit in a dialog (name, slug on creation only, category, description,
 * logo), Delete after a confirmation (refused with the server's message while the club has events),
 * and Coordinators in a dialog (add by e-mail, remove; each change saves the whole list); Import CSV
 * in a dialog (`CsvImport`: a dry run names each bad line, the import saves all lines or none).
 * Server field messages show under the fields. The API enforces the admin role.
 */
import { useState, type FormEvent } from 'react';
import { FileUp, Pencil, Plus, Trash2, Users } from 'lucide-react';
import type { Club } from '@campus/contract/events';
import { CLUB_CATEGORIES, CLUB_CATEGORY_LABELS, CLUB_CSV_COLUMNS, CLUB_MESSAGES } from '@campus/contract/events-ui';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { CsvImport } from '../../../components/ui/csv-import';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { PagedList } from '../../../components/ui/paged-list';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import {
  useClubCoordinatorsQuery,
  useDeleteClubMutation,
  useAdminClubsQuery,
  useImportClubsMutation,
  useSaveClubMutation,
  useSetCoordinatorsMutation,
} from '../admin-api';

const CATEGORY_OPTIONS = CLUB_CATEGORIES.map((c) => ({ value: c, label: CLUB_CATEGORY_LABELS[c] }));

/**
 * The coordinators' e-mails after adding `email` (trimmed, lower-case; unchanged when blank or
 * already listed) — what PUT /api/admin/clubs/{slug}/coordinators receives.
 */
export function withCoordinator(emails: readonly string[], email: string): string[] {
  const e = email.trim().toLowerCase();
  return !e || emails.includes(e) ? [...emails] : [...emails, e];
}

function ClubFormModal({ club, onClose }: { club: Club | 'new' | null; onClose: () => void }) {
  const [save, state] = useSaveClubMutation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const editing = club && club !== 'new' ? club : null;
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const image = form.get('image');
    if (image instanceof File && !image.size) form.delete('image');
    if (editing) form.delete('slug');
    const res = await save({ slug: editing?.slug, form });
    if (!res.error) {
      setErrors({});
      setFormError(null);
      return onClose();
    }
    const error = toApiError(res.error);
    setErrors(error.errors ?? {});
    setFormError(error.errors ? null : error.message);
  };
  return (
    <Modal
      open={club !== null}
      onOpenChange={(open) => !open && onClose()}
      title={editing ? `Edit ${editing.name}` : 'Add club'}
    >
      <form noValidate onSubmit={submit} className="space-y-3" key={editing?.id ?? 'new'}>
        {formError ? (
          <p role="alert" className="text-danger">
            {formError}
          </p>
        ) : null}
        <Input label="Name" name="name" defaultValue={editing?.name ?? ''} error={errors.name} required />
        {editing ? null : <Input label="Slug" name="slug" hint="e.g. robotics-club" error={errors.slug} required />}
        <Select
          label="Category"
          name="category"
          placeholder="Choose a category"
          options={CATEGORY_OPTIONS}
          defaultValue={editing?.category ?? ''}
          error={errors.category}
        />
        <Textarea
          label="Description"
          name="description"
          rows={4}
          defaultValue={editing?.description ?? ''}
          error={errors.description}
        />
        <Input label="Logo" name="image" type="file" accept="image/jpeg,image/png,image/webp" error={errors.image} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={state.isLoading}>
            {editing ? 'Save changes' : 'Add club'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function CoordinatorsModal({ club, onClose }: { club: Club | null; onClose: () => void }) {
  const list = useClubCoordinatorsQuery(club?.slug ?? '', { skip: !club });
  const [setCoordinators, state] = useSetCoordinatorsMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const emails = (list.data ?? []).map((c) => c.email);
  const saveList = async (next: string[]) => {
    if (!club) return false;
    const res = await setCoordinators({ slug: club.slug, emails: next });
    if (res.error) {
      const e = toApiError(res.error);
      setError(e.errors?.emails ?? e.message);
      return false;
    }
    setError(null);
    return true;
  };
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const next = withCoordinator(emails, email);
    if (next.length === emails.length) return;
    if (await saveList(next)) setEmail('');
  };
  return (
    <Modal
      open={club !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Coordinators of ${club?.name ?? ''}`}
    >
      <div className="space-y-3">
        {list.isLoading ? <p className="text-muted">Loading coordinators…</p> : null}
        {list.isError ? (
          <p role="alert" className="text-danger">
            {toApiError(list.error).message}
          </p>
        ) : null}
        {list.data && !list.data.length ? <p className="text-muted">No coordinators yet.</p> : null}
        <ul className="divide-y divide-line" aria-label="Coordinators">
          {(list.data ?? []).map((c) => (
            <li key={c.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words">
                {c.name ? <span className="block font-medium text-fg">{c.name}</span> : null}
                <span className="block text-sm break-all text-muted">{c.email}</span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${c.email}`}
                disabled={state.isLoading}
                onClick={() => void saveList(emails.filter((x) => x !== c.email))}
              >
                <Trash2 aria-hidden="true" size={16} /> Remove
              </Button>
            </li>
          ))}
        </ul>
        <form noValidate onSubmit={add} className="space-y-2">
          <Input
            label="Add by e-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error ?? undefined}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              Done
            </Button>
            <Button type="submit" loading={state.isLoading}>
              Add coordinator
            </Button>
          </div>
        </form>
      </div>
    </Modal>
  );
}

/** The clubs CSV import in a dialog. */
function ClubsImportModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [run, state] = useImportClubsMutation();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Import clubs">
      <CsvImport
        columns={CLUB_CSV_COLUMNS}
        hint={
          <>
            Category: {CLUB_CATEGORIES.join(', ')}. Coordinators: students’ e-mails separated by “;” (empty keeps a
            known club’s coordinators). A known slug updates that club.
          </>
        }
        outcomes={{ create: 'New club', update: 'Updates the club' }}
        run={run}
        busy={state.isLoading}
        onImported={(result) => toast.success(CLUB_MESSAGES.imported(result.lines.length))}
      />
    </Modal>
  );
}

export function ClubsAdmin() {
  const [page, setPage] = useState(1);
  const list = useAdminClubsQuery({ page, limit: 20 });
  const [editing, setEditing] = useState<Club | 'new' | null>(null);
  const [coordinating, setCoordinating] = useState<Club | null>(null);
  const [deleting, setDeleting] = useState<Club | null>(null);
  const [remove, removeState] = useDeleteClubMutation();
  const [importing, setImporting] = useState(false);

  return (
    <section aria-labelledby="clubs-admin-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="clubs-admin-heading" className="text-xl font-semibold text-fg">
          Clubs
        </h2>
        <span className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setImporting(true)}>
            <FileUp aria-hidden="true" size={18} /> Import CSV
          </Button>
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" size={18} /> Add club
          </Button>
        </span>
      </div>
      <PagedList
        loading={list.isLoading}
        loadingLabel="Loading clubs"
        error={
          list.isError ? (
            <p role="alert" className="text-danger">
              {toApiError(list.error).message}
              <Button variant="link" size="sm" className="ml-2" onClick={() => void list.refetch()}>
                Retry
              </Button>
            </p>
          ) : null
        }
        empty={list.data?.items.length ? null : <p className="text-muted">No clubs yet. Add the first one.</p>}
        pager={
          !list.isError && list.data?.items.length
            ? { ...list.data.pagination, onPageChange: setPage, label: 'Club pages' }
            : null
        }
      >
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface" aria-label="Clubs">
          {(list.data?.items ?? []).map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <span className="min-w-0 break-words">
                <span className="block font-medium text-fg">{c.name}</span>
                <span className="block text-sm text-muted">
                  {CLUB_CATEGORY_LABELS[c.category]} · {c.slug} · {c.followerCount} followers
                </span>
              </span>
              <span className="flex flex-wrap gap-2">
                <Button variant="ghost" size="sm" aria-label={`Edit ${c.name}`} onClick={() => setEditing(c)}>
                  <Pencil aria-hidden="true" size={16} /> Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Coordinators of ${c.name}`}
                  onClick={() => setCoordinating(c)}
                >
                  <Users aria-hidden="true" size={16} /> Coordinators
                </Button>
                <Button variant="ghost" size="sm" aria-label={`Delete ${c.name}`} onClick={() => setDeleting(c)}>
                  <Trash2 aria-hidden="true" size={16} /> Delete
                </Button>
              </span>
            </li>
          ))}
        </ul>
      </PagedList>
      <ClubFormModal club={editing} onClose={() => setEditing(null)} />
      <ClubsImportModal open={importing} onOpenChange={setImporting} />
      <CoordinatorsModal club={coordinating} onClose={() => setCoordinating(null)} />
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete club"
        description={deleting ? `Delete ${deleting.name}? Its followers and coordinators are removed.` : undefined}
        confirmLabel="Delete"
        confirmVariant="danger"
        busy={removeState.isLoading}
        onConfirm={async () => {
          if (!deleting) return;
          const res = await remove(deleting.slug);
          if (!res.error) setDeleting(null);
        }}
      />
    </section>
  );
}
