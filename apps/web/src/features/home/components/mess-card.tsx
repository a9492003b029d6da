/**
 * The home dashboard's mess card (docs/mess.md): for a signed-in student, the current meal of their
 * mess ("Lunch · now, until 14:30") or else the next one, with its dishes and diet marks, and a
 * link to /mess. Reads `GET /api/mess/today` (lib/mess-today.ts), so the server renders it with its
 * data; loading, error (with Retry), no mess, closed and no-more-meals states. Nothing for a guest.
 */
import { Link } from 'react-router';
import { UtensilsCrossed } from 'lucide-react';
import { MESS_MEAL_LABELS, MESS_TEXTS as T } from '@campus/contract/mess-ui';
import type { MessToday, TodayMeal } from '@campus/contract/mess';
import { DietMark } from '../../../components/diet-mark';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useMessTodayQuery } from '../../../lib/mess-today';
import { useAppSelector } from '../../../lib/store';

/** The meal the card shows: the one being served, else the next one today. */
function mealOf(today: MessToday): TodayMeal | undefined {
  return today.meals.find((m) => m.state === 'now') ?? today.meals.find((m) => m.state === 'next');
}

function Body({ today }: { today: MessToday }) {
  if (!today.mess) return <p className="mt-2 text-sm text-muted">{T.homeNone}</p>;
  if (today.closed) return <p className="mt-2 text-sm text-fg">{T.closed}</p>;
  const meal = mealOf(today);
  if (!meal) return <p className="mt-2 text-sm text-muted">{T.homeDone}</p>;
  const label = MESS_MEAL_LABELS[meal.meal];
  return (
    <>
      <h3 className="mt-2 font-semibold text-fg">
        {meal.state === 'now' ? T.now(label, meal.end) : `${label} · next, at ${meal.start}`}
      </h3>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1" aria-label={`${label} dishes`}>
        {meal.dishes.map((d) => (
          <li key={d.name} className="flex items-center gap-1.5 text-sm text-fg">
            <DietMark diet={d.diet} />
            {d.name}
          </li>
        ))}
      </ul>
    </>
  );
}

export function MessCard() {
  const signedIn = useAppSelector((s) => s.auth.status === 'authenticated');
  const today = useMessTodayQuery(undefined, { skip: !signedIn });
  if (!signedIn) return null;
  return (
    <section
      aria-labelledby="home-mess-heading"
      className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="home-mess-heading" className="flex items-center gap-2 text-lg font-semibold text-fg">
          <UtensilsCrossed aria-hidden="true" size={20} className="text-accent" />
          {today.data?.mess ? `${T.homeTitle} · ${today.data.mess.name}` : T.homeTitle}
        </h2>
        <Link to="/mess" className={buttonClasses('secondary', 'sm')}>
          {T.homeOpen}
        </Link>
      </div>
      {today.data ? (
        <Body today={today.data} />
      ) : today.isError ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-sm text-fg">{T.homeFailed}</p>
          <Button variant="secondary" size="sm" loading={today.isFetching} onClick={() => void today.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <div role="status" aria-label="Loading the mess menu" className="mt-2 space-y-2">
          <div className="h-5 w-48 animate-pulse rounded bg-surface-muted motion-reduce:animate-none" />
          <div className="h-4 w-64 animate-pulse rounded bg-surface-muted motion-reduce:animate-none" />
        </div>
      )}
    </section>
  );
}
