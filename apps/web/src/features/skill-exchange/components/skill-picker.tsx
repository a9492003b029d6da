/**
 * The learn dropdown (docs/product-spec.md §2 "Select a skill to learn"): Headless UI's accessible `Combobox` over
 * every existing skill name, filtered as the student types (case-insensitive, anywhere in the
 * name). Keyboard: arrows move, Enter picks, Escape closes. `value` is the picked skill or null.
 */
import { useId, useState } from 'react';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { ChevronsUpDown } from 'lucide-react';
import { SKILL_TEXTS as T } from '@campus/contract/skill-exchange-ui';
import type { Skill } from '@campus/contract/skill-exchange';
import { fieldClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';

/** Most options listed at once. */
export const SKILL_PICKER_LIMIT = 50;

/** Skills whose name contains `query` (case-insensitive), at most {@link SKILL_PICKER_LIMIT}. */
export function filterSkills(skills: Skill[], query: string): Skill[] {
  const q = query.trim().toLowerCase();
  const hits = q ? skills.filter((s) => s.name.toLowerCase().includes(q)) : skills;
  return hits.slice(0, SKILL_PICKER_LIMIT);
}

export interface SkillPickerProps {
  skills: Skill[];
  value: Skill | null;
  onChange: (skill: Skill | null) => void;
  disabled?: boolean;
}

export function SkillPicker({ skills, value, onChange, disabled }: SkillPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  // Text typed before the page hydrated filters the list, not lost.
  const typedRef = useTypedBeforeHydration(query);
  const options = filterSkills(skills, query);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="sr-only">
        {T.learnPlaceholder}
      </label>
      <Combobox<Skill | null>
        value={value}
        by={(a, b) => a?.id === b?.id}
        onChange={onChange}
        onClose={() => setQuery('')}
        disabled={disabled}
        immediate
      >
        <div className="relative">
          <ComboboxInput
            id={id}
            placeholder={T.learnPlaceholder}
            autoComplete="off"
            displayValue={(s: Skill | null) => s?.name ?? ''}
            onChange={(e) => setQuery(e.target.value)}
            ref={typedRef}
            className={cn(fieldClasses, 'border-line pr-10')}
          />
          <ComboboxButton
            className="absolute inset-y-0 right-0 flex items-center px-3 text-muted"
            aria-label="Show skills"
          >
            <ChevronsUpDown aria-hidden="true" size={16} />
          </ComboboxButton>
          <ComboboxOptions
            modal={false}
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-line bg-surface shadow-lg empty:invisible"
          >
            {options.map((s) => (
              <ComboboxOption
                key={s.id}
                value={s}
                className="cursor-pointer px-3 py-2 text-sm text-fg data-focus:bg-accent-soft data-selected:font-semibold"
              >
                {s.name}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      <p role="status" className={cn('text-sm text-muted', (options.length > 0 || !query.trim()) && 'sr-only')}>
        {query.trim() && !options.length ? 'No skill matches. Switch to I want to teach to add a new one.' : ''}
      </p>
    </div>
  );
}
