/**
 * Admin "Reports" tab: the moderation queue — one entry per reported target (what
 * it is, its owner, how many open reports, the reasons, newest first), each report with its details,
 * the audit trail (who did what, when, with which note), and the actions Dismiss (restores a hidden
 * item), Remove (hides it for good; items only) and Deactivate owner, each asking for confirmation
 * with an optional note. Open or closed entries, filtered by type, paginated. Loading, empty and
 * error states; one column at 360 px, the same cards at 1280 px.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Flag } from 'lucide-react';
import {
  REPORT_REASON_LABELS,
  REPORT_TARGET_LABELS,
  REPORT_TARGET_TYPES,
  RESOLVE_ACTION_LABELS,
  RESOLVE_NOTE_MAX,
  type ReportTargetType,
  type ResolveAction,
} from '@campus/contract/reports-ui';
import type { ModerationCase } from '@campus/contract/reports';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Modal } from '../../../components/ui/modal';
import { PagedList } from '../../../components/ui/paged-list';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { formatDateIN, formatTime } from '../../../lib/format';
import { useModerationCasesQuery, useResolveCaseMutation } from '../../../lib/reports-api';

const PAGE_SIZE = 10;

/** Labels and tones of a case's state. */
const STATE_BADGES: Record<ModerationCase['state'], { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'accent' },
  hidden: { label: 'Hidden after reports', tone: 'warning' },
  dismissed: { label: 'Dismissed', tone: 'neutral' },
  removed: { label: 'Removed', tone: 'danger' },
  deactivated: { label: 'Owner deactivated', tone: 'danger' },
};

/** What each action asks before it runs. */
const CONFIRM_TEXTS: Record<ResolveAction, (c: ModerationCase) => string> = {
  dismiss: (c) =>
    c.state === 'hidden'
      ? 'Dismiss these reports? The item becomes visible to everyone again.'
      : 'Dismiss these reports? Nothing changes for the owner.',
  remove: () => 'Remove it for good? It disappears for everyone but its owner, who is told the reasons.',
  deactivate: (c) =>
    `Deactivate ${c.owner.name ?? c.owner.email}? They are signed out everywhere and cannot log in until reactivated.`,
};

/** "25 Nov 2026, 10:30 am". */
const when = (iso: string) => `${formatDateIN(iso)}, ${formatTime(iso)}`;

export function ReportsTab() {
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [type, setType] = useState<ReportTargetType | ''>('');
  const [page, setPage] = useState(1);
  const query = useModerationCasesQuery({ status, ...(type ? { type } : {}), page, limit: PAGE_SIZE });
  const [asked, setAsked] = useState<{ c: ModerationCase; action: ResolveAction } | null>(null);

  const cases = query.data?.items ?? [];
  return (
    <section aria-labelledby="reports-heading" className="space-y-4">
      <div>
        <h2 id="reports-heading" className="text-xl font-semibold text-fg">
          Reports
        </h2>
        <p className="text-sm text-muted">Reported listings, items, rides and users, newest report first.</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-xl">
        <Select
          label="Status"
          value={status}
          options={[
            { value: 'open', label: 'Open' },
            { value: 'closed', label: 'Closed' },
          ]}
          onChange={(e) => {
            setStatus(e.target.value as 'open' | 'closed');
            setPage(1);
          }}
        />
        <Select
          label="Type"
          value={type}
          placeholder="All types"
          options={REPORT_TARGET_TYPES.map((t) => ({ value: t, label: REPORT_TARGET_LABELS[t] }))}
          onChange={(e) => {
            setType(e.target.value as ReportTargetType | '');
            setPage(1);
          }}
        />
      </div>
      <PagedList
        loading={query.isLoading}
        loadingLabel="Loading reports..."
        showLoadingLabel
        error={
          query.isError ? (
            <LoadError title="Could not load reports" error={query.error} onRetry={() => void query.refetch()} />
          ) : null
        }
        empty={
          cases.length === 0 ? (
            <EmptyState
              icon={<Flag aria-hidden="true" size={28} />}
              title={status === 'open' ? 'No open reports' : 'No closed reports'}
              description={status === 'open' ? 'Reports from students appear here.' : 'Resolved reports appear here.'}
            />
          ) : null
        }
        pager={
          query.data
            ? {
                page,
                limit: PAGE_SIZE,
                total: query.data.pagination.total,
                totalCapped: query.data.pagination.totalCapped,
                onPageChange: setPage,
                label: 'Reports pages',
              }
            : null
        }
      >
        <ul className="space-y-4">
          {cases.map((c) => (
            <CaseCard key={c.id} c={c} onAct={(action) => setAsked({ c, action })} />
          ))}
        </ul>
      </PagedList>
      {asked ? <ResolveDialog {...asked} onClose={() => setAsked(null)} /> : null}
    </section>
  );
}

/** One reported target: what, whose, how many, why, the reports, the audit trail, the actions. */
function CaseCard({ c, onAct }: { c: ModerationCase; onAct: (action: ResolveAction) => void }) {
  const title = c.title ?? '(deleted)';
  const state = STATE_BADGES[c.state];
  const pending = c.state === 'open' || c.state === 'hidden';
  const headingId = `case-${c.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="space-y-3 rounded-2xl border border-line bg-surface p-4 shadow-sm"
      >
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{REPORT_TARGET_LABELS[c.targetType]}</Badge>
          <Badge tone={state.tone}>{state.label}</Badge>
        </div>
        <h3 id={headingId} className="break-words text-base font-semibold text-fg">
          {c.link && c.title ? (
            <Link to={c.link} className="hover:text-accent hover:underline">
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        <p className="text-sm text-muted">
          Owner: <span className="text-fg">{c.owner.name ?? c.owner.email}</span> ({c.owner.email})
          {c.owner.deactivated ? ' · deactivated' : ''}
        </p>
        <p className="text-sm text-fg">
          {c.openReports} open {c.openReports === 1 ? 'report' : 'reports'} ·{' '}
          {c.reasons.map((r) => REPORT_REASON_LABELS[r]).join(', ')} · last {when(c.lastReportAt)}
        </p>
        <details className="text-sm">
          <summary className="cursor-pointer text-accent">Reports ({c.reports.length})</summary>
          <ul className="mt-2 space-y-2">
            {c.reports.map((r) => (
              <li key={r.id} className="rounded-lg bg-surface-muted p-2">
                <span className="font-medium text-fg">{REPORT_REASON_LABELS[r.reason]}</span> by{' '}
                {r.reporter.name ?? 'a student'} · {when(r.createdAt)}
                {r.status === 'resolved' ? ' · resolved' : ''}
                {r.details ? <p className="mt-1 break-words text-fg">{r.details}</p> : null}
              </li>
            ))}
          </ul>
        </details>
        {c.actions.length ? (
          <div className="text-sm">
            <h4 className="font-medium text-fg">Audit trail</h4>
            <ul className="mt-1 space-y-1 text-muted">
              {c.actions.map((a) => (
                <li key={a.id}>
                  {RESOLVE_ACTION_LABELS[a.action]} by {a.admin.name ?? 'an administrator'} · {when(a.createdAt)}
                  {a.note ? ` — ${a.note}` : ''}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {pending ? (
          <div className="flex flex-wrap gap-2 border-t border-line pt-3">
            <Button variant="secondary" size="sm" onClick={() => onAct('dismiss')} aria-describedby={headingId}>
              Dismiss
            </Button>
            {c.targetType !== 'user' ? (
              <Button variant="danger" size="sm" onClick={() => onAct('remove')} aria-describedby={headingId}>
                Remove
              </Button>
            ) : null}
            {!c.owner.deactivated ? (
              <Button variant="danger" size="sm" onClick={() => onAct('deactivate')} aria-describedby={headingId}>
                Deactivate owner
              </Button>
            ) : null}
          </div>
        ) : null}
      </article>
    </li>
  );
}

/** Confirmation of one action, with an optional note kept in the audit trail. */
function ResolveDialog({ c, action, onClose }: { c: ModerationCase; action: ResolveAction; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [resolve, { isLoading }] = useResolveCaseMutation();
  async function confirm() {
    const res = await resolve({ id: c.id, body: { action, ...(note.trim() ? { note: note.trim() } : {}) } });
    if ('data' in res) onClose();
  }
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={`${RESOLVE_ACTION_LABELS[action]}: ${c.title ?? REPORT_TARGET_LABELS[c.targetType]}`}
      description={CONFIRM_TEXTS[action](c)}
    >
      <div className="space-y-4">
        <Textarea
          label="Note (optional, kept in the audit trail)"
          value={note}
          maxLength={RESOLVE_NOTE_MAX}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button
            variant={action === 'dismiss' ? 'primary' : 'danger'}
            loading={isLoading}
            onClick={() => void confirm()}
          >
            {RESOLVE_ACTION_LABELS[action]}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
