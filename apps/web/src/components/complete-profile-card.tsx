/**
 * "Complete your profile": a card on the home dashboard and the profile page for a signed-in user
 * whose profile lacks name, branch, semester or hostel (`isProfileIncomplete`), linking to the
 * profile's edit mode. It sits in the page's flow, so it never covers content, and it is in the
 * server's HTML, so nothing shifts when the app hydrates. It goes away once the profile is complete.
 */
import { Link } from 'react-router';
import { UserRoundPen } from 'lucide-react';
import { isProfileIncomplete } from '@campus/contract/users-ui';
import { buttonClasses } from './ui/button';
import { cn } from '../lib/cn';
import { useAppSelector } from '../lib/store';

export function CompleteProfileCard({ className }: { className?: string }) {
  const user = useAppSelector((s) => (s.auth.status === 'authenticated' ? s.auth.user : null));
  if (!user || !isProfileIncomplete(user)) return null;
  return (
    <aside
      aria-label="Complete your profile"
      className={cn(
        'flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-accent-soft px-4 py-3 sm:px-5',
        className,
      )}
    >
      <UserRoundPen aria-hidden="true" size={20} className="shrink-0 text-accent" />
      <p className="min-w-0 flex-1 text-sm text-fg">
        <span className="font-semibold">Complete your profile.</span> Add your name, branch, semester and hostel so
        classmates can find you.
      </p>
      <Link to="/profile?edit=1" className={buttonClasses('primary', 'sm')}>
        Complete profile
      </Link>
    </aside>
  );
}
