/**
 * /attendance, the Attendance Dashboard (docs/product-spec.md §2, §4, §8; docs/design.md §8): the intro text;
 * "Enroll in a subject" opening the enrollment modal; the student's target (75–95 or the
 * institute's); the Subject Breakdown grid (3 columns on large screens) with the subject count,
 * cards with the percentage circle and the hover- and focus-revealed unenroll with its
 * confirmation; the selected subject's date picker (the last 2 years to today, default today)
 * with Mark Attendance and "Mark all present"; the Summary card with the can-miss line; the
 * Attendance Record card (status badges, Marked at HH:mm, edit, pending marks); the Subject Stats
 * Error panel with Retry. Marks made without a connection wait in the offline queue, shown as
 * pending, and are sent on reconnect. Reloads follow docs/product-spec.md §4 through the API's tags.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CalendarCheck, CloudOff, Plus } from 'lucide-react';
import {
  ATTENDANCE_MESSAGES as M,
  ATTENDANCE_TARGET_MAX,
  ATTENDANCE_TARGET_MIN,
  DEFAULT_ATTENDANCE_TARGET,
  earliestAttendanceDate,
  type AttendanceStatus,
} from '@campus/contract/attendance-ui';
import type {
  AttendanceRecord,
  MarkAttendanceBody,
  ScheduledClass,
  SubjectWiseEntry,
} from '@campus/contract/attendance';
import { useAppSelector } from '../../../lib/store';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { newIdempotencyKey, toApiError, type ApiError } from '../../../lib/api';
import { COMMON_MESSAGES } from '@campus/contract/envelope-ui';
import { toast } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { useInstituteInfo } from '../../../lib/institute-query';
import { useAttendanceTodayQuery } from '../../../lib/attendance-today';
import {
  useDeleteRecordMutation,
  useEnrollmentsQuery,
  useMarkAttendanceMutation,
  useOutlookQuery,
  useMarkBulkMutation,
  useOverallStatsQuery,
  useRecordsQuery,
  useSetTargetMutation,
  useSubjectStatsQuery,
  useSubjectWiseQuery,
  useTargetQuery,
  useUnenrollMutation,
  useUpdateRecordMutation,
} from '../attendance-api';
import { timeIn, todayIn } from '../attendance-outlook';
import { DayOffPlanner } from '../components/day-off-planner';
import { EnrollModal } from '../components/enroll-modal';
import { RecordModal } from '../components/record-modal';
import { RecordsCard } from '../components/records-card';
import { SubjectCard } from '../components/subject-card';
import { SummaryCard } from '../components/summary-card';
import { TodayCard, type TapOutcome } from '../components/today-card';
import { WeekChanges } from '../components/week-changes';
import { enqueueMark, useOfflineMarks, type QueuedMark, type SendOutcome } from '../offline-queue';

const DEFAULT_TZ = 'Asia/Kolkata';
const TARGET_CHOICES = Array.from(
  { length: (ATTENDANCE_TARGET_MAX - ATTENDANCE_TARGET_MIN) / 5 + 1 },
  (_, i) => ATTENDANCE_TARGET_MIN + i * 5,
);

/** True when a failure means "no connection" (the mark should wait in the queue). */
const isOffline = (e: ApiError) => e.status === 'NETWORK' || e.status === 'TIMEOUT';
/** The server still runs the first send of this key (409 of the Idempotency-Key draft): retry later. */
const stillRunning = (e: ApiError) => e.status === 409 && e.serverMessage === COMMON_MESSAGES.idempotencyInProgress;

export default function AttendancePage() {
  const user = useAppSelector((s) => s.auth.user);
  const userId = user?.id ?? '';
  const institute = useInstituteInfo().data;
  const timeZone = institute?.timezone ?? DEFAULT_TZ;
  const today = todayIn(timeZone);

  const enrollments = useEnrollmentsQuery(userId, { skip: !userId });
  const subjectWise = useSubjectWiseQuery(userId, { skip: !userId });
  const overall = useOverallStatsQuery(userId, { skip: !userId });
  const target = useTargetQuery(undefined, { skip: !userId });
  const todayClasses = useAttendanceTodayQuery(undefined, { skip: !userId });
  const outlook = useOutlookQuery({}, { skip: !userId });
  const outlookOf = useMemo(() => new Map((outlook.data?.subjects ?? []).map((o) => [o.subjectId, o])), [outlook.data]);
  // The outlook's term: the one running today, or between terms the next (docs/attendance-outlook.md).
  const planTerm = outlook.data?.term ?? todayClasses.data?.term ?? null;

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [date, setDate] = useState(today);
  const [dateError, setDateError] = useState<string | null>(null);
  const [modal, setModal] = useState<{ record: AttendanceRecord | null } | null>(null);
  const [enrollOpen, setEnrollOpen] = useState(false);
  const [unenrolling, setUnenrolling] = useState<SubjectWiseEntry | null>(null);

  const entries = useMemo(() => subjectWise.data?.entries ?? [], [subjectWise.data]);
  const online = useOnline();
  const servedAt = subjectWise.data?.servedAt;
  const enrolledIds = useMemo(() => new Set((enrollments.data ?? []).map((e) => e.id)), [enrollments.data]);
  const selected = entries.find((e) => e.subjectId === selectedId) ?? null;

  // Spec §4: no enrollments resets the selection; a subject no longer enrolled is deselected.
  useEffect(() => {
    if (selectedId && enrollments.data && !enrolledIds.has(selectedId)) setSelectedId(null);
  }, [selectedId, enrollments.data, enrolledIds]);

  const haveSelection = !!selected && !!userId;
  const records = useRecordsQuery(
    { userId, subjectId: selectedId ?? 0, date },
    { skip: !haveSelection || !!dateError },
  );
  const subjectStats = useSubjectStatsQuery({ userId, subjectId: selectedId ?? 0 }, { skip: !haveSelection });

  const [markAttendance, markState] = useMarkAttendanceMutation();
  const [markBulk, bulkState] = useMarkBulkMutation();
  const [updateRecord, updateState] = useUpdateRecordMutation();
  const [unenroll, unenrollState] = useUnenrollMutation();
  const [setTarget] = useSetTargetMutation();
  const [deleteRecord] = useDeleteRecordMutation();

  const send = useCallback(
    async (mark: MarkAttendanceBody, idempotencyKey: string): Promise<SendOutcome> => {
      const result = await markAttendance({ ...mark, idempotencyKey });
      if (!('error' in result) || !result.error) return { kind: 'sent' };
      const error = toApiError(result.error, M.failedMark);
      return isOffline(error) || stillRunning(error) ? { kind: 'offline' } : { kind: 'refused', error };
    },
    [markAttendance],
  );
  const onRefused = useCallback(
    (_mark: QueuedMark, error: ApiError) => toast.error(`${M.failedMark}: ${error.message}`),
    [],
  );
  const queue = useOfflineMarks(userId, send, onRefused);
  const pendingHere = queue.pending.filter((m) => m.subjectId === selectedId && m.date === date);

  /** One tap on a class of the timetable: stored (its record, for the undo), queued offline, or refused. */
  const tapMark = async (c: ScheduledClass, status: AttendanceStatus): Promise<TapOutcome> => {
    const body: MarkAttendanceBody = { userId, subjectId: c.subjectId, date: c.date, status };
    const key = newIdempotencyKey();
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      enqueueMark(body, key);
      toast.info(M.offlineQueued);
      return 'queued';
    }
    const result = await markAttendance({ ...body, idempotencyKey: key });
    if (result.data) return result.data;
    const error = toApiError(result.error, M.failedMark);
    if (isOffline(error) || stillRunning(error)) {
      enqueueMark(body, key);
      toast.info(M.offlineQueued);
      return 'queued';
    }
    toast.error(`${M.failedMark}: ${error.message}`);
    return null;
  };

  const selectSubject = (id: number) => {
    setSelectedId(id);
    setDate(today);
    setDateError(null);
  };

  const onDateChange = (value: string) => {
    setDate(value);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) setDateError(M.dateInvalid);
    else if (value > today) setDateError(M.dateFuture);
    else if (value < earliestAttendanceDate(today)) setDateError(M.dateTooOld);
    else setDateError(null);
  };

  const openCreate = () => {
    if (!userId || !selected) return void toast.error(M.modalMissing);
    setModal({ record: null });
  };

  const submitRecord = async (values: { status: AttendanceStatus; date: string }) => {
    if (!selected || !userId) return void toast.error(M.modalInvalid);
    if (modal?.record) {
      const res = await updateRecord({ id: modal.record.id, ...values });
      if (!res.error) setModal(null);
      return;
    }
    const body: MarkAttendanceBody = { userId, subjectId: selected.subjectId, ...values };
    // One key per submission: a retry from the queue reuses it, so the mark is stored once.
    const key = newIdempotencyKey();
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      enqueueMark(body, key);
      toast.info(M.offlineQueued);
      setModal(null);
      return;
    }
    const outcome = await send(body, key);
    if (outcome.kind === 'offline') {
      enqueueMark(body, key);
      toast.info(M.offlineQueued);
    } else if (outcome.kind === 'refused') {
      toast.error(`${M.failedMark}: ${outcome.error.message}`);
      return;
    }
    setModal(null);
  };

  const markAllPresent = async () => {
    if (!userId || !entries.length) return;
    await markBulk({ userId, date: today, status: 'Present', subjectIds: entries.map((e) => e.subjectId) });
  };

  const confirmUnenroll = async () => {
    if (!unenrolling || !userId) return;
    const res = await unenroll({ userId, subjectId: unenrolling.subjectId });
    if (!res.error) setUnenrolling(null);
  };

  const targetValue = target.data?.custom ? String(target.data.target) : '';
  const instituteTarget = target.data?.instituteTarget ?? institute?.attendanceTarget ?? DEFAULT_ATTENDANCE_TARGET;
  // Offline, the last data stays on screen; the error panel is for data we do not have.
  const statsError =
    (!subjectWise.data && subjectWise.error) ||
    (!overall.data && overall.error) ||
    (!enrollments.data && enrollments.error) ||
    undefined;
  const anyMarked = entries.some((e) => e.totalDays > 0);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Attendance Dashboard"
        subtitle={M.intro}
        actions={
          <Button onClick={() => setEnrollOpen(true)} disabled={!userId}>
            <Plus aria-hidden="true" size={18} /> {M.enrollButton}
          </Button>
        }
      />

      {!online ? (
        <Alert tone="info">
          <span className="inline-flex items-center gap-2">
            <CloudOff aria-hidden="true" size={18} />
            {servedAt ? M.offlineUpdatedAt(timeIn(new Date(servedAt).toISOString(), timeZone)) : M.offline}
          </span>
        </Alert>
      ) : null}

      {queue.pending.length > 0 ? (
        <Alert tone="warning">
          <span className="inline-flex items-center gap-2">
            <CloudOff aria-hidden="true" size={18} />
            {queue.pending.length === 1
              ? '1 mark is pending: it will be sent when you are back online.'
              : `${queue.pending.length} marks are pending: they will be sent when you are back online.`}
          </span>
          <Button variant="link" size="sm" className="ml-2" onClick={() => void queue.flush()}>
            Send now
          </Button>
        </Alert>
      ) : null}

      {statsError ? (
        <Alert tone="error">
          <span>
            {M.statsErrorPrefix}
            {toApiError(statsError, M.statsErrorDefault).serverMessage ?? M.statsErrorDefault}
          </span>
          <Button
            variant="secondary"
            size="sm"
            className="ml-3"
            onClick={() => {
              void subjectWise.refetch();
              void overall.refetch();
              void enrollments.refetch();
            }}
          >
            {M.retry}
          </Button>
        </Alert>
      ) : null}

      {userId ? (
        <TodayCard
          today={todayClasses}
          hasClass={!!user?.branch && !!user?.semester}
          pending={queue.pending}
          onMark={tapMark}
          onUndo={async (id) => !(await deleteRecord(id)).error}
          nextTermStart={planTerm && planTerm.start > today ? planTerm.start : null}
        />
      ) : null}

      <section aria-labelledby="breakdown-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="breakdown-heading" className="flex items-center gap-2 text-lg font-semibold text-fg">
            {M.subjectBreakdown}
            <Badge tone="accent">
              {entries.length} {entries.length === 1 ? 'subject' : 'subjects'}
            </Badge>
          </h2>
          <div className="flex flex-wrap items-end gap-3">
            <Select
              label="My target"
              className="w-48"
              value={targetValue}
              options={[
                { value: '', label: `Institute (${instituteTarget}%)` },
                ...TARGET_CHOICES.map((t) => ({ value: String(t), label: `${t}%` })),
              ]}
              onChange={(e) => void setTarget(e.target.value ? Number(e.target.value) : null)}
              disabled={!target.data}
            />
            {entries.length > 0 ? (
              <Button variant="secondary" onClick={() => void markAllPresent()} loading={bulkState.isLoading}>
                <CalendarCheck aria-hidden="true" size={18} /> Mark all present today
              </Button>
            ) : null}
          </div>
        </div>
        {subjectWise.isLoading || enrollments.isLoading ? (
          <Spinner label="Loading subjects" />
        ) : entries.length === 0 && !statsError ? (
          <EmptyState
            title="You are not enrolled in any subject yet."
            description="Enroll in your subjects to start tracking attendance."
            action={<Button onClick={() => setEnrollOpen(true)}>{M.enrollButton}</Button>}
          />
        ) : (
          <>
            {!anyMarked && entries.length > 0 ? <p className="text-muted">{M.noneMarked}</p> : null}
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={M.subjectBreakdown}>
              {entries.map((entry) => (
                <SubjectCard
                  key={entry.subjectId}
                  entry={entry}
                  term={outlookOf.get(entry.subjectId)}
                  selected={entry.subjectId === selectedId}
                  onSelect={() => selectSubject(entry.subjectId)}
                  onUnenroll={() => setUnenrolling(entry)}
                />
              ))}
            </ul>
          </>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          {selected ? (
            <Card aria-label="Selected subject">
              <h2 className="text-lg font-semibold text-fg">{selected.name}</h2>
              <p className="text-sm text-muted">{selected.code}</p>
              <div className="mt-4 flex flex-wrap items-end gap-3">
                <Input
                  label="Date"
                  type="date"
                  min={earliestAttendanceDate(today)}
                  max={today}
                  value={date}
                  error={dateError ?? undefined}
                  onChange={(e) => onDateChange(e.target.value)}
                  className="w-48"
                />
                <Button onClick={openCreate} disabled={!!dateError}>
                  {M.markAttendance}
                </Button>
              </div>
            </Card>
          ) : null}
          {selected && subjectStats.data ? (
            <SummaryCard stats={subjectStats.data} title={`${M.summary}: ${selected.code}`} />
          ) : overall.data ? (
            <SummaryCard stats={overall.data} title={`${M.summary}: all subjects`} />
          ) : overall.isLoading ? (
            <Spinner label="Loading summary" />
          ) : null}
        </div>

        {selected ? (
          <RecordsCard
            records={records}
            pending={pendingHere}
            online={online}
            timeZone={timeZone}
            onEdit={(record) => setModal({ record })}
          />
        ) : null}
      </div>

      {planTerm ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <DayOffPlanner today={today} term={planTerm} />
          {todayClasses.data?.term ? (
            <WeekChanges term={todayClasses.data.term} enrollments={enrollments.data ?? []} />
          ) : null}
        </div>
      ) : null}

      {selected ? (
        <RecordModal
          open={modal !== null}
          onOpenChange={(open) => !open && setModal(null)}
          subjectName={selected.name}
          record={modal?.record ?? null}
          date={date}
          today={today}
          busy={markState.isLoading || updateState.isLoading}
          onSubmit={submitRecord}
        />
      ) : null}
      {userId ? (
        <EnrollModal
          open={enrollOpen}
          onOpenChange={setEnrollOpen}
          userId={userId}
          enrolledIds={enrolledIds}
          branches={institute?.branches ?? []}
          semesters={institute?.semesters ?? []}
          defaultBranch={user?.branch}
          defaultSemester={user?.semester}
        />
      ) : null}
      <ConfirmModal
        open={unenrolling !== null}
        onOpenChange={(open) => !open && setUnenrolling(null)}
        title="Unenroll"
        description={unenrolling ? M.confirmUnenroll(unenrolling.name) : undefined}
        confirmLabel="Unenroll"
        confirmVariant="danger"
        busy={unenrollState.isLoading}
        onConfirm={confirmUnenroll}
      />
    </div>
  );
}
