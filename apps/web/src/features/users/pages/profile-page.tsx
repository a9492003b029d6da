/**
 * /profile (docs/product-spec.md §2, §4, §8): loads the user from GET /api/users/current and shows a loader, an
 * error box ("Failed to load user", with Retry), "User not found", or the profile: photo (change
 * it), name, email, the "branch · semester" line and the details list (Branch, Semester, Hostel).
 * Edit Profile switches to the form (`?edit=1`, also the target of the completion prompt); Save
 * Profile / Cancel return to view. Logout goes to /login even if the server call fails (then the
 * toast "Server logout failed, but client session cleared."). A Push notifications card (this
 * device on or off, the categories; docs/decisions/0501-web-push.md), a Change password card and
 * Blocked students (to unblock), Your data (download it) and Delete my account (docs/privacy.md)
 * follow.
 */
import { useSearchParams, useNavigate } from 'react-router';
import { LogOut, Pencil, UserX } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { AUTH_UI, USER_MESSAGES } from '@campus/contract/users-ui';
import { PUSH_UI } from '@campus/contract/push-ui';
import type { PublicUser } from '@campus/contract/users';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { CompleteProfileCard } from '../../../components/complete-profile-card';
import { PushCategories, PushControl } from '../../../components/push-control';
import { Spinner } from '../../../components/ui/spinner';
import { toApiError } from '../../../lib/api';
import { useAppDispatch, useAppSelector } from '../../../lib/store';
import { useCurrentQuery } from '../users-api';
import { logout } from '../logout';
import { isAdmin } from '../../../lib/roles';
import { AvatarUploader } from '../components/avatar-uploader';
import { ChangePasswordForm } from '../components/change-password-form';
import { BlockedStudents } from '../components/blocked-students';
import { DeleteAccount } from '../components/delete-account';
import { DownloadData } from '../components/download-data';
import { ProfileForm } from '../components/profile-form';

const NOT_SET = 'Not set';

/** "Computer Science Engineering · Fifth semester" from the parts that are set. */
export function branchSemesterLine(user: Pick<PublicUser, 'branch' | 'semester'>): string {
  const parts = [user.branch, user.semester ? `${user.semester} semester` : null].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Branch and semester not set';
}

function LogoutButton() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const onClick = async () => {
    const { serverFailed } = await dispatch(logout()).unwrap();
    if (serverFailed) toast.error(AUTH_UI.logoutFailed);
    navigate('/login', { replace: true });
  };
  return (
    <Button variant="secondary" onClick={onClick}>
      <LogOut aria-hidden="true" size={16} />
      Logout
    </Button>
  );
}

export default function ProfilePage() {
  const { data, isLoading, isError, error, refetch, isFetching } = useCurrentQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const storeUser = useAppSelector((s) => s.auth.user);
  const roles = useAppSelector((s) => s.auth.roles);
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit') === '1';
  const setEditing = (on: boolean) => setParams(on ? { edit: '1' } : {}, { replace: true });

  const user = data?.user ?? storeUser;

  if (isLoading && !user) {
    return (
      <>
        <PageHeader title="My Profile" />
        <div className="flex items-center justify-center gap-3 py-16 text-muted">
          <Spinner size={28} label="" /> Loading profile...
        </div>
      </>
    );
  }

  if (isError && !user) {
    return (
      <>
        <PageHeader title="My Profile" />
        <Alert tone="error" title={AUTH_UI.loadUserFailed}>
          <p>{toApiError(error).message}</p>
          <Button variant="secondary" size="sm" className="mt-3" loading={isFetching} onClick={() => void refetch()}>
            Retry
          </Button>
        </Alert>
      </>
    );
  }

  if (!user) {
    return (
      <>
        <PageHeader title="My Profile" />
        <EmptyState icon={<UserX size={36} />} title={USER_MESSAGES.userNotFound} action={<LogoutButton />} />
      </>
    );
  }

  const displayName = user.name || user.username || user.email;
  return (
    <>
      <PageHeader title="My Profile" actions={<LogoutButton />} />
      {editing ? null : <CompleteProfileCard className="mb-6" />}
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <Card className="flex flex-col items-center gap-2 self-start text-center">
          <AvatarUploader avatar={user.avatar} name={displayName} />
          <h2 className="mt-2 text-xl font-semibold text-fg">{displayName}</h2>
          <p className="break-all text-sm text-muted">{user.email}</p>
          <p className="text-sm text-fg">{branchSemesterLine(user)}</p>
          {isAdmin(roles) ? <Badge tone="accent">Administrator</Badge> : null}
        </Card>
        <div className="space-y-6">
          <Card title={editing ? 'Edit Profile' : 'Details'}>
            {editing ? (
              <ProfileForm user={user} onDone={() => setEditing(false)} />
            ) : (
              <>
                <dl className="divide-y divide-line">
                  {(
                    [
                      ['Name', user.name],
                      ['Branch', user.branch],
                      ['Semester', user.semester],
                      ['Hostel', user.hostel],
                      ['Roll number', user.registration_number],
                      ['Graduation year', String(user.graduation_year)],
                    ] as const
                  ).map(([label, value]) => (
                    <div key={label} className="grid grid-cols-1 gap-1 py-3 sm:grid-cols-3">
                      <dt className="text-sm font-medium text-muted">{label}</dt>
                      <dd className="text-fg sm:col-span-2">
                        {value || <span className="text-muted">{NOT_SET}</span>}
                      </dd>
                    </div>
                  ))}
                </dl>
                <Button className="mt-4" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" size={16} />
                  Edit Profile
                </Button>
              </>
            )}
          </Card>
          <Card title={PUSH_UI.cardTitle}>
            <div className="space-y-4">
              <PushControl />
              <PushCategories />
            </div>
          </Card>
          <Card title="Change password">
            <ChangePasswordForm />
          </Card>
          <Card title="Blocked students">
            <BlockedStudents />
          </Card>
          <Card title="Your data">
            <DownloadData />
          </Card>
          <Card title="Delete my account">
            <DeleteAccount />
          </Card>
        </div>
      </div>
    </>
  );
}
