/**
 * Site header (docs/product-spec.md §1, §2): brand, six feature links, the campus-wide search (a
 * type-ahead box from `md` up, an icon opening a full-width box on phones), the notifications bell
 * (signed-in only) and the avatar linking to /profile, or a Login link. Below the `xl` breakpoint
 * (1280 px) the links fold into a menu toggled by a button.
 */
import { Suspense, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { GraduationCap, Menu, Search, X } from 'lucide-react';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { buttonClasses } from '../../components/ui/button';
import { SearchField } from '../../components/ui/search-field';
import { cn } from '../../lib/cn';
import { useAppSelector } from '../../lib/store';
import { DEFAULT_AVATAR } from '../../lib/avatar';
import { FEATURE_LINKS } from './nav-links';
import { preloadable } from '../../lib/preloadable';
import { useResetOnChange } from '../../lib/use-reset-on-change';

/**
 * The search, in its own chunk: the start-up JS does not grow. {@link preloadHeader} fetches it
 * before a server-rendered page hydrates, so its boundary hydrates with the header instead of later.
 */
const HeaderSearch = preloadable(() => import('../../features/search/components/header-search'));

/** Loads the header's lazy parts; resolves when they are in (never rejects). */
export function preloadHeader(): Promise<void> {
  return HeaderSearch.preload().then(
    () => undefined,
    () => undefined,
  );
}

/** What stands in the search's place while its chunk loads: the same box and icon, inert. */
function SearchPlaceholder() {
  return (
    <>
      <div className="hidden md:block md:w-64 xl:w-56" inert>
        <SearchField label="Search" placeholder="Search" value="" onChange={() => undefined} />
      </div>
      <span className="inline-flex h-10 w-10 items-center justify-center text-fg md:hidden" aria-hidden="true">
        <Search size={20} />
      </span>
    </>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-accent-soft text-accent' : 'text-muted hover:bg-surface-muted hover:text-fg',
  );

/** The features' links, the active one highlighted (the header's bar and the phone menu). */
function FeatureNavLinks() {
  return FEATURE_LINKS.map((link) => (
    <NavLink key={link.to} to={link.to} className={linkClass}>
      {link.label}
    </NavLink>
  ));
}

export function Header() {
  const status = useAppSelector((s) => s.auth.status);
  const user = useAppSelector((s) => s.auth.user);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useResetOnChange(location.pathname, () => setMenuOpen(false));
  const signedIn = status === 'authenticated' && user;
  const avatar = user?.avatarThumb ?? user?.avatar ?? DEFAULT_AVATAR;

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <Link to="/" className="flex min-w-0 items-center gap-2 rounded-lg font-semibold text-fg">
          <GraduationCap aria-hidden="true" className="shrink-0 text-accent" size={26} />
          <span className="truncate">Campus Companion</span>
        </Link>
        <nav aria-label="Main" className="hidden flex-1 items-center gap-0.5 xl:flex">
          <FeatureNavLinks />
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <Suspense fallback={<SearchPlaceholder />}>
            <HeaderSearch />
          </Suspense>
          {signedIn ? (
            <>
              <NotificationBell />
              <Link to="/profile" aria-label="Profile" className="shrink-0 rounded-full p-1 hover:bg-surface-muted">
                <img
                  src={avatar}
                  alt=""
                  width={32}
                  height={32}
                  className="h-8 w-8 max-w-none rounded-full object-cover"
                  onError={(e) => {
                    if (!e.currentTarget.src.endsWith(DEFAULT_AVATAR)) e.currentTarget.src = DEFAULT_AVATAR;
                  }}
                />
              </Link>
            </>
          ) : status === 'unauthenticated' ? (
            <Link to="/login" className={buttonClasses('primary', 'sm')}>
              Login
            </Link>
          ) : null}
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-fg hover:bg-surface-muted xl:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((v) => !v)}
          >
            {menuOpen ? <X aria-hidden="true" size={22} /> : <Menu aria-hidden="true" size={22} />}
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
        </div>
      </div>
      {/* Its links exist only while it is open: a closed menu costs nothing at hydration or on a navigation. */}
      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-line px-4 pt-3 pb-4 xl:hidden">
        {menuOpen ? (
          <nav aria-label="Main (mobile)" className="grid grid-cols-2 gap-1 sm:grid-cols-3">
            <FeatureNavLinks />
          </nav>
        ) : null}
      </div>
    </header>
  );
}
