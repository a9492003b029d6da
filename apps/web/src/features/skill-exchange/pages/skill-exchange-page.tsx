/**
 * /skill-exchange (docs/product-spec.md §2 "Skill exchange"): Peer-to-Peer Skill Exchange with three
 * tabs — the skills panel (toggle, add, my skills, matches) and the requests inbox, received and
 * sent. The tab lives in the URL (`?tab=received|sent`), so a notification opens the inbox; a
 * search hit's `?skill=` shows how to reach that skill's teachers.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { SKILL_TEXTS as T } from '@campus/contract/skill-exchange-ui';
import { PageHeader } from '../../../components/ui/page-header';
import { useUrlParams } from '../../../lib/url-params';
import { LearnSkillPrompt } from '../components/learn-skill-prompt';
import { RequestsInbox } from '../components/requests-inbox';
import { SkillsPanel } from '../components/skills-panel';

/** Tab value and label; "Requests " is only read out (and shown from the sm breakpoint) so three tabs fit 360 px. */
const TABS = [
  ['skills', null, 'Skills'],
  ['received', 'Requests ', 'received'],
  ['sent', 'Requests ', 'sent'],
] as const;
type Tab = (typeof TABS)[number][0];

export default function SkillExchangePage() {
  const { params, replaceAll } = useUrlParams();
  const raw = params.get('tab');
  const tab: Tab = raw === 'received' || raw === 'sent' ? raw : 'skills';
  const skill = params.get('skill')?.slice(0, 100) ?? '';
  return (
    <>
      <PageHeader title={T.title} subtitle="Learn from other students, and teach what you know." />
      <Tabs.Root value={tab} onValueChange={(v) => replaceAll(v === 'skills' ? {} : { tab: v })}>
        <Tabs.List aria-label="Skill exchange views" className="mb-4 flex gap-1 overflow-x-auto border-b border-line">
          {TABS.map(([v, prefix, label]) => (
            <Tabs.Trigger
              key={v}
              value={v}
              className="-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted hover:text-fg data-[state=active]:border-accent data-[state=active]:text-accent"
            >
              {prefix ? <span className="sr-only sm:not-sr-only">{prefix}</span> : null}
              <span className={prefix ? 'capitalize sm:normal-case' : undefined}>{label}</span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="skills" className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4">
          {skill ? (
            <div className="mb-4">
              <LearnSkillPrompt skill={skill} />
            </div>
          ) : null}
          <SkillsPanel />
        </Tabs.Content>
        <Tabs.Content value="received" className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4">
          <RequestsInbox box="received" />
        </Tabs.Content>
        <Tabs.Content value="sent" className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4">
          <RequestsInbox box="sent" />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
