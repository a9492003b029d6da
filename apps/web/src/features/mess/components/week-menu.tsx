/**
 * A mess's menu for 7 days (docs/mess.md): each day with its meals, their times and dishes with
 * diet marks; a closed day says so, a day's note is shown.
 */
import { MESS_MEAL_LABELS, MESS_TEXTS as T, MESS_WEEKDAYS } from '@campus/contract/mess-ui';
import type { MessWeek } from '@campus/contract/mess';
import { DietMark } from '../../../components/diet-mark';

/** "Monday, 30 Nov" of a `yyyy-MM-dd` date and its ISO weekday. */
function dayTitle(date: string, weekday: number): string {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1];
  return `${MESS_WEEKDAYS[weekday - 1]}, ${d} ${month}`;
}

export function WeekMenu({ week }: { week: MessWeek }) {
  return (
    <div className="space-y-4">
      {week.days.map((day) => (
        <section
          key={day.date}
          aria-labelledby={`day-${day.date}`}
          className="rounded-2xl border border-line bg-surface p-4"
        >
          <h2 id={`day-${day.date}`} className="text-base font-semibold text-fg">
            {dayTitle(day.date, day.weekday)}
          </h2>
          {day.note ? <p className="mt-1 text-sm text-muted">{day.note}</p> : null}
          {day.closed ? (
            <p className="mt-2 text-sm text-fg">{T.closed.replace(' today', '')}</p>
          ) : day.meals.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No menu for this day.</p>
          ) : (
            <dl className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-[8rem_1fr]">
              {day.meals.map((meal) => (
                <div key={meal.meal} className="contents">
                  <dt className="text-sm font-medium text-fg">
                    {MESS_MEAL_LABELS[meal.meal]} <span className="font-normal text-muted">{meal.start}</span>
                  </dt>
                  <dd className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-fg">
                    {meal.dishes.map((dish) => (
                      <span key={dish.name} className="inline-flex items-center gap-1.5">
                        <DietMark diet={dish.diet} />
                        {dish.name}
                      </span>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      ))}
    </div>
  );
}
