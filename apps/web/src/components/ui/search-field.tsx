/**
 * A list's search box: magnifier icon, a label for screen readers, at most 100 characters by
 * default; text typed before the app hydrated is kept (lib/use-typed-before-hydration.ts).
 */
import { Search } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import { fieldClasses } from './input';

export interface SearchFieldProps {
  /** Accessible name ("Search items"). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Longest text accepted (default 100, the contract's search limit). */
  maxLength?: number;
  /** Classes of the wrapping label (grid placement). */
  className?: string;
}

export function SearchField({ label, value, onChange, placeholder, maxLength = 100, className }: SearchFieldProps) {
  const ref = useTypedBeforeHydration(value);
  return (
    <label className={cn('relative block', className)}>
      <span className="sr-only">{label}</span>
      <Search aria-hidden="true" size={18} className="absolute left-3 top-1/2 -translate-y-1/2 text-muted" />
      <input
        ref={ref}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        className={cn(fieldClasses, 'border-line pl-10')}
      />
    </label>
  );
}
