/**
 * The header's search (issue 24), loaded apart from the start-up bundle: from the `md` breakpoint
 * the {@link SearchCombobox} sits in the header; below it (phones, 360 px) an icon button opens a
 * full-width search under the header, focused, which Escape or the close button shuts (focus back
 * on the icon) and which closes by itself once it sent the user somewhere.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Search, X } from 'lucide-react';
import { SearchCombobox } from './search-combobox';

/** Classes of the header's icon buttons (the phone search toggle). */
export const ICON_BUTTON =
  'inline-flex h-10 w-10 items-center justify-center rounded-lg text-fg hover:bg-surface-muted';

/** The header's search: the box from `md` up, an icon that opens a full-width box below. */
export default function HeaderSearch() {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <>
      <div role="search" className="hidden md:block md:w-64 xl:w-56">
        <SearchCombobox />
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
            <SearchCombobox
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
