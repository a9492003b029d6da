/**
 * The skill picker keeps text typed before the page hydrated (lib/use-typed-before-hydration.ts,
 * docs/decisions/0001-hydration-at-load.md): Headless UI's combobox clears its field at mount, so
 * the text is typed again after it, and the list opens on it.
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Skill } from '@campus/contract/skill-exchange';
import { SkillPicker } from './skill-picker';

describe('SkillPicker after hydration', () => {
  it('keeps the text in a Headless UI combobox, which clears its field at mount, and opens its list', async () => {
    const skills: Skill[] = [
      { id: 's1', name: 'Python' },
      { id: 's2', name: 'Pottery' },
      { id: 's3', name: 'Guitar' },
    ];
    const picker = <SkillPicker skills={skills} value={null} onChange={() => {}} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(picker);
    document.body.append(container);
    const field = container.querySelector('input')!;
    field.focus();
    field.value = 'pyth';
    await act(async () => {
      hydrateRoot(container, picker);
    });
    expect(field.value).toBe('pyth');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Python']);
    container.remove();
  });
});
