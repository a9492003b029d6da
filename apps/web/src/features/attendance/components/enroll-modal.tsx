/**
 * The enrollment modal (docs/product-spec.md §2, docs/design.md §8: opened by "Enroll in a subject"): searches the catalogue
 * by name or code and filters it by branch and semester (the student's own by default); each
 * subject has Enroll, or shows Enrolled.
 */
import { useDeferredValue, useState } from 'react';
import { ATTENDANCE_MESSAGES as M } from '@campus/contract/attendance-ui';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { useListSubjectsQuery } from '../../../lib/subjects-api';
import { useEnrollMutation } from '../attendance-api';

export interface EnrollModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
  enrolledIds: ReadonlySet<number>;
  branches: readonly string[];
  semesters: readonly string[];
  defaultBranch?: string | null;
  defaultSemester?: string | null;
}

export function EnrollModal(props: EnrollModalProps) {
  const { open, onOpenChange, userId, enrolledIds, branches, semesters } = props;
  const [branch, setBranch] = useState(props.defaultBranch ?? '');
  const [semester, setSemester] = useState(props.defaultSemester ?? '');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const subjects = useListSubjectsQuery(
    { branch: branch || undefined, semester: semester || undefined, search: deferredSearch || undefined },
    { skip: !open },
  );
  const [enroll, { isLoading, originalArgs }] = useEnrollMutation();

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={M.enrollButton} className="max-w-2xl">
      <div className="grid gap-3 sm:grid-cols-3">
        <Input
          label="Search subjects"
          placeholder="Name or code"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Select
          label="Branch"
          placeholder="All branches"
          options={branches}
          value={branch}
          onChange={(e) => setBranch(e.target.value)}
        />
        <Select
          label="Semester"
          placeholder="All semesters"
          options={semesters}
          value={semester}
          onChange={(e) => setSemester(e.target.value)}
        />
      </div>
      <div className="mt-4" aria-live="polite">
        {subjects.isLoading || subjects.isFetching ? (
          <Spinner label="Loading subjects" />
        ) : subjects.isError ? (
          <p role="alert" className="text-danger">
            {M.failedSubjects}
            <Button variant="link" size="sm" className="ml-2" onClick={() => void subjects.refetch()}>
              {M.retry}
            </Button>
          </p>
        ) : subjects.data?.items.length ? (
          <ul className="divide-y divide-line" aria-label="Subjects">
            {subjects.data.items.map((s) => {
              const enrolled = enrolledIds.has(s.id);
              return (
                <li key={s.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-fg">{s.name}</span>
                    <span className="block text-sm text-muted">
                      {s.code} · {s.semester} semester · {s.credits} credits
                    </span>
                  </span>
                  {enrolled ? (
                    <Badge tone="success">Enrolled</Badge>
                  ) : (
                    <Button
                      size="sm"
                      aria-label={`Enroll in ${s.name}`}
                      loading={isLoading && originalArgs?.subjectId === s.id}
                      onClick={() => void enroll({ userId, subjectId: s.id })}
                    >
                      Enroll
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-muted">No subjects match these filters.</p>
        )}
      </div>
    </Modal>
  );
}
