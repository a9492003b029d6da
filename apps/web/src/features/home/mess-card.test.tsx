/**
 * The home dashboard's mess card (docs/mess.md): the current meal of the student's mess with its
 * dishes and diet marks, else the next one; no mess, no more meals, the error with Retry, and
 * nothing for a guest.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { MessToday, TodayMeal } from '@campus/contract/mess';
import { json, stubFetch } from '../../test/http';
import { makeUser, renderApp } from '../../test/render';
import { MessCard } from './components/mess-card';

const none = { average: null, count: 0 };
const meal = (
  name: TodayMeal['meal'],
  state: TodayMeal['state'],
  start: string,
  end: string,
  dish: string,
): TodayMeal => ({
  meal: name,
  start,
  end,
  startsAt: '2026-11-30T07:00:00.000Z',
  endsAt: '2026-11-30T09:00:00.000Z',
  state,
  dishes: [
    { name: dish, diet: 'veg', rating: none },
    { name: 'Egg Curry', diet: 'egg', rating: none },
  ],
  rating: none,
  myRating: null,
});
const today = (meals: TodayMeal[], mess: MessToday['mess'] = { id: 'm1', name: 'North Mess' }): MessToday => ({
  mess,
  date: '2026-11-30',
  closed: false,
  note: null,
  meals,
  notices: [],
});

function serve(answer: MessToday | 'fail') {
  let calls = 0;
  stubFetch(({ path }) => {
    if (path !== '/api/mess/today') return json(404, { success: false, message: 'Not found' });
    calls += 1;
    return answer === 'fail'
      ? json(500, { success: false, message: 'The server failed.' })
      : json(200, { success: true, message: 'OK', data: answer });
  });
  return () => calls;
}

const render = () => renderApp(<MessCard />, { auth: { status: 'authenticated', user: makeUser() } });

afterEach(() => vi.unstubAllGlobals());

describe('MessCard', () => {
  it('shows the meal being served with its dishes and diet marks, and links to /mess', async () => {
    serve(
      today([
        meal('breakfast', 'over', '07:30', '09:30', 'Poha'),
        meal('lunch', 'now', '12:30', '14:30', 'Rajma Chawal'),
        meal('dinner', 'next', '19:30', '21:30', 'Dal Makhani'),
      ]),
    );
    render();
    const card = within(await screen.findByRole('region', { name: 'Mess · North Mess' }));
    expect(card.getByRole('heading', { name: 'Lunch · now, until 14:30' })).toBeVisible();
    const dishes = card.getByRole('list', { name: 'Lunch dishes' });
    expect(
      within(dishes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Vegetarian: Rajma Chawal', 'Contains egg: Egg Curry']);
    expect(card.queryByText('Dal Makhani')).toBeNull();
    expect(card.getByRole('link', { name: 'Open the menu' })).toHaveAttribute('href', '/mess');
  });

  it('shows the next meal between meals', async () => {
    serve(
      today([meal('breakfast', 'over', '07:30', '09:30', 'Poha'), meal('lunch', 'next', '12:30', '14:30', 'Rajma')]),
    );
    render();
    expect(await screen.findByRole('heading', { name: 'Lunch · next, at 12:30' })).toBeVisible();
  });

  it('says when no meal is left today, and asks a student without a mess to pick one', async () => {
    serve(today([meal('breakfast', 'over', '07:30', '09:30', 'Poha')]));
    const first = render();
    expect(await screen.findByText('No more meals today.')).toBeVisible();
    first.unmount();
    vi.unstubAllGlobals();
    serve(today([], null));
    render();
    expect(await screen.findByText('Pick your mess to see what is cooking.')).toBeVisible();
  });

  it('says so when the menu cannot be loaded, with Retry', async () => {
    const calls = serve('fail');
    render();
    expect(await screen.findByText('The menu could not be loaded.')).toBeVisible();
    const before = calls();
    screen.getByRole('button', { name: 'Retry' }).click();
    await waitFor(() => expect(calls()).toBeGreaterThan(before));
  });

  it('shows nothing to a guest and asks nothing', async () => {
    const calls = serve(today([]));
    const { container } = renderApp(<MessCard />);
    expect(container).toBeEmptyDOMElement();
    expect(calls()).toBe(0);
  });
});
