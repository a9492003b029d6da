/**
 * Rating a meal that has started (docs/mess.md): "Rate lunch" opens 1–5 stars (a radio group) and
 * an optional comment that only the mess committee reads; the student's own rating shows as
 * "Your rating: 4 ★" with Change. Saving refetches the menu, so the counts move.
 */
import { useState, type FormEvent } from 'react';
import { MESS_COMMENT_MAX, MESS_MEAL_LABELS, MESS_TEXTS as T } from '@campus/contract/mess-ui';
import type { TodayMeal } from '@campus/contract/mess';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { useRateMealMutation } from '../mess-api';

export function RateMeal({ messId, date, meal }: { messId: string; date: string; meal: TodayMeal }) {
  const label = MESS_MEAL_LABELS[meal.meal];
  const [open, setOpen] = useState(false);
  const [stars, setStars] = useState(meal.myRating?.stars ?? 0);
  const [comment, setComment] = useState(meal.myRating?.comment ?? '');
  const [rate, rating] = useRateMealMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (stars < 1) return;
    const res = await rate({ mess: messId, date, meal: meal.meal, stars, comment: comment.trim() || undefined });
    if (!res.error) setOpen(false);
  };

  if (!open)
    return (
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {meal.myRating ? <span className="text-sm text-fg">{T.yourRating(meal.myRating.stars)}</span> : null}
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          {meal.myRating ? `Change rating of ${label.toLowerCase()}` : T.rate(label.toLowerCase())}
        </Button>
      </div>
    );
  return (
    <form className="mt-3 space-y-3" onSubmit={(e) => void submit(e)} aria-label={T.rate(label.toLowerCase())}>
      <fieldset>
        <legend className="text-sm font-medium text-fg">Stars for {label.toLowerCase()}</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="inline-flex size-10 cursor-pointer items-center justify-center rounded-lg border border-line text-lg has-[:checked]:border-accent has-[:checked]:bg-accent/10 has-[:focus-visible]:outline-2"
            >
              <input
                type="radio"
                name={`stars-${meal.meal}`}
                value={n}
                checked={stars === n}
                onChange={() => setStars(n)}
                className="sr-only"
              />
              <span aria-hidden="true">{n <= stars ? '★' : '☆'}</span>
              <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Textarea
        label={T.comment}
        value={comment}
        maxLength={MESS_COMMENT_MAX}
        rows={2}
        onChange={(e) => setComment(e.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={stars < 1} loading={rating.isLoading}>
          Save rating
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
