/**
 * A user card of the admin grid (docs/product-spec.md §2): initial avatar, name (or Anonymous), e-mail, role
 * chips, an expandable User ID, Created and Updated, and working Edit and Delete (docs/design.md §8):
 * Delete deactivates after a confirmation; a deactivated user can be reactivated. Close account
 * closes it as its student's deletion would (docs/privacy.md), after a confirmation: erased after
 * the grace unless reactivated (which keeps it).
 */
import { useState } from 'react';
import { ADMIN_UI } from '@campus/contract/admin-ui';
import type { PublicUser } from '@campus/contract/users';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { formatDateIN } from '../../../lib/format';
import { useCloseUserMutation, useDeactivateUserMutation, useReactivateUserMutation } from '../admin-api';
import { EditUserModal } from './edit-user-modal';

export interface UserCardProps {
  user: PublicUser;
  /** The signed-in admin's own card (no Delete: the server refuses it anyway). */
  isSelf: boolean;
}

export function UserCard({ user, isSelf }: UserCardProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [closing, setClosing] = useState(false);
  const [close, { isLoading: closeBusy }] = useCloseUserMutation();
  const [deactivate, { isLoading: deactivating }] = useDeactivateUserMutation();
  const [reactivate, { isLoading: reactivating }] = useReactivateUserMutation();
  const display = user.name || ADMIN_UI.anonymous;
  const initial = (user.name || user.email).trim().charAt(0).toUpperCase() || '?';

  // The mutations show their own toasts (admin-api.ts).
  const onDeactivate = async () => {
    if (!(await deactivate(user.id)).error) setConfirming(false);
  };
  const onReactivate = () => void reactivate(user.id);
  const onClose = async () => {
    if (!(await close(user.id)).error) setClosing(false);
  };

  return (
    <article
      className="flex h-full flex-col rounded-2xl border border-line bg-surface p-4 shadow-sm"
      aria-label={display}
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-accent-soft text-lg font-semibold text-accent"
        >
          {initial}
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold text-fg">{display}</p>
          <p className="truncate text-sm text-muted" title={user.email}>
            {user.email}
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-1.5">
        {(user.roles.length ? user.roles : ['user']).map((role) => (
          <Badge key={role} tone={role === 'admin' ? 'accent' : 'neutral'}>
            {role}
          </Badge>
        ))}
        {!user.isActive ? <Badge tone="danger">Deactivated</Badge> : null}
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-muted hover:text-fg">User ID</summary>
        <code className="mt-1 block text-xs break-all text-fg">{user.id}</code>
      </details>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Created</dt>
        <dd className="text-fg">{formatDateIN(user.createdAt)}</dd>
        <dt className="text-muted">Updated</dt>
        <dd className="text-fg">{formatDateIN(user.updatedAt)}</dd>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${display}`}>
          Edit
        </Button>
        {user.isActive ? (
          !isSelf ? (
            <Button variant="danger" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete ${display}`}>
              Delete
            </Button>
          ) : null
        ) : (
          <Button
            variant="secondary"
            size="sm"
            loading={reactivating}
            onClick={onReactivate}
            aria-label={`Reactivate ${display}`}
          >
            Reactivate
          </Button>
        )}
        {!isSelf ? (
          <Button variant="ghost" size="sm" onClick={() => setClosing(true)} aria-label={`Close account of ${display}`}>
            Close account
          </Button>
        ) : null}
      </div>
      {editing ? <EditUserModal user={user} isSelf={isSelf} onClose={() => setEditing(false)} /> : null}
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title="Deactivate user"
        description={ADMIN_UI.confirmDeactivate(user.name || user.email)}
        confirmLabel="Deactivate"
        busy={deactivating}
        onConfirm={onDeactivate}
      />
      <ConfirmModal
        open={closing}
        onOpenChange={setClosing}
        title="Close account"
        description={ADMIN_UI.confirmClose(user.name || user.email)}
        confirmLabel="Close account"
        busy={closeBusy}
        onConfirm={onClose}
      />
    </article>
  );
}
