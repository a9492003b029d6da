/**
 * The requests inbox: one box (received or sent), newest first, paged. A received
 * pending request offers Accept (with an optional WhatsApp number to share) and Decline; a sent
 * pending one offers Cancel, after a confirmation; every received one offers Block (docs/privacy.md
 * "Block"), after a confirmation. Once accepted, both students see each other's
 * e-mail (a mailto link) and, when shared, a WhatsApp link. Loading, empty and error states.
 */
import { useState, type FormEvent } from 'react';
import { Inbox, Mail } from 'lucide-react';
import {
  SKILL_MESSAGES as M,
  SKILL_TEXTS as T,
  type SkillRequestBox,
  type SkillRequestStatus,
} from '@campus/contract/skill-exchange-ui';
import type { SkillRequest } from '@campus/contract/skill-exchange';
import { BlockButton } from '../../../components/block-button';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { Modal } from '../../../components/ui/modal';
import { PagedList } from '../../../components/ui/paged-list';
import { WhatsAppLink } from '../../../components/ui/whatsapp-link';
import { formatRelative } from '../../../lib/format';
import {
  useAcceptRequestMutation,
  useCancelRequestMutation,
  useDeclineRequestMutation,
  useListRequestsQuery,
} from '../skill-exchange-api';
import { Avatar } from './avatar';

/** Requests per page. */
export const REQUESTS_PAGE_SIZE = 10;

const STATUS: Record<SkillRequestStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  accepted: { label: 'Accepted', tone: 'success' },
  declined: { label: 'Declined', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

export function RequestsInbox({ box }: { box: SkillRequestBox }) {
  const [page, setPage] = useState(1);
  const list = useListRequestsQuery({ box, page, limit: REQUESTS_PAGE_SIZE });
  const [accepting, setAccepting] = useState<SkillRequest | null>(null);
  const [cancelling, setCancelling] = useState<SkillRequest | null>(null);
  const [accept, { isLoading: acceptBusy }] = useAcceptRequestMutation();
  const [decline, { isLoading: declineBusy }] = useDeclineRequestMutation();
  const [cancel, { isLoading: cancelBusy }] = useCancelRequestMutation();

  const data = list.data;
  const confirmCancel = async () => {
    if (!cancelling || (await cancel(cancelling.id)).error) return;
    setCancelling(null);
  };

  return (
    <>
      <PagedList
        loading={list.isLoading}
        loadingLabel="Loading requests..."
        showLoadingLabel
        error={
          list.isError ? (
            <LoadError title={M.failedFetchRequests} error={list.error} onRetry={() => void list.refetch()} />
          ) : null
        }
        empty={
          data?.items.length ? null : (
            <EmptyState
              icon={<Inbox size={40} />}
              title={box === 'received' ? 'No requests received yet' : 'No requests sent yet'}
              description={
                box === 'received'
                  ? 'When someone asks to learn a skill you teach, it shows here.'
                  : 'Send a request from a recommended match to start learning.'
              }
            />
          )
        }
        pager={
          !list.isError && data?.items.length
            ? {
                ...data.pagination,
                onPageChange: setPage,
                label: box === 'received' ? 'Received requests pages' : 'Sent requests pages',
              }
            : null
        }
      >
        <ul className="space-y-3">
          {data?.items.map((r) => (
            <RequestItem
              key={r.id}
              request={r}
              box={box}
              busy={acceptBusy || declineBusy || cancelBusy}
              onAccept={setAccepting}
              onDecline={(req) => void decline(req.id)}
              onCancel={setCancelling}
            />
          ))}
        </ul>
      </PagedList>
      <AcceptModal
        request={accepting}
        busy={acceptBusy}
        onClose={() => setAccepting(null)}
        onAccept={async (phone) => {
          if (!accepting || (await accept({ id: accepting.id, phone })).error) return;
          setAccepting(null);
        }}
      />
      <ConfirmModal
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancel this request?"
        description={cancelling ? `Your request to learn ${cancelling.Skill.name} will be withdrawn.` : undefined}
        confirmLabel="Cancel request"
        cancelLabel="Keep it"
        busy={cancelBusy}
        onConfirm={confirmCancel}
      />
    </>
  );
}

interface RequestItemProps {
  request: SkillRequest;
  box: SkillRequestBox;
  busy: boolean;
  onAccept: (r: SkillRequest) => void;
  onDecline: (r: SkillRequest) => void;
  onCancel: (r: SkillRequest) => void;
}

function RequestItem({ request: r, box, busy, onAccept, onDecline, onCancel }: RequestItemProps) {
  const other = box === 'received' ? r.sender : r.recipient;
  const name = other.name || T.unknown;
  const headingId = `request-${r.id}`;
  const status = STATUS[r.status];
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="space-y-3 rounded-2xl border border-line bg-surface p-4 shadow-sm"
      >
        <div className="flex flex-wrap items-start gap-3">
          <Avatar src={other.avatar} size={40} />
          <div className="min-w-0 flex-1">
            <h3 id={headingId} className="text-base font-semibold text-fg">
              {box === 'received'
                ? `${name} wants to learn ${r.Skill.name}`
                : `You asked ${name} to teach ${r.Skill.name}`}
            </h3>
            <p className="text-sm text-muted">
              {[other.branch, other.semester].filter(Boolean).join(' · ') || `Branch ${T.na}`} ·{' '}
              <time dateTime={r.createdAt}>{formatRelative(r.createdAt)}</time>
            </p>
          </div>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        {r.message ? (
          <blockquote className="rounded-lg bg-surface-muted px-3 py-2 text-sm text-fg break-words">
            {r.message}
          </blockquote>
        ) : null}
        {r.contact ? (
          <div className="flex flex-wrap items-center gap-2" aria-label={`Contact ${name}`} role="group">
            <a href={`mailto:${r.contact.email}`} className={buttonClasses('secondary', 'sm', 'max-w-full')}>
              <Mail aria-hidden="true" size={16} />
              <span className="truncate">{r.contact.email}</span>
            </a>
            {r.contact.phone ? <WhatsAppLink number={r.contact.phone} /> : null}
          </div>
        ) : null}
        {r.status === 'pending' || box === 'received' ? (
          <div className="flex flex-wrap gap-2">
            {r.status !== 'pending' ? null : box === 'received' ? (
              <>
                <Button size="sm" onClick={() => onAccept(r)} disabled={busy} aria-describedby={headingId}>
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onDecline(r)}
                  disabled={busy}
                  aria-describedby={headingId}
                >
                  Decline
                </Button>
              </>
            ) : (
              <Button
                size="sm"
                variant="danger"
                onClick={() => onCancel(r)}
                disabled={busy}
                aria-describedby={headingId}
              >
                Cancel request
              </Button>
            )}
            {box === 'received' ? <BlockButton userId={r.senderId} name={r.sender.name} /> : null}
          </div>
        ) : null}
      </article>
    </li>
  );
}

interface AcceptModalProps {
  request: SkillRequest | null;
  busy: boolean;
  onClose: () => void;
  onAccept: (phone: string | undefined) => Promise<void>;
}

/** Accept, optionally sharing a WhatsApp number (the e-mail is always shared). */
function AcceptModal({ request, busy, onClose, onAccept }: AcceptModalProps) {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (!request) return null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The contract's schema arrives with zod now, not with the page (docs/decisions/0001-hydration-at-load.md).
    const { acceptRequestBody } = await import('@campus/contract/skill-exchange');
    const parsed = acceptRequestBody.safeParse({ phone: phone.trim() || undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    await onAccept(parsed.data.phone);
    setPhone('');
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Accept ${request.sender.name || T.unknown}'s request?`}
      description="You will both see each other's e-mail address."
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <Input
          label="Your WhatsApp number (optional)"
          inputMode="tel"
          autoComplete="tel-national"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={error}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Not now
          </Button>
          <Button type="submit" loading={busy}>
            Accept request
          </Button>
        </div>
      </form>
    </Modal>
  );
}
