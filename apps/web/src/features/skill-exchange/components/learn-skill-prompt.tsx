/**
 * The notice a search hit opens (`/skill-exchange?skill=<name>`): when the student does
 * not learn that skill yet, one button adds it to their learn skills, after which its teachers show
 * under Recommended Matches (matches follow learn skills, docs/product-spec.md §2); when they do, it says where the
 * teachers are. Skill names compare by `skillKey` (case and spacing ignored).
 */
import { SKILL_TEXTS as T, skillDisplayName, skillKey } from '@campus/contract/skill-exchange-ui';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { toApiError } from '../../../lib/api';
import { useAddSkillMutation, useMySkillsQuery } from '../skill-exchange-api';

export function LearnSkillPrompt({ skill }: { skill: string }) {
  const name = skillDisplayName(skill);
  const mine = useMySkillsQuery();
  const [addSkill, adding] = useAddSkillMutation();
  if (!name || !mine.data) return null;
  const learning = mine.data.learn.some((s) => skillKey(s.skill.name) === skillKey(name));
  if (learning) return <Alert tone="info">{T.learningAlready(name)}</Alert>;
  return (
    <Alert tone="info">
      <span>{T.learnPrompt(name)}</span>
      <Button
        size="sm"
        className="ml-3"
        loading={adding.isLoading}
        onClick={() => void addSkill({ skillName: name, type: 'learn' })}
      >
        {T.learnButton(name)}
      </Button>
      {adding.error ? <p className="mt-2 text-danger">{toApiError(adding.error).message}</p> : null}
    </Alert>
  );
}
