/**
 * The header's search, loaded apart from the start-up bundle: from the `md` breakpoint
 * the {@link SearchCombobox} sits in the header; below it (phones, 360 px) an icon button opens a
 * full-width search under the header, focused, which Escape or the close button shuts (focus back
 * on the icon) and which closes by itself once it sent the user somewhere.
 *
 * The combobox (Headless UI, the search API: ~40 KB) is not in the start-up bundle: its module
 * loads once the page has hydrated and the browser is idle (lib/hydration.ts), so the first
 * keystroke does not wait for it (docs/performance.md, "The header search"). It then replaces the
 * light box of the same look where that box is shown (from the `md` breakpoint up), as a
 * transition; where it is hidden (phones), at first use: the pointer over the box, focus, typing,
 * or the phone panel opening. It takes over with that text and the focus. Rendering it at every
 * page's start on a phone was one task of 60–90 ms at 4× CPU for a box nobody sees. Enter in the
 * light box opens `/search?q=` like the combobox's Enter with no option active (a plain form GET
 * before the app has hydrated).
 */
import { startTransition, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Search, X } from 'lucide-react';
import { fieldClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import type { SearchCombobox as SearchComboboxType, SearchComboboxProps } from './search-combobox';
import { useResetOnChange } from '../../../lib/use-reset-on-change';
import { whenHydratedAndIdle } from '../../../lib/hydration';

/** The combobox once its module has loaded (shared by every header). */
let loadedCombobox: typeof SearchComboboxType | null = null;

/** Loads the combobox module; resolves with the component. */
function loadCombobox(): Promise<typeof SearchComboboxType> {
  return import('./search-combobox').then((m) => (loadedCombobox = m.SearchCombobox));
}

/**
 * The combobox, or until its module has loaded a plain box of the same look (role combobox, not
 * expanded) that keeps what is typed and starts the load on pointer-over or focus.
 */
function LazySearchCombobox(props: SearchComboboxProps) {
  const [Combobox, setCombobox] = useState(() => loadedCombobox);
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(Boolean(props.autoFocus));
  const id = useId();
  const navigate = useNavigate();
  const load = () => {
    if (!Combobox) void loadCombobox().then((c) => setCombobox(() => c));
  };
  const inputRef = useRef<HTMLInputElement>(null);
  // Its module ahead of use; the swap too where the box is shown, in short slices (Total Blocking Time).
  const preload = () =>
    void loadCombobox().then(
      (c) => {
        if (inputRef.current?.checkVisibility?.()) startTransition(() => setCombobox(() => c));
      },
      () => undefined,
    );
  useEffect(() => {
    const input = inputRef.current;
    if (props.autoFocus) load();
    else if (input && (input.value !== '' || document.activeElement === input)) {
      // Focused or typed into before the app hydrated (no handler saw it): take over from there.
      setText(input.value);
      setFocused(document.activeElement === input);
      load();
    } else if (!Combobox) {
      return whenHydratedAndIdle(preload);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);
  if (Combobox) return <Combobox {...props} autoFocus={props.autoFocus || focused} initialText={text} />;
  // Enter opens /search?q= at once: a plain GET before the app has hydrated, a route change after.
  return (
    <form
      action="/search"
      className="relative"
      onPointerEnter={load}
      onSubmit={(e) => {
        e.preventDefault();
        // The field itself: text typed before hydration is in it before the effect above copies it.
        const q = (inputRef.current?.value ?? text).trim();
        if (!q) return;
        setText('');
        void navigate(`/search?${new URLSearchParams({ q }).toString()}`);
        props.onDone?.();
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
      <input
        ref={inputRef}
        id={id}
        name="q"
        type="search"
        role="combobox"
        aria-expanded="false"
        aria-autocomplete="list"
        placeholder="Search"
        autoComplete="off"
        autoFocus={props.autoFocus}
        maxLength={100}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          load();
        }}
        onFocus={() => {
          setFocused(true);
          load();
        }}
        onBlur={() => setFocused(false)}
        className={cn(fieldClasses, 'border-line pl-10')}
      />
    </form>
  );
}

/** Classes of the header's icon buttons (the phone search toggle). */
export const ICON_BUTTON =
  'inline-flex h-10 w-10 items-center justify-center rounded-lg text-fg hover:bg-surface-muted';

/** The header's search: the box from `md` up, an icon that opens a full-width box below. */
export default function HeaderSearch() {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useResetOnChange(pathname, () => setOpen(false));
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <>
      <div role="search" className="hidden md:block md:w-64 xl:w-56">
        <LazySearchCombobox />
      </div>
      <button
        ref={buttonRef}
        type="button"
        className={`${ICON_BUTTON} md:hidden`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <Search aria-hidden="true" size={20} />
        <span className="sr-only">{open ? 'Close search' : 'Open search'}</span>
      </button>
      {open ? (
        <div
          id={panelId}
          role="search"
          className="fixed inset-x-0 top-16 z-40 flex items-start gap-2 border-b border-line bg-surface p-3 shadow-md md:hidden"
        >
          <div className="min-w-0 flex-1">
            <LazySearchCombobox
              autoFocus
              onEscape={close}
              onDone={() => setOpen(false)}
              panelClassName="inset-x-0 max-h-[calc(100dvh-9rem)]"
            />
          </div>
          <button type="button" className={ICON_BUTTON} onClick={close}>
            <X aria-hidden="true" size={20} />
            <span className="sr-only">Close search</span>
          </button>
        </div>
      ) : null}
    </>
  );
}
