/**
 * A checkbox with its label beside it (the label wraps the box, so a tap on the text ticks it).
 * Controlled (`checked` + `onChange`) or registered with react-hook-form (forwards `ref`); a box
 * ticked or cleared before the app hydrated stays so (lib/use-typed-before-hydration.ts,
 * docs/decisions/0001-hydration-at-load.md).
 */
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '../../lib/cn';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, className, ref, ...rest }: CheckboxProps) {
  const setRefs = useTypedBeforeHydration(rest.checked, ref);
  return (
    <label className={cn('inline-flex min-h-9 items-center gap-2 text-sm text-fg', className)}>
      <input ref={setRefs} type="checkbox" className="size-4 accent-accent" {...rest} />
      {label}
    </label>
  );
}
