/**
 * Prompt to complete the profile (issue 2): a banner fixed to the bottom of the screen (it arrives
 * after the page, so it overlays instead of pushing the page down: no layout shift, issue 10) for a
 * signed-in user whose
 * profile lacks name, branch, semester or hostel (`isProfileIncomplete`), linking to /profile in
 * edit mode. Hidden on /profile itself; "Not now" hides it for this browser session.
 * Lazy-loaded by the root layout (default export).
 */
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { UserRoundPen, X } from 'lucide-react';
import { isProfileIncomplete } from '@campus/contract/users-ui';
import { buttonClasses } from '../../../components/ui/button';
import { useAppSelector } from '../../../lib/store';

const DISMISS_KEY = 'cc:profile-prompt-dismissed';

function wasDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISS_KEY) === '1';
  } catch {
    return false;
  }
}

export default function CompleteProfilePrompt() {
  const user = useAppSelector((s) => s.auth.user);
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (!user || dismissed || pathname === '/profile' || !isProfileIncomplete(user)) return null;

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(DISMISS_KEY, '1');
    } catch {
      /* ignore */
    }
    setDismissed(true);
  };

  return (
    <aside
      aria-label="Complete your profile"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-accent-soft pb-[env(safe-area-inset-bottom)] shadow-lg"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 sm:px-6">
        <UserRoundPen aria-hidden="true" size={20} className="text-accent" />
        <p className="flex-1 text-sm text-fg">
          <span className="font-semibold">Complete your profile.</span> Add your name, branch, semester and hostel so
          classmates can find you.
        </p>
        <Link to="/profile?edit=1" className={buttonClasses('primary', 'sm')}>
          Complete profile
        </Link>
        <button
          type="button"
          onClick={dismiss}
          className="rounded-lg p-2 text-muted hover:text-fg"
          aria-label="Not now"
        >
          <X aria-hidden="true" size={18} />
        </button>
      </div>
    </aside>
  );
}
