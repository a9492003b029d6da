/**
 * Notifications tab of the Admin Panel (docs/product-spec.md §2, §5, §8; docs/design.md §7): a create form (target user
 * typeahead or broadcast, which asks "Send to N users?" first; type; message; optional image or PDF),
 * the table of sends with read counts and pages of 15, recall (delete), "Mark My Notifications
 * Read", the empty text and the spec's toasts.
 */
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Trash2 } from 'lucide-react';
import { NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TYPES, NOTIFICATION_UI } from '@campus/contract/notifications-ui';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Card } from '../../../components/ui/card';
import { DataTable, cell } from '../../../components/ui/data-table';
import { cn } from '../../../lib/cn';
import { formatDateTimeIN } from '../../../lib/format';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { FieldError } from '../../../components/ui/input';
import { PagedList } from '../../../components/ui/paged-list';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { useAppDispatch } from '../../../lib/store';
import { showFieldErrors, toApiError } from '../../../lib/api';
import { allMarkedRead } from '../../../lib/notifications-slice';
import {
  useAdminUsersQuery,
  useBroadcastMutation,
  useMarkMineReadMutation,
  useRecallSendMutation,
  useSendNotificationMutation,
  useSendsQuery,
} from '../admin-api';
import { EMPTY_SEND_FORM, sendFormSchema, type SendFormInput, type SendFormValues } from '../send-form';
import { usePreloadWhenIdle } from '../../../lib/lazy-resolver';
import { UserCombobox } from './user-combobox';

/** The create form's fields that can carry a server message (`userId`'s shows under the target). */
const SERVER_FIELDS = ['message', 'type', 'file'] as const;

/**
 * "Send a notification" (docs/product-spec.md §2, §5): react-hook-form with {@link sendFormSchema} (the contract's
 * rules), the target {@link UserCombobox} or "Broadcast to all users" (which asks "Send to N users?"
 * first), type, message and an optional attachment. A failure keeps every input and puts the
 * server's field messages under the fields; a success clears the form. Toasts: admin-api.ts.
 */
function CreateForm() {
  usePreloadWhenIdle(sendFormSchema);
  const [fileKey, setFileKey] = useState(0);
  const [confirming, setConfirming] = useState<SendFormValues | null>(null);
  const [send, { isLoading: sending }] = useSendNotificationMutation();
  const [broadcast, { isLoading: broadcasting }] = useBroadcastMutation();
  const { data: everyone } = useAdminUsersQuery({ search: '', sort: 'newest', page: 1, limit: 1 });
  const recipients = everyone?.stats.active ?? 0;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    setValue,
    formState: { errors },
  } = useForm<SendFormInput, unknown, SendFormValues>({
    resolver: sendFormSchema.resolver,
    defaultValues: EMPTY_SEND_FORM,
  });
  const broadcastMode = useWatch({ control, name: 'broadcast' });

  const submit = async (values: SendFormValues) => {
    const args = { message: values.message, type: values.type, file: values.file, userId: values.target?.id };
    const result = await (values.broadcast ? broadcast(args) : send(args));
    if (result.error) {
      const apiError = toApiError(result.error);
      showFieldErrors(apiError, SERVER_FIELDS, (field, message) => setError(field, { message }));
      if (apiError.errors?.userId) setError('target', { message: apiError.errors.userId });
      return;
    }
    reset(EMPTY_SEND_FORM);
    setFileKey((k) => k + 1);
  };

  const onSubmit = handleSubmit((values) => (values.broadcast ? setConfirming(values) : submit(values)));

  return (
    <Card title="Send a notification">
      <form onSubmit={onSubmit} className="space-y-4" noValidate {...sendFormSchema.intent}>
        <Checkbox
          className="flex font-medium"
          label="Broadcast to all users"
          {...register('broadcast', { onChange: () => clearErrors() })}
        />
        {!broadcastMode ? (
          <Controller
            control={control}
            name="target"
            render={({ field, fieldState }) => (
              <UserCombobox value={field.value ?? null} onChange={field.onChange} error={fieldState.error?.message} />
            )}
          />
        ) : null}
        <Select label="Type" options={NOTIFICATION_TYPES} error={errors.type?.message} {...register('type')} />
        <Textarea
          id="admin-notification-message"
          label="Message"
          rows={3}
          maxLength={NOTIFICATION_MESSAGE_MAX}
          error={errors.message?.message}
          {...register('message')}
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
            onChange={(e) => setValue('file', e.target.files?.[0] ?? null)}
            className="block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border-0 file:bg-surface-muted file:px-3 file:py-2 file:text-fg"
          />
          <FieldError message={errors.file?.message} />
        </div>
        <Button type="submit" loading={sending || broadcasting}>
          {broadcastMode ? 'Send broadcast' : 'Send notification'}
        </Button>
      </form>
      <ConfirmModal
        open={!!confirming}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Broadcast"
        description={NOTIFICATION_UI.confirmBroadcast(recipients)}
        confirmLabel="Send"
        confirmVariant="primary"
        busy={broadcasting}
        onConfirm={async () => {
          if (confirming) await submit(confirming);
          setConfirming(null);
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

  // The mutations show their own toasts (admin-api.ts); here only what follows a success.
  const onRecall = async (id: string) => {
    if ((await recall(id)).error) return;
    if (data && data.items.length === 1 && page > 1) setPage(page - 1);
  };
  const onMarkMine = async () => {
    if (!(await markMine()).error) dispatch(allMarkedRead());
  };

  return (
    <Card>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-lg font-semibold text-fg">Sent notifications</h2>
        <Button variant="secondary" size="sm" loading={marking} onClick={onMarkMine}>
          {NOTIFICATION_UI.adminMarkMine}
        </Button>
      </div>
      <PagedList
        loading={isLoading}
        loadingLabel="Loading notifications"
        error={
          isError ? <Alert tone="error">{NOTIFICATION_UI.adminListFailed(toApiError(error).message)}</Alert> : null
        }
        empty={
          !data || data.items.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted">{NOTIFICATION_UI.adminEmpty}</p>
          ) : null
        }
        pager={
          data
            ? {
                page,
                limit: data.pagination.limit,
                total: data.pagination.total,
                totalCapped: data.pagination.totalCapped,
                onPageChange: setPage,
                label: 'Sent notifications pages',
              }
            : null
        }
      >
        <DataTable
          busy={isFetching}
          className="min-w-[40rem]"
          columns={['Message', 'Type', 'Sent to', 'Read', 'Sent', { label: 'Actions', hidden: true }]}
        >
          {(data?.items ?? []).map((s) => (
            <tr key={s.id}>
              <td className={cn(cell, 'max-w-xs break-words text-fg')}>
                {s.message}
                {s.file_url ? (
                  <a href={s.file_url} target="_blank" rel="noreferrer" className="ml-2 text-xs text-accent underline">
                    Attachment
                  </a>
                ) : null}
              </td>
              <td className={cell}>
                <Badge>{s.type}</Badge>
              </td>
              <td className={cell}>
                {s.broadcast ? 'All users' : s.target ? s.target.name || s.target.email : '(deleted user)'}
              </td>
              <td className={cn(cell, 'whitespace-nowrap')}>
                {s.readCount} / {s.recipientCount}
              </td>
              <td className={cn(cell, 'whitespace-nowrap')}>{formatDateTimeIN(s.createdAt)}</td>
              <td className={cn(cell, 'text-right')}>
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
        </DataTable>
      </PagedList>
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
