/**
 * Student Spotlight page `/spotlight/:slug` (docs/product-spec.md §1, §2): the story from the institute
 * config, its highlights and links to the other spotlights. An unknown slug shows the 404 page.
 */
import { Link, useParams } from 'react-router';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import NotFoundPage from '../../../components/not-found-page';
import { initials } from '../components/spotlights';
import { useInstituteInfo } from '../../../lib/institute-query';

export default function SpotlightPage() {
  const { slug = '' } = useParams();
  const { data, isLoading, refetch, isFetching } = useInstituteInfo();
  const spotlight = data?.spotlights.find((s) => s.slug === slug);
  useDocumentTitle(spotlight ? spotlight.title : data ? '' : 'Student Spotlight');

  if (isLoading) {
    return (
      <div className="flex justify-center py-16 text-muted">
        <Spinner size={28} label="Loading spotlight" />
      </div>
    );
  }
  if (!data) {
    return (
      <Alert tone="error" title="This spotlight could not be loaded." className="mx-auto max-w-2xl">
        <Button variant="secondary" size="sm" className="mt-2" loading={isFetching} onClick={() => void refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (!spotlight) return <NotFoundPage />;
  const others = data.spotlights.filter((s) => s.slug !== slug);

  return (
    <article className="mx-auto max-w-5xl" aria-labelledby="spotlight-title">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm">
        <Link to="/" className="inline-flex items-center gap-1 font-medium text-accent underline">
          <ArrowLeft aria-hidden="true" size={16} />
          Back to Dashboard
        </Link>
      </nav>
      <header className="mb-8">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">Student Spotlight</p>
        <h1 id="spotlight-title" className="mt-2 text-3xl font-bold tracking-tight text-fg sm:text-4xl">
          {spotlight.title}
        </h1>
        <div className="mt-4 flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-12 w-12 items-center justify-center rounded-full bg-accent-soft text-lg font-semibold text-accent"
          >
            {initials(spotlight.student)}
          </span>
          <div>
            <p className="font-semibold text-fg">{spotlight.student}</p>
            {spotlight.programme ? <p className="text-sm text-muted">{spotlight.programme}</p> : null}
          </div>
        </div>
      </header>
      <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div className="max-w-prose space-y-4 text-base leading-relaxed text-fg sm:text-lg">
          {spotlight.body.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
        {spotlight.highlights.length ? (
          <aside
            aria-labelledby="highlights-heading"
            className="h-fit rounded-2xl border border-line bg-surface p-5 shadow-sm"
          >
            <h2 id="highlights-heading" className="mb-3 font-semibold text-fg">
              Highlights
            </h2>
            <ul className="space-y-2 text-sm text-fg">
              {spotlight.highlights.map((h) => (
                <li key={h} className="flex gap-2">
                  <CheckCircle2 aria-hidden="true" size={18} className="mt-0.5 shrink-0 text-success" />
                  {h}
                </li>
              ))}
            </ul>
          </aside>
        ) : null}
      </div>
      {others.length ? (
        <section aria-labelledby="more-heading" className="mt-12 border-t border-line pt-8">
          <h2 id="more-heading" className="mb-4 text-xl font-bold text-fg">
            More spotlights
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {others.map((s) => (
              <li key={s.slug}>
                <Link
                  to={`/spotlight/${s.slug}`}
                  className="block h-full rounded-2xl border border-line bg-surface p-4 shadow-sm transition-colors hover:border-accent"
                >
                  <span className="block font-semibold text-fg">{s.title}</span>
                  <span className="mt-1 block text-sm text-muted">{s.student}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
