/**
 * The header's type-ahead search: Headless UI's accessible `Combobox` over
 * `GET /api/search`, asked {@link SEARCH_DEBOUNCE_MS} after typing stops, with the hits grouped by
 * feature under each feature's icon and a last row "All results for …" (the /search page). It
 * follows WAI-ARIA APG's "combobox with listbox popup", list autocomplete with manual selection
 * (docs/web-patterns.md): no option is active until the student moves to one — with the arrow keys
 * (Down: the first, Up on a closed list: the last) or the pointer; Enter on an active option opens
 * its link, Enter with none opens `/search?q=…` (also when the list is closed or has nothing yet);
 * typing again leaves the options; Escape closes the list and, when it is already closed, calls
 * `onEscape` (the phone panel closes). Headless UI keeps its first option active as soon as the
 * list opens, so until the student moves the input does not name it (`aria-activedescendant`), it is
 * not highlighted and Enter does not choose it; the first Down arrow shows it instead of moving on.
 * While searching it shows a spinner, then the hits, "No results for …" or the failure (typing
 * again retries); a guest gets "Log in to search" (a link to /login) instead, and no request is sent.
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { Search } from 'lucide-react';
import type { SearchHit } from '@campus/contract/search';
import { SEARCH_GROUPS, SEARCH_MESSAGES, SEARCH_Q_MAX } from '@campus/contract/search-ui';
import { fieldClasses } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { pathOf } from '../../../lib/login-redirect';
import { useAppSelector } from '../../../lib/store';
import { useSearchQuery } from '../search-api';
import { GROUP_ICONS, searchPagePath, Snippet } from '../search-links';

/** Pause in ms after the last keystroke before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Suggestions per group in the header (the /search page shows more). */
export const SUGGESTIONS_PER_GROUP = 3;

/** What an option opens: a hit, or the results page (the last row). */
type Suggestion = Pick<SearchHit, 'link'>;

/** The last row's text: all results of the query on the /search page. */
export const allResultsFor = (q: string) => `All results for “${q}”`;

export interface SearchComboboxProps {
  /** Focus the box when it appears (the phone panel). */
  autoFocus?: boolean;
  /** Called after the box sent the user somewhere (a hit or the results page). */
  onDone?: () => void;
  /** Called on Escape when the list is already closed. */
  onEscape?: () => void;
  /** Classes of the results panel (placement). */
  panelClassName?: string;
  /** Text already typed (into the light box shown before this one loaded). */
  initialText?: string;
}

/** `value`, once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/**
 * The combobox's input. Headless UI names its active option in `aria-activedescendant`; this names it
 * only once the student has moved to one (`showActive`), as the APG pattern asks.
 */
function SearchInput({ showActive, ...props }: ComponentPropsWithRef<'input'> & { showActive: boolean }) {
  return <input {...props} aria-activedescendant={showActive ? props['aria-activedescendant'] : undefined} />;
}

/** The header's search combobox; see the module docstring. */
export function SearchCombobox({ autoFocus, onDone, onEscape, panelClassName, initialText = '' }: SearchComboboxProps) {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useAppSelector((s) => s.auth.status === 'authenticated' && s.auth.user !== null);
  const [text, setText] = useState(initialText);
  // Taking over from the light box mid-typing: the caret goes after what was typed.
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus && initialText) inputRef.current?.setSelectionRange(initialText.length, initialText.length);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);
  const typed = text.trim();
  // A guest's "Log in to search" is a link, so it stays up (outside Headless UI's open state,
  // which would close it before a click on it lands) until Escape or focus leaves the box.
  const [guestDismissed, setGuestDismissed] = useState(false);
  const q = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const { data, currentData, isFetching, isError } = useSearchQuery(
    { q, limit: SUGGESTIONS_PER_GROUP },
    { skip: !q || !signedIn },
  );
  const pending = signedIn && typed !== '' && (typed !== q || isFetching);
  // While the next answer is on its way the last one stays, so the list does not flicker.
  const shown = q ? (currentData ?? (pending ? data : undefined)) : undefined;
  const groups = shown?.groups.filter((g) => g.items.length) ?? [];
  // What Headless UI knows when a key is pressed (read by the key handler, which runs first).
  const state = useRef({ open: false, active: false });
  // Whether the student has moved to an option (arrow keys, pointer) since the text last changed
  // or the list last closed; until then Headless UI's active option is not shown as such.
  const [moved, setMoved] = useState(false);

  const finish = (to: string) => {
    setText('');
    void navigate(to);
    onDone?.();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const { open, active } = state.current;
    if (e.key === 'Enter' && !e.nativeEvent.isComposing && !(open && active && moved)) {
      e.preventDefault();
      if (typed) finish(searchPagePath(typed));
    } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !moved) {
      // The open list's first option is already Headless UI's active one: Down shows it, not the next.
      if (e.key === 'ArrowDown' && open && active) e.preventDefault();
      setMoved(true);
    } else if (e.key === 'Escape' && !open) {
      onEscape?.();
    } else if (e.key === 'Escape' && !signedIn) {
      setGuestDismissed(true);
    }
  };

  let status: ReactNode = null;
  if (!typed) status = null;
  else if (!signedIn)
    status = (
      <Link to="/login" state={{ from: pathOf(location) }} className="font-medium text-accent underline">
        {SEARCH_MESSAGES.loginToSearch}
      </Link>
    );
  // No Retry button here: a click outside the input closes the list before it lands. Typing
  // again asks again, and the first row opens the /search page, which has one.
  else if (isError && !pending) status = <span className="text-danger">{SEARCH_MESSAGES.failed}</span>;
  else if (!shown) status = <Spinner label="Searching" />;
  else if (!groups.length && !pending) status = <span className="text-muted">{SEARCH_MESSAGES.noResults(q)}</span>;

  const panel = cn(
    'absolute top-full z-40 mt-1 overflow-y-auto rounded-xl border border-line bg-surface shadow-lg',
    panelClassName ?? 'right-0 max-h-[70vh] w-[min(28rem,calc(100vw-1rem))]',
  );

  return (
    <Combobox<Suggestion | null>
      value={null}
      by={(a, b) => a?.link === b?.link}
      onChange={(hit) => {
        if (hit) finish(hit.link);
      }}
      onClose={() => setMoved(false)}
      immediate
    >
      {({ open: listOpen, activeIndex }) => {
        const open = typed !== '' && (signedIn ? listOpen : !guestDismissed);
        state.current = { open, active: activeIndex !== null };
        return (
          <div
            className="relative"
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget)) setGuestDismissed(true);
            }}
          >
            <label htmlFor={id} className="sr-only">
              Search
            </label>
            <Search
              aria-hidden="true"
              size={18}
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted"
            />
            <ComboboxInput
              as={SearchInput}
              showActive={moved}
              ref={inputRef}
              id={id}
              type="search"
              placeholder="Search"
              autoComplete="off"
              autoFocus={autoFocus}
              maxLength={SEARCH_Q_MAX}
              displayValue={() => text}
              onChange={(e) => {
                setText(e.target.value);
                setGuestDismissed(false);
                setMoved(false);
              }}
              onFocus={() => setGuestDismissed(false)}
              onKeyDown={onKeyDown}
              className={cn(fieldClasses, 'border-line pl-10')}
            />
            {/* Headless UI's list may stay open with nothing to show (Enter with no option active, the
                text cleared): its listbox stays, empty and hidden, so the input's aria-controls names it. */}
            {open || (signedIn && listOpen) ? (
              <div className={cn(panel, !open && 'hidden')}>
                {signedIn ? (
                  // A new text remounts the options, so Headless UI's active one is the first again.
                  <ComboboxOptions key={typed} modal={false} hold className="py-1">
                    {open ? (
                      <>
                        {groups.map((group) => {
                          const Icon = GROUP_ICONS[group.type];
                          const { label } = SEARCH_GROUPS[group.type];
                          return (
                            <div key={group.type} role="group" aria-label={label}>
                              <div
                                aria-hidden="true"
                                className="flex items-center gap-2 px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
                              >
                                <Icon size={14} />
                                {label}
                              </div>
                              {group.items.map((hit) => (
                                <ComboboxOption
                                  key={hit.link}
                                  value={hit}
                                  onPointerMove={() => setMoved(true)}
                                  className={cn(
                                    'flex cursor-pointer items-start gap-3 px-3 py-2 text-sm',
                                    moved && 'data-focus:bg-accent-soft',
                                  )}
                                >
                                  <Icon aria-hidden="true" size={18} className="mt-0.5 shrink-0 text-accent" />
                                  <span className="min-w-0">
                                    <span className="block truncate font-medium text-fg">{hit.title}</span>
                                    {hit.snippet.length ? (
                                      <span className="block truncate text-xs text-muted">
                                        <Snippet parts={hit.snippet} />
                                      </span>
                                    ) : null}
                                  </span>
                                </ComboboxOption>
                              ))}
                            </div>
                          );
                        })}
                        <ComboboxOption
                          value={{ link: searchPagePath(typed) }}
                          onPointerMove={() => setMoved(true)}
                          className={cn(
                            'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm text-fg',
                            groups.length > 0 && 'border-t border-line',
                            moved && 'data-focus:bg-accent-soft',
                          )}
                        >
                          <Search aria-hidden="true" size={18} className="shrink-0 text-accent" />
                          <span className="min-w-0 truncate">{allResultsFor(typed)}</span>
                        </ComboboxOption>
                      </>
                    ) : null}
                  </ComboboxOptions>
                ) : null}
                <div role="status" className={status ? 'border-t border-line px-4 py-3 text-sm first:border-t-0' : ''}>
                  {status}
                </div>
              </div>
            ) : null}
          </div>
        );
      }}
    </Combobox>
  );
}
