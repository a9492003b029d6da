/**
 * Home dashboard `/` (docs/product-spec.md §1, §2): hero with Explore, a signed-in student's classes of
 * today (when the timetable has any) and the current or next meal of their mess, the carousel of the six
 * tools, the next bus from the pinned stop,
 * Quick Links, Campus Buzz (the next three real events for a signed-in student, else the config's)
 * and Student Spotlights. The content comes from `GET /api/institute`
 * (the institute config); while it loads the sections show placeholders, and a failure offers Retry.
 */
import { useDeferredValue } from 'react';
import { useAppSelector } from '../../../lib/store';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DEFAULT_SHORT_NAME, useInstituteInfo } from '../../../lib/institute-query';
import { useNextEventsQuery } from '../../../lib/next-events-api';
import { CampusBuzz } from '../components/campus-buzz';
import { Hero } from '../components/hero';
import { QuickLinks } from '../components/quick-links';
import { Spotlights } from '../components/spotlights';
import { ToolsCarousel } from '../components/tools-carousel';
import { MessCard } from '../components/mess-card';
import { NextBusCard } from '../components/next-bus-card';
import { CompleteProfileCard } from '../../../components/complete-profile-card';
import { TodayClassesCard } from '../../../components/today-classes-card';

/** Grey placeholder blocks while the institute content loads (static under reduced motion). */
function ContentSkeleton() {
  return (
    <div role="status" aria-label="Loading campus content" className="space-y-10">
      {[4, 3, 3].map((count, i) => (
        <div key={i}>
          <div className="mb-4 h-7 w-48 animate-pulse rounded-lg bg-surface-muted motion-reduce:animate-none" />
          <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
            {Array.from({ length: count }, (_, j) => (
              <div key={j} className="h-32 animate-pulse rounded-2xl bg-surface-muted motion-reduce:animate-none" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

export default function HomePage() {
  useDocumentTitle('Dashboard');
  const { data, isLoading, isError, refetch, isFetching } = useInstituteInfo();
  // The sections render as a transition, in short slices, once the content arrives (  // Total Blocking Time); the placeholders stay meanwhile.
  const content = useDeferredValue(data);
  const name = useAppSelector((s) => (s.auth.status === 'authenticated' ? s.auth.user?.name : null));
  const firstName = name?.trim().split(/\s+/)[0] ?? null;
  const signedIn = useAppSelector((s) => s.auth.status === 'authenticated');
  // The next three real events for a signed-in student; the config's buzz when there are none.
  const nextEvents = useNextEventsQuery(undefined, { skip: !signedIn }).data;

  return (
    <div className="space-y-12 sm:space-y-16">
      <Hero institute={data?.shortName ?? DEFAULT_SHORT_NAME} firstName={firstName} />
      <CompleteProfileCard />
      <TodayClassesCard />
      <MessCard />
      <ToolsCarousel />
      <NextBusCard />
      {content ? (
        <>
          <QuickLinks links={content.quickLinks} />
          <CampusBuzz events={nextEvents?.length ? nextEvents : content.campusBuzz} />
          <Spotlights spotlights={content.spotlights} />
        </>
      ) : isLoading || data ? (
        <ContentSkeleton />
      ) : isError ? (
        <Alert tone="error" title="Campus content could not be loaded.">
          <p>Quick Links, Campus Buzz and Student Spotlights will appear when the server answers.</p>
          <Button variant="secondary" size="sm" className="mt-3" loading={isFetching} onClick={() => void refetch()}>
            Retry
          </Button>
        </Alert>
      ) : null}
    </div>
  );
}
