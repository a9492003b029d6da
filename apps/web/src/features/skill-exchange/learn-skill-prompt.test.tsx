/**
 * The `?skill=` notice of a search hit: offers to learn the skill when the student does
 * not, adds it with one click (after which it says where its teachers are), and says so directly when
 * the student already learns it (names compared case- and space-insensitively).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SKILL_TEXTS as T } from '@campus/contract/skill-exchange';
import { json, stubFetch } from '../../test/http';
import { makeUser, renderApp } from '../../test/render';
import { LearnSkillPrompt } from './components/learn-skill-prompt';

const userSkill = (name: string) => ({
  id: `us-${name}`,
  type: 'learn',
  skillId: `s-${name}`,
  Skill: { id: `s-${name}`, name },
  skill: { id: `s-${name}`, name },
  createdAt: '2026-11-25T00:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('LearnSkillPrompt', () => {
  it('adds the skill to the learn skills with one click, then points to the matches', async () => {
    const learn: ReturnType<typeof userSkill>[] = [];
    const added: unknown[] = [];
    stubFetch(async ({ req, path }) => {
      if (path === '/api/skill-exchange/my-skills')
        return json(200, { success: true, message: 'OK', teach: [], learn });
      if (path === '/api/skill-exchange/add-skill' && req.method === 'POST') {
        const body = (await req.json()) as { skillName: string };
        added.push(body);
        learn.push(userSkill(body.skillName));
        return json(201, { success: true, message: 'Added', userSkill: learn.at(-1) });
      }
      return json(404, { success: false, message: 'Not found' });
    });
    renderApp(<LearnSkillPrompt skill="  Python  " />, { auth: { status: 'authenticated', user: makeUser() } });
    await userEvent.click(await screen.findByRole('button', { name: T.learnButton('Python') }));
    expect(await screen.findByText(T.learningAlready('Python'))).toBeInTheDocument();
    expect(added).toEqual([{ skillName: 'Python', type: 'learn' }]);
  });

  it('says where the teachers are when the student already learns it', async () => {
    stubFetch(() => json(200, { success: true, message: 'OK', teach: [], learn: [userSkill('python')] }));
    renderApp(<LearnSkillPrompt skill="PYTHON" />, { auth: { status: 'authenticated', user: makeUser() } });
    expect(await screen.findByText(T.learningAlready('PYTHON'))).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
