/**
 * The "Report" action of a listing, lost & found item, ride or user: a
 * small button that opens a dialog with the reasons (a radio group), a details box (required for
 * Other, at most 500 characters) and, once sent, the thanks message. Refusals (already reported,
 * not found) are shown in the dialog. Renders nothing for the viewer's own content (the server
 * refuses it too). Shared by every feature (no feature import: features may not import each other).
 */
import { useId, useState, type FormEvent } from 'react';
import { Flag } from 'lucide-react';
import {
  REPORT_DETAILS_MAX,
  REPORT_MESSAGES,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  type ReportReason,
  type ReportTargetType,
} from '@campus/contract/reports-ui';
import { toApiError } from '../lib/api';
import { useCreateReportMutation } from '../lib/reports-api';
import { useAppSelector } from '../lib/store';
import { Alert } from './ui/alert';
import { Badge } from './ui/badge';
import { Button } from './ui/button';
import { Modal } from './ui/modal';
import { Textarea } from './ui/textarea';

export interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: string;
  /** Whose it is: the button is not shown to them. */
  ownerId: string;
  /** What it is called (the dialog's title, the button's accessible name). */
  name: string;
}

/**
 * The dialog's rule for a report: a reason is chosen, and Other needs details;
 * details are at most 500 characters. Returns the message to show, or null when it may be sent.
 */
export function reportProblem(reason: ReportReason | null, details: string): string | null {
  if (!reason) return REPORT_MESSAGES.reasonRequired;
  if (reason === 'other' && !details.trim()) return REPORT_MESSAGES.detailsRequired;
  if (details.trim().length > REPORT_DETAILS_MAX) return REPORT_MESSAGES.detailsTooLong;
  return null;
}

/** The Report button and its dialog. */
export function ReportButton({ targetType, targetId, ownerId, name }: ReportButtonProps) {
  const me = useAppSelector((s) => s.auth.user);
  const [open, setOpen] = useState(false);
  if (!me || me.id === ownerId) return null;
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`Report ${name}`}>
        <Flag aria-hidden="true" size={16} />
        Report
      </Button>
      {open ? (
        <ReportDialog targetType={targetType} targetId={targetId} name={name} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

/** The dialog: reasons, details, send; then the thanks message. */
export function ReportDialog({
  targetType,
  targetId,
  name,
  onClose,
}: Omit<ReportButtonProps, 'ownerId'> & { onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [send, { isLoading, isSuccess, error, reset }] = useCreateReportMutation();
  const groupId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = reportProblem(reason, details);
    setProblem(found);
    if (found || !reason) return;
    reset();
    await send({ targetType, targetId, reason, ...(details.trim() ? { details: details.trim() } : {}) });
  }

  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={`Report “${name}”`}>
      {isSuccess ? (
        <div className="space-y-4">
          <Alert tone="success">{REPORT_MESSAGES.thanks}</Alert>
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
          <fieldset
            aria-describedby={problem && problem !== REPORT_MESSAGES.detailsRequired ? `${groupId}-error` : undefined}
          >
            <legend className="mb-2 text-sm font-medium text-fg">Why are you reporting this?</legend>
            <div className="space-y-1">
              {REPORT_REASONS.map((r) => (
                <label
                  key={r}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-surface-muted"
                >
                  <input
                    type="radio"
                    name={`${groupId}-reason`}
                    value={r}
                    checked={reason === r}
                    onChange={() => setReason(r)}
                    className="h-4 w-4 accent-current"
                  />
                  <span className="text-sm text-fg">{REPORT_REASON_LABELS[r]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <Textarea
            label={reason === 'other' ? 'Details (required)' : 'Details (optional)'}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            maxLength={REPORT_DETAILS_MAX}
            rows={3}
            error={
              problem === REPORT_MESSAGES.detailsRequired || problem === REPORT_MESSAGES.detailsTooLong
                ? problem
                : undefined
            }
          />
          {problem === REPORT_MESSAGES.reasonRequired ? (
            <p id={`${groupId}-error`} role="alert" className="text-sm text-danger">
              {problem}
            </p>
          ) : null}
          {error ? <Alert tone="error">{toApiError(error).message}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={onClose} disabled={isLoading}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" loading={isLoading}>
              Send report
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** The badge an owner (or admin) sees on a hidden or removed item. */
export function ModerationBadge({ moderation }: { moderation?: 'hidden' | 'removed' }) {
  if (!moderation) return null;
  return (
    <Badge tone={moderation === 'removed' ? 'danger' : 'warning'}>
      {moderation === 'removed' ? REPORT_MESSAGES.removedBadge : REPORT_MESSAGES.hiddenBadge}
    </Badge>
  );
}
