/**
 * `/search?q=…`: every group the query found, each with its count ("(7)", or "(100+)"
 * when the API stopped counting), its hits (title linking to the record, snippet
 * with the matched words marked) and "See all in <feature>" opening the feature's own page with its
 * search filled in. A box at the top searches again (the query lives in the URL).
 * Loading, empty ("No results for …", or the contract's "enter something" without a query) and
 * error (with Retry) states; the document title names the query.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowRight, SearchX } from 'lucide-react';
import { SEARCH_GROUPS, SEARCH_LIMIT_MAX, SEARCH_MESSAGES, SEARCH_Q_MAX } from '@campus/contract/search-ui';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchField } from '../../../components/ui/search-field';
import { Spinner } from '../../../components/ui/spinner';
import { useSearchQuery } from '../search-api';
import { GROUP_ICONS, seeAllPath, Snippet } from '../search-links';
import { useResetOnChange } from '../../../lib/use-reset-on-change';

/** Hits asked for per group on this page. */
export const RESULTS_PER_GROUP = Math.min(10, SEARCH_LIMIT_MAX);

/** The results page; see the module docstring. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_Q_MAX);
  const [text, setText] = useState(q);
  useResetOnChange(q, () => setText(q));
  const { currentData, isError, error, refetch } = useSearchQuery({ q, limit: RESULTS_PER_GROUP }, { skip: !q });
  const groups = currentData?.groups.filter((g) => g.items.length) ?? [];

  let body;
  if (!q) body = <EmptyState icon={<SearchX size={32} />} title={SEARCH_MESSAGES.queryRequired} />;
  else if (isError) body = <LoadError title={SEARCH_MESSAGES.failed} error={error} onRetry={() => void refetch()} />;
  else if (!currentData)
    body = (
      <div className="flex justify-center py-10">
        <Spinner size={28} label="Searching" />
      </div>
    );
  else if (!groups.length) body = <EmptyState icon={<SearchX size={32} />} title={SEARCH_MESSAGES.noResults(q)} />;
  else
    body = (
      <div className="space-y-6">
        {groups.map((group) => {
          const Icon = GROUP_ICONS[group.type];
          const { label } = SEARCH_GROUPS[group.type];
          const headingId = `search-group-${group.type}`;
          return (
            <section
              key={group.type}
              aria-labelledby={headingId}
              className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6"
            >
              <h2 id={headingId} className="mb-3 flex items-center gap-2 text-lg font-semibold text-fg">
                <Icon aria-hidden="true" size={20} className="text-accent" />
                {label}
                <span className="text-sm font-normal text-muted">({SEARCH_MESSAGES.total(group)})</span>
              </h2>
              <ul className="divide-y divide-line">
                {group.items.map((hit) => (
                  <li key={hit.link} className="py-3">
                    <Link to={hit.link} className="font-medium text-accent hover:underline">
                      {hit.title}
                    </Link>
                    {hit.snippet.length ? (
                      <p className="mt-1 text-sm break-words text-muted">
                        <Snippet parts={hit.snippet} />
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
              <Link
                to={seeAllPath(group.type, q)}
                className="mt-2 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-accent hover:underline"
              >
                {SEARCH_MESSAGES.seeAll(label)}
                <ArrowRight aria-hidden="true" size={16} />
              </Link>
            </section>
          );
        })}
      </div>
    );

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={q ? `Search results for “${q}”` : 'Search'} />
      <form
        role="search"
        className="mb-6 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const next = text.trim();
          if (next) setParams({ q: next });
        }}
      >
        <SearchField label="Search again" placeholder="Search" value={text} onChange={setText} className="flex-1" />
        <Button type="submit">Search</Button>
      </form>
      {body}
    </div>
  );
}
