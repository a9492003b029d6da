/**
 * The subject catalogue for administrators (an admin adds, edits and removes subjects),
 * shown as the admin area's Subjects tab: search and filter by branch and semester, pages of 20,
 * Add subject / Edit in a dialog with the contract's rules (server field messages under the
 * fields), Delete after a confirmation (refused with the server's message while students are
 * enrolled). The API enforces the admin role.
 */
import { useDeferredValue, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { Subject } from '@campus/contract/attendance';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { PagedList } from '../../../components/ui/paged-list';
import { Select } from '../../../components/ui/select';
import { showFieldErrors, toApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useInstituteInfo } from '../../../lib/institute-query';
import { useListSubjectsQuery } from '../../../lib/subjects-api';
import { useCreateSubjectMutation, useDeleteSubjectMutation, useUpdateSubjectMutation } from '../admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

const PAGE_SIZE = 20;
/** The contract's subject body, fetched when the dialog's form is first focused (lib/lazy-resolver.ts). */
const subjectSchema = lazyZodResolver(() => import('@campus/contract/attendance').then((m) => m.createSubjectBody));
const FIELDS = ['name', 'code', 'branch', 'semester', 'credits'] as const;

function SubjectFormModal({
  open,
  onOpenChange,
  subject,
  branches,
  semesters,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  subject: Subject | null;
  branches: readonly string[];
  semesters: readonly string[];
}) {
  const form = useForm({ resolver: subjectSchema.resolver });
  const { register, reset, handleSubmit, setError, formState } = form;
  const [create, createState] = useCreateSubjectMutation();
  const [update, updateState] = useUpdateSubjectMutation();
  useEffect(() => {
    if (open)
      reset(
        subject
          ? { ...subject, credits: String(subject.credits) }
          : { name: '', code: '', branch: '', semester: '', credits: '4' },
      );
  }, [open, subject, reset]);

  const submit = handleSubmit(async (body) => {
    const res = subject ? await update({ id: subject.id, ...body }) : await create(body);
    if (!res.error) return onOpenChange(false);
    const error = toApiError(res.error);
    if (!showFieldErrors(error, FIELDS, (field, message) => setError(field, { message }))) toast.error(error.message);
  });
  const err = (f: (typeof FIELDS)[number]) => formState.errors[f]?.message;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={subject ? `Edit ${subject.code}` : 'Add subject'}>
      <form noValidate onSubmit={submit} className="space-y-3" {...subjectSchema.intent}>
        <Input label="Name" error={err('name')} {...register('name')} />
        <Input label="Code" hint="e.g. CS301" error={err('code')} {...register('code')} />
        <Select
          label="Branch"
          placeholder="Choose a branch"
          options={branches}
          error={err('branch')}
          {...register('branch')}
        />
        <Select
          label="Semester"
          placeholder="Choose a semester"
          options={semesters}
          error={err('semester')}
          {...register('semester')}
        />
        <Input label="Credits" type="number" min={0} max={10} error={err('credits')} {...register('credits')} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={createState.isLoading || updateState.isLoading}>
            {subject ? 'Save changes' : 'Add subject'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export function SubjectsAdmin() {
  const institute = useInstituteInfo().data;
  const branches = institute?.branches ?? [];
  const semesters = institute?.semesters ?? [];
  const [branch, setBranch] = useState('');
  const [semester, setSemester] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDeferredValue(search.trim());
  const list = useListSubjectsQuery({
    branch: branch || undefined,
    semester: semester || undefined,
    search: term || undefined,
    page,
    limit: PAGE_SIZE,
  });
  const [editing, setEditing] = useState<Subject | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Subject | null>(null);
  const [remove, removeState] = useDeleteSubjectMutation();
  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };

  return (
    <section aria-labelledby="subjects-admin-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="subjects-admin-heading" className="text-xl font-semibold text-fg">
          Subjects
        </h2>
        <Button
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          <Plus aria-hidden="true" size={18} /> Add subject
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <Input
          label="Search subjects"
          placeholder="Name or code"
          value={search}
          onChange={(e) => filter(setSearch)(e.target.value)}
        />
        <Select
          label="Branch"
          placeholder="All branches"
          options={branches}
          value={branch}
          onChange={(e) => filter(setBranch)(e.target.value)}
        />
        <Select
          label="Semester"
          placeholder="All semesters"
          options={semesters}
          value={semester}
          onChange={(e) => filter(setSemester)(e.target.value)}
        />
      </div>
      <PagedList
        loading={list.isLoading}
        loadingLabel="Loading subjects"
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
        empty={list.data?.items.length ? null : <p className="text-muted">No subjects match these filters.</p>}
        pager={
          !list.isError && list.data?.items.length
            ? {
                ...list.data.pagination,
                onPageChange: setPage,
                label: 'Subject pages',
              }
            : null
        }
      >
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface" aria-label="Subjects">
          {(list.data?.items ?? []).map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <span className="min-w-0">
                <span className="block font-medium text-fg">
                  {s.code} · {s.name}
                </span>
                <span className="block text-sm text-muted">
                  {s.branch} · {s.semester} semester · {s.credits} credits
                </span>
              </span>
              <span className="flex gap-2">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Edit ${s.code}`}
                  onClick={() => {
                    setEditing(s);
                    setFormOpen(true);
                  }}
                >
                  <Pencil aria-hidden="true" size={16} /> Edit
                </Button>
                <Button variant="ghost" size="sm" aria-label={`Delete ${s.code}`} onClick={() => setDeleting(s)}>
                  <Trash2 aria-hidden="true" size={16} /> Delete
                </Button>
              </span>
            </li>
          ))}
        </ul>
      </PagedList>
      <SubjectFormModal
        open={formOpen}
        onOpenChange={setFormOpen}
        subject={editing}
        branches={branches}
        semesters={semesters}
      />
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete subject"
        description={deleting ? `Delete ${deleting.code} ${deleting.name} from the catalogue?` : undefined}
        confirmLabel="Delete"
        confirmVariant="danger"
        busy={removeState.isLoading}
        onConfirm={async () => {
          if (!deleting) return;
          const res = await remove(deleting.id);
          if (!res.error) setDeleting(null);
        }}
      />
    </section>
  );
}
