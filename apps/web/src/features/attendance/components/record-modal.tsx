/**
 * The create/edit modal of an attendance record (docs/product-spec.md §2, §4, §5, §8). Create mode starts with the
 * status empty and the date set to the chosen date (or today); edit mode starts with the record's
 * status and date, and refuses a record whose date is not yyyy-MM-dd ("Invalid record date format
 * for editing."). The date may not be after today in the institute's time zone nor more than 2
 * years before it (`earliestAttendanceDate`), as the API checks. The form's rules are the
 * contract's (`markAttendanceBody`), plus that window.
 */
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import {
  ATTENDANCE_MESSAGES as M,
  ATTENDANCE_STATUSES,
  earliestAttendanceDate,
  type AttendanceStatus,
} from '@campus/contract/attendance-ui';
import type { AttendanceRecord } from '@campus/contract/attendance';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

/**
 * The form's schema: status and date of the contract, the date from 2 years before `today` to
 * `today`; loaded with zod at the first focus or submit (lib/lazy-resolver.ts).
 */
const recordFormSchema = (today: string) =>
  lazyZodResolver(async () =>
    (await import('@campus/contract/attendance')).markAttendanceBody
      .pick({ status: true, date: true })
      .refine((v) => v.date <= today, { message: M.dateFuture, path: ['date'] })
      .refine((v) => v.date >= earliestAttendanceDate(today), { message: M.dateTooOld, path: ['date'] }),
  );

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export interface RecordModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Subject shown in the title. */
  subjectName: string;
  /** The record to edit, or null to create. */
  record: AttendanceRecord | null;
  /** Create mode's starting date (the picker's). */
  date: string;
  today: string;
  busy?: boolean;
  onSubmit: (values: { status: AttendanceStatus; date: string }) => void | Promise<void>;
}

export function RecordModal({
  open,
  onOpenChange,
  subjectName,
  record,
  date,
  today,
  busy,
  onSubmit,
}: RecordModalProps) {
  const schema = useMemo(() => recordFormSchema(today), [today]);
  const form = useForm({
    resolver: schema.resolver,
    defaultValues: { status: '', date },
  });
  const { register, reset, handleSubmit, formState } = form;
  useEffect(() => {
    if (open) reset(record ? { status: record.status, date: record.date } : { status: '', date: date || today });
  }, [open, record, date, today, reset]);

  const badDate = record !== null && !DATE_PATTERN.test(record.date);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={record ? `Edit attendance: ${subjectName}` : `Mark attendance: ${subjectName}`}
    >
      {badDate ? (
        <p role="alert" className="text-danger">
          {M.modalBadDate}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit((v) => onSubmit({ status: v.status as AttendanceStatus, date: String(v.date) }))}
          className="space-y-4"
          {...schema.intent}
        >
          <Select
            label="Status"
            placeholder="Choose Present or Absent"
            options={ATTENDANCE_STATUSES}
            error={formState.errors.status?.message}
            {...register('status')}
          />
          <Input
            label="Date"
            type="date"
            min={earliestAttendanceDate(today)}
            max={today}
            error={formState.errors.date?.message}
            {...register('date')}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {record ? 'Save changes' : M.markAttendance}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
