/**
 * The skills half of /skill-exchange (docs/product-spec.md §2, §4, §5, §8): the learn/teach toggle; in learn mode
 * the searchable dropdown of existing skills, in teach mode free text with the spec's placeholder;
 * Add to Learn Skills / Add to Teach Skills (Adding... while busy; disabled with no skill or while
 * adding); Your Teaching Skills with delete, or Your Learning Skills tagged (Learning) and
 * Recommended Matches (or No matches found yet) with Request to Connect; and the dismissible
 * message box (success 3 s, error 5 s). After adding, skills, matches and my skills reload and the
 * input clears (docs/product-spec.md §4).
 */
import { useState, type FormEvent } from 'react';
import { Trash2, Users } from 'lucide-react';
import { SKILL_MESSAGES as M, SKILL_TEXTS as T, type SkillType } from '@campus/contract/skill-exchange-ui';
import type { Match, SendRequestBody, Skill, UserSkill } from '@campus/contract/skill-exchange';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { toApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { failureText, useMessageBox } from '../message-box';
import {
  useAddSkillMutation,
  useDeleteUserSkillMutation,
  useListSkillsQuery,
  useMatchesQuery,
  useMySkillsQuery,
  useSendRequestMutation,
} from '../skill-exchange-api';
import { ConnectModal } from './connect-modal';
import { MatchCard } from './match-card';
import { MessageBox } from './message-box';
import { SkillPicker } from './skill-picker';

const MODES: Array<[SkillType, string]> = [
  ['learn', T.learnMode],
  ['teach', T.teachMode],
];

function Loading({ text }: { text: string }) {
  return (
    <div className="flex items-center gap-3 py-6 text-muted">
      <Spinner label="" /> {text}
    </div>
  );
}

export function SkillsPanel() {
  const [mode, setMode] = useState<SkillType>('learn');
  const [picked, setPicked] = useState<Skill | null>(null);
  const [typed, setTyped] = useState('');
  const [connecting, setConnecting] = useState<Match | null>(null);
  const box = useMessageBox();
  const skills = useListSkillsQuery();
  const mine = useMySkillsQuery();
  const matches = useMatchesQuery(undefined, { skip: mode !== 'learn' });
  const [addSkill, { isLoading: adding }] = useAddSkillMutation();
  const [deleteUserSkill, { isLoading: deleting }] = useDeleteUserSkillMutation();
  const [sendRequest, { isLoading: sending }] = useSendRequestMutation();

  const skillName = mode === 'learn' ? (picked?.name ?? '') : typed;
  const canAdd = skillName.trim() !== '' && !adding;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canAdd) return;
    // The contract's schema arrives with zod now, not with the page (docs/decisions/0001-hydration-at-load.md).
    const { addSkillBody } = await import('@campus/contract/skill-exchange');
    const parsed = addSkillBody.safeParse({ skillName, type: mode });
    if (!parsed.success) {
      box.show('error', parsed.error.issues[0]?.message ?? M.failedAdd);
      return;
    }
    const result = await addSkill(parsed.data);
    if (result.error) {
      box.show('error', failureText(toApiError(result.error), M.failedAdd, M.exists));
      return;
    }
    box.show('success', M.skillAdded);
    setPicked(null);
    setTyped('');
  };

  const remove = async (s: UserSkill) => {
    const result = await deleteUserSkill(s.id);
    if (result.error) {
      const e = toApiError(result.error);
      box.show('error', M.failedDelete(e.serverMessage ?? e.message));
      return;
    }
    box.show('success', M.skillDeleted);
  };

  const send = async (args: SendRequestBody) => {
    const result = await sendRequest(args);
    if (result.error) {
      box.show('error', failureText(toApiError(result.error), M.failedRequest));
      return false;
    }
    box.show('success', M.requestSent);
    return true;
  };

  const own = mode === 'teach' ? mine.data?.teach : mine.data?.learn;

  return (
    <div className="space-y-6">
      <MessageBox message={box.message} onDismiss={box.dismiss} />

      <section
        aria-labelledby="add-skill-heading"
        className="space-y-4 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
      >
        <h2 id="add-skill-heading" className="sr-only">
          Add a skill
        </h2>
        <div role="group" aria-label="Mode" className="inline-flex w-full rounded-lg border border-line p-1 sm:w-auto">
          {MODES.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={mode === value}
              onClick={() => setMode(value)}
              className={cn(
                'min-h-10 flex-1 rounded-md px-4 text-sm font-medium sm:flex-none',
                mode === value ? 'bg-accent text-on-accent' : 'text-fg hover:bg-surface-muted',
              )}
            >
              {label}
            </button>
          ))}
        </div>
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="min-w-0 flex-1">
            {mode === 'learn' ? (
              skills.isError ? (
                <LoadError title={M.failedFetchSkills} error={skills.error} onRetry={() => void skills.refetch()} />
              ) : (
                <SkillPicker
                  skills={skills.data ?? []}
                  value={picked}
                  onChange={setPicked}
                  disabled={skills.isLoading}
                />
              )
            ) : (
              <Input
                label="Skill to teach"
                hideLabel
                placeholder={T.teachPlaceholder}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
            )}
          </div>
          <Button type="submit" disabled={!canAdd} aria-busy={adding || undefined}>
            {adding ? T.adding : mode === 'learn' ? T.addLearn : T.addTeach}
          </Button>
        </form>
      </section>

      <section aria-labelledby="own-skills-heading" className="space-y-3">
        <h2 id="own-skills-heading" className="text-lg font-semibold text-fg">
          {mode === 'teach' ? T.teaching : T.learning}
        </h2>
        {mine.isLoading ? (
          <Loading text="Loading your skills..." />
        ) : mine.isError ? (
          <LoadError title={M.failedFetchUserSkills} error={mine.error} onRetry={() => void mine.refetch()} />
        ) : !own?.length ? (
          <p className="text-sm text-muted">
            {mode === 'teach' ? 'You have not added a skill to teach yet.' : 'You have not added a skill to learn yet.'}
          </p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {own.map((s) => (
              <li
                key={s.id}
                className="inline-flex items-center gap-2 rounded-full border border-line bg-surface py-1 pl-3 pr-1 text-sm"
              >
                <span className="text-fg">{s.Skill.name}</span>
                {mode === 'learn' ? <span className="text-muted">{T.learningTag}</span> : null}
                <button
                  type="button"
                  onClick={() => void remove(s)}
                  disabled={deleting}
                  aria-label={`Delete ${s.Skill.name}`}
                  className="rounded-full p-1.5 text-muted hover:bg-danger-soft hover:text-danger disabled:opacity-60"
                >
                  <Trash2 aria-hidden="true" size={16} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {mode === 'learn' ? (
        <section aria-labelledby="matches-heading" className="space-y-3">
          <h2 id="matches-heading" className="text-lg font-semibold text-fg">
            {T.matches}
          </h2>
          {matches.isLoading ? (
            <Loading text="Loading matches..." />
          ) : matches.isError ? (
            <LoadError title={M.failedFetchMatches} error={matches.error} onRetry={() => void matches.refetch()} />
          ) : !matches.data?.length ? (
            <EmptyState
              icon={<Users size={40} />}
              title={T.noMatches}
              description="Add a skill you want to learn; students who teach it appear here."
            />
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {matches.data.map((m) => (
                <MatchCard key={m.id} match={m} onConnect={setConnecting} />
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <ConnectModal match={connecting} busy={sending} onClose={() => setConnecting(null)} onSend={send} />
    </div>
  );
}
