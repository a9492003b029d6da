/**
 * The Indian diet mark of a dish (docs/mess.md): a square outline with a dot, green for veg, yellow
 * for egg, brown for non-veg; a screen reader hears the diet in words. Shared by the mess pages and
 * the home dashboard's mess card.
 */
import { MESS_DIET_LABELS, type MessDiet } from '@campus/contract/mess-ui';
import { cn } from '../lib/cn';

const COLOURS: Record<MessDiet, string> = {
  veg: 'border-green-700 text-green-700 dark:border-green-400 dark:text-green-400',
  egg: 'border-yellow-600 text-yellow-600 dark:border-yellow-400 dark:text-yellow-400',
  'non-veg': 'border-amber-900 text-amber-900 dark:border-amber-600 dark:text-amber-600',
};

export function DietMark({ diet }: { diet: MessDiet }) {
  return (
    <>
      <span
        aria-hidden="true"
        data-diet={diet}
        className={cn(
          'inline-flex size-3.5 shrink-0 items-center justify-center rounded-[3px] border-2',
          COLOURS[diet],
        )}
      >
        <span className="size-1.5 rounded-full bg-current" />
      </span>
      <span className="sr-only">{MESS_DIET_LABELS[diet]}: </span>
    </>
  );
}
