/**
 * The search form (docs/product-spec.md §2): Field of Interest (default Software Development, with suggestions),
 * Location, Minimum Stipend (₹/month), Remote Only and Find Internships. react-hook-form with the
 * contract's schema: messages show under their field; `onSearch` gets the parsed filters.
 */
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Search } from 'lucide-react';
import { JOB_CATEGORY_SUGGESTIONS } from '@campus/contract/internships-ui';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { registerWithDefaults } from '../../../lib/form-defaults';
import { lazyZodResolver, usePreloadWhenIdle } from '../../../lib/lazy-resolver';
import type { Filters } from '../search-params';

/** The contract's search body, fetched once the page has hydrated, or at the first focus (lib/lazy-resolver.ts). */
const searchSchema = lazyZodResolver(() => import('@campus/contract/internships').then((m) => m.fetchInternshipsBody));

export interface SearchFormProps {
  initial: Filters;
  running: boolean;
  onSearch: (filters: Filters) => void;
}

export function SearchForm({ initial, running, onSearch }: SearchFormProps) {
  usePreloadWhenIdle(searchSchema);
  const listId = useId();
  const form = useForm({
    resolver: searchSchema.resolver,
    defaultValues: {
      job_category: initial.job_category,
      location: initial.location,
      stipend: initial.stipend ? String(initial.stipend) : '',
      work_from_home: initial.work_from_home,
    },
  });
  const {
    handleSubmit,
    setValue,
    formState: { errors },
  } = form;
  const register = registerWithDefaults(form);
  const submit = handleSubmit((v) =>
    onSearch({
      job_category: v.job_category,
      location: v.location,
      stipend: v.stipend,
      work_from_home: v.work_from_home,
    }),
  );
  const stipend = register('stipend');

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Search internships"
      {...searchSchema.intent}
      className="grid grid-cols-1 gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:grid-cols-2 sm:p-6 lg:grid-cols-[2fr_1.5fr_1fr_auto_auto] lg:items-end"
    >
      <Input
        label="Field of Interest"
        list={listId}
        autoComplete="off"
        error={errors.job_category?.message}
        {...register('job_category')}
      />
      <datalist id={listId}>
        {JOB_CATEGORY_SUGGESTIONS.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <Input
        label="Location"
        placeholder="Any city"
        autoComplete="address-level2"
        error={errors.location?.message}
        {...register('location')}
      />
      <Input
        label="Minimum Stipend (₹)"
        inputMode="numeric"
        placeholder="Any"
        hint={<span className="sr-only">Rupees per month</span>}
        error={errors.stipend?.message}
        {...stipend}
        onChange={(e) => {
          // Digits only: "5,000" and "₹5000" become 5000.
          setValue('stipend', e.target.value.replace(/\D/g, '').slice(0, 9));
        }}
      />
      <Checkbox className="flex min-h-11 font-medium" label="Remote Only" {...register('work_from_home')} />
      <Button type="submit" loading={running} className="sm:col-span-2 lg:col-span-1">
        <Search aria-hidden="true" size={18} />
        Find Internships
      </Button>
    </form>
  );
}
