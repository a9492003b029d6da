/**
 * Admin Panel (docs/product-spec.md §2 Admin area, §4, §9): a sidebar with the tabs Dashboard (default, and the
 * fallback for any unknown tab), Notifications, Reports, Subjects (the attendance catalogue), Timetable (its weekly classes, terms and days off), Places (the campus map's directory) and Clubs (of events). Below 768 px the sidebar hides behind a
 * "Toggle menu" button, closes after a pick and when the overlay is tapped; from 768 px up it is
 * always shown. Its open state follows the window width and can be toggled by hand. The route is
 * guarded by RequireAdmin; the API enforces the role on every call.
 */
import { useEffect, useState } from 'react';
import { NavLink, Route, Routes } from 'react-router';
import { Bell, BookOpen, CalendarRange, Flag, LayoutDashboard, MapPin, Menu, Users } from 'lucide-react';
import { ADMIN_SIDEBAR_BREAKPOINT, ADMIN_UI } from '@campus/contract/admin-ui';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { UsersDashboard } from '../components/users-dashboard';
import { NotificationsTab } from '../components/notifications-tab';
import { SubjectsAdmin } from '../components/subjects-admin';
import { ReportsTab } from '../components/reports-tab';
import { TimetableAdmin } from '../components/timetable-admin';
import { PlacesAdmin } from '../components/places-admin';
import { ClubsAdmin } from '../components/clubs-admin';

const WIDE = `(min-width: ${ADMIN_SIDEBAR_BREAKPOINT}px)`;

const TABS = [
  { to: '/admin', label: ADMIN_UI.dashboard, icon: LayoutDashboard, end: true },
  { to: '/admin/notifications', label: ADMIN_UI.notifications, icon: Bell, end: false },
  // The moderation queue.
  { to: '/admin/reports', label: 'Reports', icon: Flag, end: false },
  // The subject catalogue of attendance.
  { to: '/admin/subjects', label: 'Subjects', icon: BookOpen, end: false },
  // The weekly classes, terms and days off of attendance.
  { to: '/admin/timetable', label: 'Timetable', icon: CalendarRange, end: false },
  { to: '/admin/places', label: 'Places', icon: MapPin, end: false },
  // The clubs of events and their coordinators.
  { to: '/admin/clubs', label: 'Clubs', icon: Users, end: false },
] as const;

export default function AdminPage() {
  useDocumentTitle(ADMIN_UI.panel);
  // The first render is the same on the server and in the browser (hydration):
  // closed, which CSS shows as the sidebar from 768 px up; the window's width is read after mount.
  const [open, setOpen] = useState(false);
  const [wide, setWide] = useState(true);

  useEffect(() => {
    const mql = window.matchMedia?.(WIDE);
    if (!mql) return;
    setWide(mql.matches);
    const onChange = () => {
      setWide(mql.matches);
      setOpen(mql.matches);
    };
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, []);

  const pick = () => {
    if (!wide) setOpen(false);
  };

  return (
    <div className="md:flex md:gap-6">
      <div className="mb-4 flex items-center justify-between gap-3 md:hidden">
        <h1 className="text-2xl font-bold tracking-tight text-fg">{ADMIN_UI.panel}</h1>
        <button
          type="button"
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
          aria-controls="admin-sidebar"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line px-3 text-sm font-medium text-fg hover:bg-surface-muted"
        >
          <Menu aria-hidden="true" size={18} />
          {ADMIN_UI.toggleMenu}
        </button>
      </div>
      {open && !wide ? (
        <div
          data-testid="admin-overlay"
          className="fixed inset-0 z-30 bg-black/40 md:hidden"
          onClick={() => setOpen(false)}
          aria-hidden="true"
        />
      ) : null}
      <aside
        id="admin-sidebar"
        className={cn(
          'fixed inset-y-0 left-0 z-40 w-64 border-r border-line bg-surface p-4 shadow-xl',
          'md:static md:z-auto md:block md:w-56 md:shrink-0 md:rounded-2xl md:border md:shadow-sm',
          // Closed: hidden below 768 px by CSS until the width is known, then by the state.
          open ? 'block' : wide ? 'max-md:hidden' : 'hidden',
        )}
      >
        <nav aria-label="Admin">
          <ul className="space-y-1">
            {TABS.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  end={tab.end}
                  onClick={pick}
                  className={({ isActive }) =>
                    cn(
                      'flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium',
                      isActive ? 'bg-accent-soft text-accent' : 'text-muted hover:bg-surface-muted hover:text-fg',
                    )
                  }
                >
                  <tab.icon aria-hidden="true" size={18} />
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <h1 className="mb-4 hidden text-2xl font-bold tracking-tight text-fg md:block">{ADMIN_UI.panel}</h1>
        <Routes>
          <Route index element={<UsersDashboard />} />
          <Route path="notifications" element={<NotificationsTab />} />
          <Route path="reports" element={<ReportsTab />} />
          <Route path="subjects" element={<SubjectsAdmin />} />
          <Route path="timetable" element={<TimetableAdmin />} />
          <Route path="places" element={<PlacesAdmin />} />
          <Route path="clubs" element={<ClubsAdmin />} />
          <Route path="*" element={<UsersDashboard />} />
        </Routes>
      </div>
    </div>
  );
}
