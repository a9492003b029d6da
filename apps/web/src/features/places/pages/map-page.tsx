/**
 * /map and /map/:slug, the campus map (docs/architecture.md "Features in detail": Places and the
 * map), open to everyone and server-rendered: a search by name or alias (a plain GET form, so it
 * works without JavaScript), category links, the list of places (links, usable by keyboard and
 * screen reader on its own) and the chosen place's details with "Open now" and "Directions". The
 * interactive map is an enhancement: Leaflet is imported after the page mounts, only here.
 */
import { useEffect, useState, type ComponentType, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { MapPin } from 'lucide-react';
import {
  PLACE_CATEGORIES,
  PLACE_CATEGORY_LABELS,
  PLACE_MESSAGES,
  type PlaceCategory,
} from '@campus/contract/places-ui';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { fieldClasses } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { toApiError } from '../../../lib/api';
import { useInstituteInfo } from '../../../lib/institute-query';
import { useResetOnChange } from '../../../lib/use-reset-on-change';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';
import { useGetPlaceQuery, useListPlacesQuery } from '../../../lib/places-api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { NextDepartures } from '../components/next-departures';
import { OpenBadge, PlaceDetails } from '../components/place-details';
import type { CampusMapViewProps } from '../components/campus-map-view';

const isCategory = (v: string | null): v is PlaceCategory => PLACE_CATEGORIES.includes(v as PlaceCategory);

/** The Leaflet view, imported once the page has mounted (never on the server, never by another page). */
function useMapView(): ComponentType<CampusMapViewProps> | null {
  const [view, setView] = useState<ComponentType<CampusMapViewProps> | null>(null);
  useEffect(() => {
    let live = true;
    import('../components/campus-map-view').then(
      (m) => live && setView(() => m.CampusMapView),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return view;
}

export default function MapPage() {
  const { slug } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q') ?? '';
  const category = isCategory(params.get('category')) ? (params.get('category') as PlaceCategory) : undefined;
  const list = useListPlacesQuery({ q: q || undefined, category });
  const chosen = useGetPlaceQuery(slug ?? '', { skip: !slug });
  const institute = useInstituteInfo();
  const now = useNow();
  const MapView = useMapView();
  const [typed, setTyped] = useState(q);
  useResetOnChange(q, () => setTyped(q));
  const searchBox = useTypedBeforeHydration(typed);
  useDocumentTitle(chosen.data?.name ?? 'Campus map');

  const query = params.toString() ? `?${params.toString()}` : '';
  const withParams = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    const s = next.toString();
    return `/map${s ? `?${s}` : ''}`;
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    void navigate(withParams({ q: typed.trim() }));
  };
  const places = list.data?.items ?? [];

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Campus map" subtitle="Find a building, a mess or an ATM, and see what is open now." />
      <form role="search" action="/map" method="get" onSubmit={search} className="flex gap-2">
        <label className="min-w-0 flex-1">
          <span className="sr-only">Search places</span>
          <input
            ref={searchBox}
            type="search"
            name="q"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Search by name or short name, e.g. LHC"
            maxLength={100}
            className={cn(fieldClasses, 'border-line')}
          />
        </label>
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <Button type="submit">Search</Button>
      </form>
      <nav aria-label="Categories" className="mt-3">
        <ul className="flex flex-wrap gap-2">
          {[undefined, ...PLACE_CATEGORIES].map((c) => (
            <li key={c ?? 'all'}>
              <Link
                to={withParams({ category: c ?? '' })}
                aria-current={c === category ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-11 items-center rounded-full border px-3 text-sm font-medium',
                  c === category
                    ? 'border-accent bg-accent-soft text-accent'
                    : 'border-line text-fg hover:bg-surface-muted',
                )}
              >
                {c ? PLACE_CATEGORY_LABELS[c] : 'All'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-4 grid gap-4 md:grid-cols-[20rem_minmax(0,1fr)]">
        <section aria-labelledby="places-heading" className="order-2 md:order-1">
          <h2 id="places-heading" className="mb-2 text-lg font-semibold text-fg">
            Places{list.data ? ` (${places.length})` : ''}
          </h2>
          {list.isLoading ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted">
              <Spinner size={16} label="" /> Loading places…
            </p>
          ) : list.isError ? (
            <LoadError title="Could not load the places" error={list.error} onRetry={() => void list.refetch()} />
          ) : places.length === 0 ? (
            <EmptyState
              icon={<MapPin aria-hidden="true" size={32} />}
              title="No places match"
              description="Try another name, or show every place."
              action={
                <Link to="/map" className={buttonClasses('secondary', 'sm')}>
                  Show all places
                </Link>
              }
            />
          ) : (
            <ul className="divide-y divide-line rounded-2xl border border-line bg-surface md:max-h-[36rem] md:overflow-y-auto">
              {places.map((place) => (
                <li key={place.id}>
                  <Link
                    to={`/map/${place.slug}${query}`}
                    aria-current={place.slug === slug ? 'page' : undefined}
                    className={cn(
                      'flex min-h-11 flex-wrap items-center justify-between gap-x-2 gap-y-1 px-3 py-2 text-sm hover:bg-surface-muted',
                      place.slug === slug && 'bg-accent-soft',
                    )}
                  >
                    <span className="min-w-0 break-words">
                      <span className="font-medium text-fg">{place.name}</span>
                      <span className="block text-xs text-muted">{PLACE_CATEGORY_LABELS[place.category]}</span>
                    </span>
                    <OpenBadge place={place} now={now} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="order-1 flex min-w-0 flex-col gap-4 md:order-2">
          {slug ? (
            chosen.data ? (
              <>
                <PlaceDetails place={chosen.data} now={now} />
                {chosen.data.category === 'transport' ? (
                  <NextDepartures stop={chosen.data.slug} name={chosen.data.name} now={now} />
                ) : null}
              </>
            ) : chosen.isError ? (
              <LoadError
                title={toApiError(chosen.error).status === 404 ? PLACE_MESSAGES.notFound : 'Could not load the place'}
                error={chosen.error}
                onRetry={() => void chosen.refetch()}
              />
            ) : (
              <p role="status" className="text-sm text-muted">
                Loading the place…
              </p>
            )
          ) : null}
          <section
            aria-label="Interactive map"
            className="h-80 overflow-hidden rounded-2xl border border-line md:h-[28rem]"
          >
            {MapView && institute.data ? (
              <MapView
                places={places}
                selected={slug}
                campusMap={institute.data.campusMap}
                tiles={institute.data.mapTiles}
                onOpen={(s) => void navigate(`/map/${s}${query}`)}
              />
            ) : (
              <img
                src={institute.data?.campusMap.image ?? '/campus-map.svg'}
                alt="Campus map"
                className="h-full w-full object-cover"
              />
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
