/**
 * The admin send form's target user picker (docs/product-spec.md §2 "target user typeahead"): Headless UI's
 * accessible `Combobox` over a server-side search of the admin user list (250 ms after typing
 * stops, 8 results). Keyboard: arrows move through the results, Enter picks, Escape closes; a
 * click outside closes too (no blur timer). A picked user shows as a chip with "Clear target user".
 * A failed search toasts "Error loading users: …" (docs/product-spec.md §8). Lives in the admin route's chunk only.
 */
import { useEffect, useId, useState } from 'react';
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { X } from 'lucide-react';
import { NOTIFICATION_UI } from '@campus/contract/notifications-ui';
import type { PublicUser } from '@campus/contract/users';
import { FieldError, fieldClasses } from '../../../components/ui/input';
import { toApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';
import { useAdminUsersQuery } from '../admin-api';

/** Results shown per search. */
export const USER_PICKER_LIMIT = 8;
/** Pause in ms after the last keystroke before the server is asked. */
export const USER_PICKER_DEBOUNCE_MS = 250;

export interface UserComboboxProps {
  /** The picked user, or null. */
  value: PublicUser | null;
  onChange: (user: PublicUser | null) => void;
  /** The field's error message (docs/product-spec.md §5), shown below and announced. */
  error?: string;
}

const nameOf = (u: PublicUser) => u.name || 'Anonymous';

/** Target user combobox; see the module docstring. */
export function UserCombobox({ value, onChange, error }: UserComboboxProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  // Text typed before the admin page hydrated is searched for, not lost.
  const typedRef = useTypedBeforeHydration(text);
  useEffect(() => {
    const t = setTimeout(() => setSearch(text.trim()), USER_PICKER_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);
  const {
    data,
    isFetching,
    isError,
    error: loadError,
  } = useAdminUsersQuery({ search, sort: 'name', page: 1, limit: USER_PICKER_LIMIT }, { skip: !search });
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
            {nameOf(value)} · <span className="text-muted">{value.email}</span>
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

  const errorId = `${id}-error`;
  const statusText =
    search && !options.length ? (isFetching ? NOTIFICATION_UI.loading : text.trim() ? 'No users found.' : '') : '';
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        Target user
      </label>
      <div className="relative">
        <Combobox<PublicUser | null>
          value={null}
          by={(a, b) => a?.id === b?.id}
          onChange={(user) => {
            if (!user) return;
            onChange(user);
            setText('');
          }}
          immediate
        >
          <ComboboxInput
            id={id}
            placeholder="Search by name, email or ID"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setText(e.target.value)}
            ref={typedRef}
            className={cn(fieldClasses, error ? 'border-danger' : 'border-line')}
          />
          {options.length ? (
            <ComboboxOptions
              modal={false}
              className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-line bg-surface shadow-lg"
            >
              {options.map((u) => (
                <ComboboxOption
                  key={u.id}
                  value={u}
                  className="cursor-pointer px-3 py-2 text-sm data-focus:bg-accent-soft data-focus:outline-none"
                >
                  <span className="block text-fg">{nameOf(u)}</span>
                  <span className="block text-xs text-muted">{u.email}</span>
                </ComboboxOption>
              ))}
            </ComboboxOptions>
          ) : null}
        </Combobox>
      </div>
      <p role="status" className={cn('text-sm text-muted', !statusText && 'sr-only')}>
        {statusText}
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
