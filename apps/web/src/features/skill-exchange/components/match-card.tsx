/**
 * One recommended match (docs/product-spec.md §2): avatar (default image if absent), name (or Unknown), Branch,
 * Email, Semester (each N/A if absent) and Skill, and Request to Connect — or, once asked, the
 * request's state. The e-mail arrives only once a request between the two was accepted; before
 * that the card says so. Reciprocal matches carry a "Wants to learn from you
 * too" badge. Report opens the report dialog for the user; Block blocks them, after a confirmation
 * (docs/privacy.md "Block").
 */
import { SKILL_TEXTS as T } from '@campus/contract/skill-exchange-ui';
import type { Match } from '@campus/contract/skill-exchange';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { BlockButton } from '../../../components/block-button';
import { ReportButton } from '../../../components/report-button';
import { Avatar } from './avatar';

export interface MatchCardProps {
  match: Match;
  onConnect: (match: Match) => void;
}

export function MatchCard({ match, onConnect }: MatchCardProps) {
  const { user } = match;
  const name = user.name || T.unknown;
  const headingId = `match-${match.id}`;
  const facts: Array<[string, string | null]> = [
    ['Branch', user.branch],
    ['Email', user.email ?? T.emailOnceConnected],
    ['Semester', user.semester],
    ['Skill', match.Skill.name],
  ];
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm"
      >
        <div className="flex items-center gap-3">
          <Avatar src={user.avatar} />
          <div className="min-w-0">
            <h3 id={headingId} className="truncate text-base font-semibold text-fg">
              {name}
            </h3>
            {match.reciprocal ? <Badge tone="accent">Wants to learn from you too</Badge> : null}
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="min-w-0 break-words text-fg">{value || T.na}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-auto flex flex-wrap items-center gap-2">
          {match.requestStatus === 'accepted' ? (
            <Badge tone="success">Connected: see your requests</Badge>
          ) : match.requestStatus === 'pending' ? (
            <Badge tone="warning">Request pending</Badge>
          ) : (
            <Button size="sm" onClick={() => onConnect(match)} aria-describedby={headingId}>
              {T.requestToConnect}
            </Button>
          )}
          <ReportButton targetType="user" targetId={user.id} ownerId={user.id} name={name} />
          <BlockButton userId={user.id} name={user.name} />
        </div>
      </article>
    </li>
  );
}
