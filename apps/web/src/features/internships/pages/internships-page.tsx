/**
 * /intern-connect, the Internship Finder (docs/product-spec.md §2, §4, §8, §9), open to guests: the
 * search form; while a search runs, "Scraping internships...", the 30-60 seconds note, elapsed
 * seconds and Cancel; then Internship Results (sortable by stipend, with "from N minutes ago" and
 * Refresh, which bypasses the server's cache) or an empty or error state with docs/product-spec.md §8's texts. The
 * client gives up after 180 s. The last search lives in the URL (`category`, `location`, `stipend`,
 * `remote`, `sort`), so a reload or a shared link runs it again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Briefcase, RefreshCw } from 'lucide-react';
import type { FetchInternshipsInput, FetchInternshipsResponse } from '@campus/contract/internships';
import { INTERNSHIP_MESSAGES as M } from '@campus/contract/internships-ui';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { formatRelative } from '../../../lib/format';
import { useUrlParams } from '../../../lib/url-params';
import { InternshipCard } from '../components/internship-card';
import { SearchForm } from '../components/search-form';
import { SearchProgress } from '../components/search-progress';
import { internshipErrorText, useFetchInternshipsMutation } from '../internships-api';
import {
  INTERNSHIP_SORTS,
  INTERNSHIP_SORT_LABELS,
  filtersFromParams,
  hasSearch,
  paramsFromFilters,
  sortFromParams,
  sortListings,
  type Filters,
} from '../search-params';

const SORT_OPTIONS = INTERNSHIP_SORTS.map((s) => ({ value: s, label: INTERNSHIP_SORT_LABELS[s] }));

type SearchState =
  | { kind: 'idle' }
  | { kind: 'running'; startedAt: number }
  | { kind: 'done'; result: FetchInternshipsResponse }
  | { kind: 'error'; message: string }
  | { kind: 'cancelled' };

/** The API body for a search. */
const toBody = (f: Filters, refresh = false): FetchInternshipsInput => ({ ...f, refresh });

export default function InternshipsPage() {
  const { params, update, replaceAll } = useUrlParams();
  const sort = sortFromParams(params);
  const [trigger] = useFetchInternshipsMutation();
  const [state, setState] = useState<SearchState>({ kind: 'idle' });
  const pending = useRef<{ abort: () => void } | null>(null);
  const lastFilters = useRef<Filters>(filtersFromParams(params));
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const run = useCallback(
    async (filters: Filters, refresh = false) => {
      pending.current?.abort();
      lastFilters.current = filters;
      setState({ kind: 'running', startedAt: Date.now() });
      const request = trigger(toBody(filters, refresh));
      pending.current = request;
      try {
        const result = await request.unwrap();
        if (pending.current !== request) return;
        setState({ kind: 'done', result });
        resultsHeading.current?.focus();
      } catch (err) {
        if (pending.current !== request) return;
        setState({ kind: 'error', message: internshipErrorText(err) });
      } finally {
        if (pending.current === request) pending.current = null;
      }
    },
    [trigger],
  );

  // A search in the URL (reload, shared link) runs once on arrival.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (hasSearch(params)) void run(filtersFromParams(params));
  }, [params, run]);
  useEffect(
    () => () => {
      // Leaving the page (or React's development re-mount) ends the search; a re-mount starts it again.
      pending.current?.abort();
      started.current = false;
    },
    [],
  );

  const search = (filters: Filters) => {
    replaceAll(paramsFromFilters(filters, sort));
    void run(filters);
  };
  const cancel = () => {
    const request = pending.current;
    pending.current = null;
    request?.abort();
    setState({ kind: 'cancelled' });
  };

  const running = state.kind === 'running';
  return (
    <>
      <PageHeader
        title="Internship Finder"
        subtitle="Live internships from Internshala, filtered by field, city, stipend and remote work."
      />
      <SearchForm initial={filtersFromParams(params)} running={running} onSearch={search} />

      <section aria-label="Search status and results" className="mt-6">
        {state.kind === 'running' ? (
          <SearchProgress startedAt={state.startedAt} onCancel={cancel} />
        ) : state.kind === 'error' ? (
          <Alert tone="error" title={M.failed}>
            <p>{state.message}</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void run(lastFilters.current)}>
              Try again
            </Button>
          </Alert>
        ) : state.kind === 'cancelled' ? (
          <Alert tone="info">Search cancelled.</Alert>
        ) : state.kind === 'done' ? (
          <Results
            result={state.result}
            sort={sort}
            onSort={(s) => update({ sort: s === 'relevance' ? '' : s })}
            onRefresh={() => void run(lastFilters.current, true)}
            headingRef={resultsHeading}
          />
        ) : (
          <EmptyState
            icon={<Briefcase size={40} />}
            title="Find your next internship"
            description="Choose a field, a city or Remote Only, and a minimum stipend, then press Find Internships."
          />
        )}
      </section>
    </>
  );
}

interface ResultsProps {
  result: FetchInternshipsResponse;
  sort: (typeof INTERNSHIP_SORTS)[number];
  onSort: (sort: (typeof INTERNSHIP_SORTS)[number]) => void;
  onRefresh: () => void;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}

function Results({ result, sort, onSort, onRefresh, headingRef }: ResultsProps) {
  const listings = sortListings(result.internships, sort);
  const n = listings.length;
  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-fg focus:outline-none">
            Internship Results
          </h2>
          <p className="text-sm text-muted" aria-live="polite">
            {n} {n === 1 ? 'internship' : 'internships'} · {result.cached ? 'from' : 'fetched'}{' '}
            <time dateTime={result.fetchedAt}>{formatRelative(result.fetchedAt)}</time>
          </p>
        </div>
        <div className="flex items-end gap-2">
          <Select
            label="Sort by"
            hideLabel
            value={sort}
            onChange={(e) => onSort(e.target.value as ResultsProps['sort'])}
            options={SORT_OPTIONS}
          />
          <Button variant="secondary" onClick={onRefresh}>
            <RefreshCw aria-hidden="true" size={16} />
            Refresh
          </Button>
        </div>
      </div>
      {n === 0 ? (
        <EmptyState
          icon={<Briefcase size={40} />}
          title={M.empty}
          description="Try another field or city, a lower minimum stipend, or turn off Remote Only."
        />
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {listings.map((l) => (
            <InternshipCard key={l.id} listing={l} />
          ))}
        </div>
      )}
    </>
  );
}
