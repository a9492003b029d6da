/**
 * Today's meals of a mess in serving order (docs/mess.md): the current one highlighted ("Lunch ·
 * now, until 14:30"), the next with a countdown (after mount: the server's HTML says its start
 * time, so hydration matches), the others with their times; each dish with its diet mark and its
 * 30-day rating ("4.2 ★ · 38").
 */
import { useEffect, useState } from 'react';
import { MESS_MEAL_LABELS, MESS_TEXTS as T, countdownText, type MessMealState } from '@campus/contract/mess-ui';
import type { MessToday, TodayMeal } from '@campus/contract/mess';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { DietMark } from '../../../components/diet-mark';
import { RateMeal } from './rate-meal';

/** The current time, updated every `ms` after mount (null before: the first render is the server's). */
function useNow(ms = 30_000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** Where each meal stands at `now` (the server's answer until the clock is known). */
function statesAt(meals: TodayMeal[], now: number | null): MessMealState[] {
  if (now === null) return meals.map((m) => m.state);
  let nextGiven = false;
  return meals.map((m) => {
    if (now >= Date.parse(m.endsAt)) return 'over';
    if (now >= Date.parse(m.startsAt)) return 'now';
    if (nextGiven) return 'later';
    nextGiven = true;
    return 'next';
  });
}

/** "4.2 ★ · 38" (with words for screen readers), or nothing without ratings. */
export function RatingText({ rating }: { rating: { average: number | null; count: number } }) {
  if (rating.average === null || rating.count === 0) return null;
  return (
    <span className="text-sm text-muted">
      <span aria-hidden="true">
        {rating.average.toFixed(1)} ★ · {rating.count}
      </span>
      <span className="sr-only">
        {rating.average.toFixed(1)} stars from {rating.count} {rating.count === 1 ? 'rating' : 'ratings'}
      </span>
    </span>
  );
}

function headingOf(meal: TodayMeal, state: MessMealState, now: number | null): string {
  const label = MESS_MEAL_LABELS[meal.meal];
  if (state === 'now') return T.now(label, meal.end);
  if (state === 'next')
    return now === null
      ? `${label} · next, at ${meal.start}`
      : T.next(label, countdownText(Date.parse(meal.startsAt) - now));
  return label;
}

export function TodayMeals({ today }: { today: MessToday }) {
  const now = useNow();
  const states = statesAt(today.meals, now);
  return (
    <ol className="space-y-3" aria-label="Today’s meals">
      {today.meals.map((meal, i) => {
        const state = states[i]!;
        return (
          <li
            key={meal.meal}
            aria-current={state === 'now' ? 'time' : undefined}
            className={cn(
              'rounded-2xl border bg-surface p-4 shadow-sm',
              state === 'now' ? 'border-2 border-accent' : 'border-line',
              state === 'over' && 'opacity-80',
            )}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className={cn('font-semibold text-fg', state === 'now' ? 'text-lg' : 'text-base')}>
                {headingOf(meal, state, now)}
              </h2>
              <span className="text-sm text-muted">
                {meal.rating.count > 0 ? (
                  <span className="mr-2">
                    {T.todayAverage}: <RatingText rating={meal.rating} />
                  </span>
                ) : null}
                {meal.start}–{meal.end}
                {state === 'over' ? <Badge className="ml-2">{T.over}</Badge> : null}
              </span>
            </div>
            <ul className="mt-2 space-y-1">
              {meal.dishes.map((dish) => (
                <li key={dish.name} className="flex flex-wrap items-center gap-x-2">
                  <DietMark diet={dish.diet} />
                  <span className="text-fg">{dish.name}</span>
                  <RatingText rating={dish.rating} />
                </li>
              ))}
            </ul>
            {today.mess && (state === 'now' || state === 'over') ? (
              <RateMeal messId={today.mess.id} date={today.date} meal={meal} />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
