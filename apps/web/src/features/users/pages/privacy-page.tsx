/**
 * `/privacy`, the privacy notice (docs/privacy.md), open to everyone and server-rendered: what we
 * keep about a student, why, for how long (the server's `RETENTION_DAYS`,
 * `ACCOUNT_DELETION_GRACE_DAYS` and notification lifetime), who sees it, the rights (download,
 * delete, block) and the grievance officer (the institute config's `grievanceOfficer`).
 * Linked from the sign-up form and the footer.
 */
import { Link } from 'react-router';
import type { PrivacyNotice } from '@campus/contract/privacy-ui';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@campus/contract/users-ui';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { usePrivacyNoticeQuery } from '../privacy-api';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "1 day", "14 days". */
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** One kind of data: what it is, why it is kept, for how long. */
interface Kept {
  what: string;
  why: string;
  howLong: string;
}

/** The kinds of data kept (docs/privacy.md "What is kept"), with the server's figures. */
function keptData(n: PrivacyNotice): Kept[] {
  const untilErased = 'until your account is erased';
  return [
    {
      what: 'Your profile: institute e-mail, name, branch, semester, hostel, roll number and photo',
      why: 'to sign you in and to show who posted what',
      howLong: untilErased,
    },
    {
      what: 'Your marketplace listings and lost & found reports, with their photos and contact numbers',
      why: 'to run the marketplace and lost & found',
      howLong: `while open; ${days(n.retentionDays)} after a listing is sold or expires, or an item is returned`,
    },
    {
      what: 'Rides you offer (with their photo and phone number) and rides you join',
      why: 'to run ride sharing',
      howLong: `until you delete the ride, or ${untilErased}`,
    },
    { what: 'Your skills and skill requests', why: 'to run the skill exchange', howLong: untilErased },
    {
      what: 'Your attendance: subjects, marks, target and class changes',
      why: 'to run the attendance tracker',
      howLong: untilErased,
    },
    {
      what: 'Your saved alerts and the devices you turned notifications on for',
      why: 'to tell you about what you asked for',
      howLong: untilErased,
    },
    { what: 'Your notifications', why: 'to tell you what happened', howLong: days(n.notificationRetentionDays) },
    { what: 'Reports you filed', why: 'to keep the campus safe', howLong: `${untilErased}; then without your name` },
    {
      what: 'The students you blocked',
      why: 'to keep them away from you',
      howLong: 'until you unblock them, or either account is erased',
    },
    {
      what: 'Your sign-in sessions',
      why: 'to keep your account secure',
      howLong: `${days(SESSION_IDLE_MS / DAY_MS)} unused, at most ${days(SESSION_ABSOLUTE_MS / DAY_MS)}`,
    },
  ];
}

function Notice({ notice }: { notice: PrivacyNotice }) {
  const grace =
    notice.accountDeletionGraceDays === 0
      ? 'at once'
      : `${days(notice.accountDeletionGraceDays)} later; until then, signing in lets you keep your account`;
  const { name, email } = notice.grievanceOfficer;
  return (
    <div className="space-y-6 leading-relaxed text-fg">
      <Card title="What we keep, why and for how long">
        <ul className="divide-y divide-line">
          {keptData(notice).map((k) => (
            <li key={k.what} className="py-3 first:pt-0 last:pb-0">
              <p className="font-medium">{k.what}</p>
              <p className="text-sm text-muted">
                Why: {k.why}. How long: {k.howLong}.
              </p>
            </li>
          ))}
        </ul>
      </Card>
      <Card title="Who sees it">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Signed-in students of the institute see what you post — listings, lost & found reports, rides, your skill
            profile — with the name and contact number on it, and your name on a request you send them.
          </li>
          <li>Students you blocked no longer see your contact details, and you no longer see their posts.</li>
          <li>Administrators see accounts and the reports students file, to keep the campus safe.</li>
          <li>
            Your branch and semester show beside your name on the skill exchange; your e-mail only once a skill request
            between you and another student is accepted.
          </li>
          <li>Your attendance, saved alerts and notifications are yours alone.</li>
          <li>Only signed-in members of the institute see students&apos; data.</li>
        </ul>
      </Card>
      <Card title="Your rights">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Download your data:</strong> one file with everything above, and your photos, from your{' '}
            <Link to="/profile" className="font-medium text-accent underline">
              profile
            </Link>
            .
          </li>
          <li>
            <strong>Delete your account:</strong> from your profile. It closes at once and is erased {grace}. Reports
            you filed stay, shown as from a deleted account.
          </li>
          <li>
            <strong>Block a student:</strong> from their listing, item, ride or request. Neither of you is told; you can
            unblock them from your profile.
          </li>
        </ul>
      </Card>
      <Card title="Grievances">
        <p>
          For a question or a complaint about your personal data, write to {name}:{' '}
          <a href={`mailto:${email}`} className="font-medium text-accent underline">
            {email}
          </a>
          .
        </p>
      </Card>
    </div>
  );
}

export default function PrivacyPage() {
  const { data, isLoading, isError, isFetching, refetch } = usePrivacyNoticeQuery();
  return (
    <article className="mx-auto max-w-3xl">
      <PageHeader
        title="Privacy notice"
        subtitle="What Campus Companion keeps about you, and your rights under the Digital Personal Data Protection Act 2023."
      />
      {isLoading ? (
        <p className="flex items-center gap-2 text-muted">
          <Spinner size={18} label="" /> Loading the privacy notice...
        </p>
      ) : data ? (
        <Notice notice={data} />
      ) : isError ? (
        <Alert tone="error" title="The privacy notice could not be loaded.">
          <Button variant="secondary" size="sm" className="mt-2" loading={isFetching} onClick={() => void refetch()}>
            Retry
          </Button>
        </Alert>
      ) : null}
    </article>
  );
}
