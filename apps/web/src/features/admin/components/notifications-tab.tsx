/**
 * Notifications tab of the Admin Panel (spec §2, §5, §8; DESIGN §7): a create form (target user
 * typeahead or broadcast, which asks "Send to N users?" first; type; message; optional image or PDF),
 * the table of sends with read counts and pages of 15, recall (delete), "Mark My Notifications
 * Read", the empty text and the spec's toasts.
 */
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Trash2, X } from 'lucide-react';
import { NOTIFICATION_MESSAGES, NOTIFICATION_TYPES, NOTIFICATION_UI } from '@campus/contract/notifications';
import type { PublicUser } from '@campus/contract/users';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { Pagination } from '../../../components/ui/pagination';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { fieldClasses } from '../../../components/ui/input';
import { useAppDispatch } from '../../../app/store';
import { toApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { allMarkedRead } from '../../notifications/notifications-slice';
import {
  useAdminUsersQuery,
  useBroadcastMutation,
  useMarkMineReadMutation,
  useRecallSendMutation,
  useSendNotificationMutation,
  useSendsQuery,
} from '../admin-api';

/** Client validation of the create form (spec §5 messages). Returns `{ field: message }`. */
export function validateSendForm(values: { message: string; broadcast: boolean; target: unknown }) {
  const errors: Record<string, string> = {};
  if (!values.message.trim()) errors.message = NOTIFICATION_MESSAGES.messageRequired;
  if (!values.broadcast && !values.target) errors.target = NOTIFICATION_MESSAGES.targetRequired;
  return errors;
}

/** Target user typeahead: searches the admin user list on the server as you type. */
function UserTypeahead({
  value,
  onChange,
  error,
}: {
  value: PublicUser | null;
  onChange: (u: PublicUser | null) => void;
  error?: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setSearch(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  const {
    data,
    isFetching,
    isError,
    error: loadError,
  } = useAdminUsersQuery({ search, sort: 'name', page: 1, limit: 8 }, { skip: !search });
  const options = search ? (data?.users ?? []) : [];
  useEffect(() => {
    if (isError) toast.error(NOTIFICATION_UI.adminUsersFailed(toApiError(loadError).message));
  }, [isError, loadError]);

  if (value) {
    return (
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-fg">Target user</p>
        <div className="flex min-h-11 items-center justify-between gap-2 rounded-lg border border-line px-3">
          <span className="truncate text-sm text-fg">
            {value.name || 'Anonymous'} · <span className="text-muted">{value.email}</span>
          </span>
          <button
            type="button"
            onClick={() => onChange(null)}
            className="rounded p-1 text-muted hover:text-fg"
            aria-label="Clear target user"
          >
            <X aria-hidden="true" size={16} />
          </button>
        </div>
      </div>
    );
  }

  const pick = (u: PublicUser) => {
    onChange(u);
    setText('');
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, options.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter' && open && options[active]) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };
  const listId = `${id}-list`;
  return (
    <div className="relative space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        Target user
      </label>
      <input
        id={id}
        role="combobox"
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={text}
        placeholder="Search by name, email or ID"
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
        className={cn(fieldClasses, error ? 'border-danger' : 'border-line')}
      />
      {open && search ? (
        <ul
          id={listId}
          role="listbox"
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-line bg-surface shadow-lg"
        >
          {isFetching && !options.length ? (
            <li className="px-3 py-2 text-sm text-muted">{NOTIFICATION_UI.loading}</li>
          ) : options.length === 0 ? (
            <li className="px-3 py-2 text-sm text-muted">No users found.</li>
          ) : (
            options.map((u, i) => (
              <li
                key={u.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(u);
                }}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm',
                  i === active ? 'bg-accent-soft' : 'hover:bg-surface-muted',
                )}
              >
                <span className="block text-fg">{u.name || 'Anonymous'}</span>
                <span className="block text-xs text-muted">{u.email}</span>
              </li>
            ))
          )}
        </ul>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CreateForm() {
  const [broadcastMode, setBroadcastMode] = useState(false);
  const [target, setTarget] = useState<PublicUser | null>(null);
  const [type, setType] = useState<string>('general');
  const [message, setMessage] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [send, { isLoading: sending }] = useSendNotificationMutation();
  const [broadcast, { isLoading: broadcasting }] = useBroadcastMutation();
  const { data: everyone } = useAdminUsersQuery({ search: '', sort: 'newest', page: 1, limit: 1 });
  const recipients = everyone?.stats.active ?? 0;

  const reset = () => {
    setMessage('');
    setFile(null);
    setFileKey((k) => k + 1);
    setTarget(null);
    setErrors({});
  };

  const submit = async () => {
    const args = { message: message.trim(), type, file, userId: target?.id };
    try {
      if (broadcastMode) {
        await broadcast(args).unwrap();
        toast.success(NOTIFICATION_UI.adminBroadcastOk);
      } else {
        await send(args).unwrap();
        toast.success(NOTIFICATION_UI.adminSendOk);
      }
      reset();
    } catch (err) {
      const apiError = toApiError(err);
      if (apiError.errors) setErrors(apiError.errors);
      toast.error(NOTIFICATION_UI.adminSendFailed(apiError.message));
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateSendForm({ message, broadcast: broadcastMode, target });
    setErrors(found);
    if (Object.keys(found).length) return;
    if (broadcastMode) setConfirming(true);
    else void submit();
  };

  return (
    <Card title="Send a notification">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <label className="flex items-center gap-2 text-sm font-medium text-fg">
          <input
            type="checkbox"
            checked={broadcastMode}
            onChange={(e) => {
              setBroadcastMode(e.target.checked);
              setErrors({});
            }}
            className="h-4 w-4"
          />
          Broadcast to all users
        </label>
        {!broadcastMode ? (
          <UserTypeahead value={target} onChange={setTarget} error={errors.target ?? errors.userId} />
        ) : null}
        <Select
          label="Type"
          options={NOTIFICATION_TYPES}
          value={type}
          onChange={(e) => setType(e.target.value)}
          error={errors.type}
        />
        <Textarea
          id="admin-notification-message"
          label="Message"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          rows={3}
          maxLength={1000}
          error={errors.message}
        />
        <div className="space-y-1.5">
          <label htmlFor="admin-notification-file" className="block text-sm font-medium text-fg">
            Attachment (optional image or PDF, under 5MB)
          </label>
          <input
            key={fileKey}
            id="admin-notification-file"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,application/pdf"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border-0 file:bg-surface-muted file:px-3 file:py-2 file:text-fg"
          />
          {errors.file ? <p className="text-sm text-danger">{errors.file}</p> : null}
        </div>
        <Button type="submit" loading={sending || broadcasting}>
          {broadcastMode ? 'Send broadcast' : 'Send notification'}
        </Button>
      </form>
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title="Broadcast"
        description={NOTIFICATION_UI.confirmBroadcast(recipients)}
        confirmLabel="Send"
        confirmVariant="primary"
        busy={broadcasting}
        onConfirm={async () => {
          await submit();
          setConfirming(false);
        }}
      />
    </Card>
  );
}

function SendsTable() {
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, error, isFetching } = useSendsQuery(page);
  const [recall, { isLoading: recalling }] = useRecallSendMutation();
  const [markMine, { isLoading: marking }] = useMarkMineReadMutation();

  const onRecall = async (id: string) => {
    try {
      await recall(id).unwrap();
      toast.success(NOTIFICATION_UI.adminDeleteOk);
      if (data && data.items.length === 1 && page > 1) setPage(page - 1);
    } catch (err) {
      toast.error(NOTIFICATION_UI.adminDeleteFailed(toApiError(err).message));
    }
  };
  const onMarkMine = async () => {
    try {
      await markMine().unwrap();
      dispatch(allMarkedRead());
      toast.success(NOTIFICATION_UI.adminMarkAllOk);
    } catch (err) {
      toast.error(NOTIFICATION_UI.adminMarkAllFailed(toApiError(err).message));
    }
  };

  return (
    <Card>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-lg font-semibold text-fg">Sent notifications</h2>
        <Button variant="secondary" size="sm" loading={marking} onClick={onMarkMine}>
          {NOTIFICATION_UI.adminMarkMine}
        </Button>
      </div>
      {isLoading ? (
        <div className="flex justify-center py-8">
          <Spinner size={24} label="Loading notifications" />
        </div>
      ) : isError ? (
        <Alert tone="error">{NOTIFICATION_UI.adminListFailed(toApiError(error).message)}</Alert>
      ) : !data || data.items.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">{NOTIFICATION_UI.adminEmpty}</p>
      ) : (
        <div className="relative overflow-x-auto" aria-busy={isFetching}>
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="text-muted">
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Message
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Type
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Sent to
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Read
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Sent
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {data.items.map((s) => (
                <tr key={s.id}>
                  <td className="max-w-xs py-2 pr-3 break-words text-fg">
                    {s.message}
                    {s.file_url ? (
                      <a
                        href={s.file_url}
                        target="_blank"
                        rel="noreferrer"
                        className="ml-2 text-xs text-accent underline"
                      >
                        Attachment
                      </a>
                    ) : null}
                  </td>
                  <td className="py-2 pr-3">
                    <Badge>{s.type}</Badge>
                  </td>
                  <td className="py-2 pr-3 text-muted">
                    {s.broadcast ? 'All users' : s.target ? s.target.name || s.target.email : '(deleted user)'}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap text-muted">
                    {s.readCount} / {s.recipientCount}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap text-muted">{new Date(s.createdAt).toLocaleString()}</td>
                  <td className="py-2 text-right">
                    <Button
                      variant="danger"
                      size="sm"
                      disabled={recalling}
                      onClick={() => onRecall(s.id)}
                      aria-label={`Delete notification: ${s.message}`}
                    >
                      <Trash2 aria-hidden="true" size={16} />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data ? (
        <Pagination
          page={page}
          limit={data.pagination.limit}
          total={data.pagination.total}
          onPageChange={setPage}
          label="Sent notifications pages"
        />
      ) : null}
    </Card>
  );
}

export function NotificationsTab() {
  return (
    <section aria-label="Notifications management" className="space-y-6">
      <CreateForm />
      <SendsTable />
    </section>
  );
}
