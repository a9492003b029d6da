/**
 * The search form (spec §2): Field of Interest (default Software Development, with suggestions),
 * Location, Minimum Stipend (₹/month), Remote Only and Find Internships. Values are checked with
 * the contract's schema before sending; messages show under their field.
 */
import { useId, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { fetchInternshipsBody, JOB_CATEGORY_SUGGESTIONS } from '@campus/contract/internships';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import type { SearchForm as FormValues } from '../search-params';

export interface SearchFormProps {
  initial: FormValues;
  running: boolean;
  onSearch: (values: FormValues) => void;
}

export function SearchForm({ initial, running, onSearch }: SearchFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const listId = useId();
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = fetchInternshipsBody.safeParse({ ...values, stipend: values.stipend || undefined });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    onSearch(values);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Search internships"
      className="grid grid-cols-1 gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:grid-cols-2 sm:p-6 lg:grid-cols-[2fr_1.5fr_1fr_auto_auto] lg:items-end"
    >
      <Input
        label="Field of Interest"
        list={listId}
        value={values.job_category}
        onChange={(e) => set('job_category', e.target.value)}
        error={errors.job_category}
        autoComplete="off"
      />
      <datalist id={listId}>
        {JOB_CATEGORY_SUGGESTIONS.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <Input
        label="Location"
        placeholder="Any city"
        value={values.location}
        onChange={(e) => set('location', e.target.value)}
        error={errors.location}
        autoComplete="address-level2"
      />
      <Input
        label="Minimum Stipend (₹)"
        inputMode="numeric"
        placeholder="Any"
        value={values.stipend}
        onChange={(e) => set('stipend', e.target.value.replace(/\D/g, '').slice(0, 9))}
        error={errors.stipend}
        hint={<span className="sr-only">Rupees per month</span>}
      />
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-fg lg:pb-0">
        <input
          type="checkbox"
          className="size-5 rounded border-line accent-accent focus-visible:ring-2 focus-visible:ring-focus"
          checked={values.work_from_home}
          onChange={(e) => set('work_from_home', e.target.checked)}
        />
        Remote Only
      </label>
      <Button type="submit" loading={running} className="sm:col-span-2 lg:col-span-1">
        <Search aria-hidden="true" size={18} />
        Find Internships
      </Button>
    </form>
  );
}
