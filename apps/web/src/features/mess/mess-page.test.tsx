/**
 * The mess page (docs/mess.md): today's meals with the current one highlighted and the next
 * counting down, diet marks read out in words, the week tab, today's notices and the managers'
 * notice form, picking another mess, and the empty and error states.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { Mess, MessToday, MessWeek } from '@campus/contract/mess';
import { countdownText } from '@campus/contract/mess-ui';
import { json, stubFetch } from '../../test/http';
import { makeUser, renderApp } from '../../test/render';
import MessPage from './pages/mess-page';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));

const MIN = 60_000;
const NORTH = '0190a000-0000-7000-8000-00000000a001';
const SOUTH = '0190a000-0000-7000-8000-00000000a002';
const ok = (data: unknown) => json(200, { success: true, message: 'OK', data });
const mess = (id: string, name: string, canManage = false): Mess => ({
  id,
  name,
  hostels: [],
  meals: [],
  mine: id === NORTH,
  canManage,
  managers: [],
});
/** Today's notices of North Mess, newest first (a notice posted is added in front). */
const notices: MessToday['notices'] = [];

function today(messId: string | null): MessToday {
  const at = (min: number) => new Date(Date.now() + min * MIN).toISOString();
  return {
    mess: messId ? { id: messId, name: messId === NORTH ? 'North Mess' : 'South Mess' } : null,
    date: '2026-11-30',
    closed: false,
    note: null,
    meals: messId
      ? [
          {
            meal: 'breakfast',
            start: '07:30',
            end: '09:30',
            startsAt: at(-300),
            endsAt: at(-180),
            state: 'over',
            dishes: [{ name: 'Poha', diet: 'veg', rating: { average: null, count: 0 } }],
            rating: { average: null, count: 0 },
            myRating: null,
          },
          {
            meal: 'lunch',
            start: '12:30',
            end: '14:30',
            startsAt: at(-30),
            endsAt: at(90),
            state: 'now',
            dishes: [
              { name: 'Rajma', diet: 'veg', rating: { average: 4.2, count: 38 } },
              { name: 'Egg Curry', diet: 'egg', rating: { average: null, count: 0 } },
            ],
            rating: { average: null, count: 0 },
            myRating: null,
          },
          {
            meal: 'dinner',
            start: '19:30',
            end: '21:30',
            startsAt: at(125),
            endsAt: at(245),
            state: 'next',
            dishes: [{ name: 'Chicken Curry', diet: 'non-veg', rating: { average: null, count: 0 } }],
            rating: { average: null, count: 0 },
            myRating: null,
          },
        ]
      : [],
    notices: messId === NORTH ? [...notices] : [],
  };
}

const week: MessWeek = {
  mess: { id: NORTH, name: 'North Mess' },
  from: '2026-11-30',
  days: [
    {
      date: '2026-11-30',
      weekday: 1,
      closed: false,
      note: null,
      meals: [{ meal: 'lunch', start: '12:30', end: '14:30', dishes: [{ name: 'Dal Makhani', diet: 'veg' }] }],
    },
    { date: '2026-12-01', weekday: 2, closed: true, note: 'Diwali holiday', meals: [] },
  ],
};

function serve(opts: { mine?: string | null; fail?: boolean; manager?: boolean } = {}) {
  let mine = opts.mine === undefined ? NORTH : opts.mine;
  const calls: string[] = [];
  rated.length = 0;
  imports.length = 0;
  notices.length = 0;
  stubFetch(async ({ req, path }) => {
    calls.push(`${req.method} ${path}`);
    if (opts.fail) return json(500, { success: false, message: 'The server failed.' });
    if (path === '/api/mess') return ok([mess(NORTH, 'North Mess', opts.manager), mess(SOUTH, 'South Mess')]);
    if (path === `/api/mess/${NORTH}/notices` && req.method === 'POST') {
      const { text } = (await req.json()) as { text: string };
      const notice = { id: `n${notices.length}`, text, createdAt: new Date().toISOString() };
      notices.unshift(notice);
      return json(201, { success: true, message: 'Notice sent to 2 students.', data: { ...notice, recipients: 2 } });
    }
    if (path === '/api/mess/today') return ok(today(mine));
    if (path === `/api/mess/${NORTH}/week`) return ok(week);
    if (path === `/api/mess/${NORTH}/menu/import`) {
      const text = await req.text();
      imports.push(`${new URL(req.url).searchParams.get('dryRun')} ${text}`);
      const bad = text.includes('Funday');
      return ok({
        dryRun: true,
        validFrom: '2026-11-30',
        week: [{ day: 1, meal: 'lunch', dishes: [{ name: 'Rajma', diet: 'veg' }] }],
        errors: bad ? [{ line: 3, reason: 'Unknown day “Funday” (Monday … Sunday).' }] : [],
      });
    }
    if (path.startsWith(`/api/mess/${NORTH}/days/`)) {
      imports.push(`${req.method} ${path} ${await req.text()}`);
      return ok(null);
    }
    if (path === '/api/mess/ratings') {
      rated.push(await req.json());
      return ok({});
    }
    if (path === '/api/mess/mine') {
      mine = ((await req.json()) as { mess: string }).mess;
      return ok({ mess: mine });
    }
    return json(404, { success: false, message: 'Not found' });
  });
  return calls;
}

const rated: unknown[] = [];
const imports: string[] = [];

const render = (url = '/mess') =>
  renderApp(
    <Routes>
      <Route path="mess/*" element={<MessPage />} />
    </Routes>,
    { auth: { status: 'authenticated', user: makeUser() }, initialEntries: [url] },
  );

afterEach(() => vi.unstubAllGlobals());

describe('MessPage', () => {
  it('shows today’s meals: the current one highlighted, the next counting down, diet marks in words', async () => {
    serve();
    render();
    const now = await screen.findByRole('heading', { name: 'Lunch · now, until 14:30' });
    expect(now.closest('li')).toHaveAttribute('aria-current', 'time');
    expect(await screen.findByRole('heading', { name: `Dinner · next, in ${countdownText(125 * MIN)}` })).toBeVisible();
    const lunch = within(now.closest('li')!);
    expect(lunch.getByText('Vegetarian:', { exact: false })).toBeInTheDocument();
    expect(lunch.getByText('Contains egg:', { exact: false })).toBeInTheDocument();
    expect(lunch.getByText('4.2 stars from 38 ratings')).toBeInTheDocument();
    expect(screen.getByText('Non-vegetarian:', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('over')).toBeVisible();
  });

  it('rates a meal that has started with stars and a comment', async () => {
    serve();
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Rate lunch' }));
    const form = screen.getByRole('form', { name: 'Rate lunch' });
    expect(within(form).getByRole('button', { name: 'Save rating' })).toBeDisabled();
    await userEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    await userEvent.type(within(form).getByLabelText(/Comment/), 'Rajma was great');
    await userEvent.click(within(form).getByRole('button', { name: 'Save rating' }));
    await waitFor(() =>
      expect(rated).toEqual([{ mess: NORTH, date: '2026-11-30', meal: 'lunch', stars: 4, comment: 'Rajma was great' }]),
    );
    expect(screen.queryByRole('button', { name: 'Rate dinner' })).toBeNull();
  });

  it('previews a CSV week naming the bad row, and imports it once fixed', async () => {
    serve();
    render(`/mess/${NORTH}/import`);
    const rows = await screen.findByLabelText('Or paste the rows');
    await userEvent.type(rows, 'day,meal,dishes{enter}Monday,lunch,Rajma{enter}Funday,lunch,Poha');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Line 3: Unknown day “Funday” (Monday … Sunday).')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    await userEvent.clear(rows);
    await userEvent.type(rows, 'day,meal,dishes{enter}Monday,lunch,Rajma');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('No bad rows: ready to import.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(imports.at(-1)).toBe('false day,meal,dishes\nMonday,lunch,Rajma'));
  });

  it('closes one day with a note', async () => {
    serve();
    render(`/mess/${NORTH}/import`);
    const day = within(await screen.findByRole('form', { name: 'Change one day' }));
    await userEvent.type(day.getByLabelText('Day'), '2026-12-25');
    await userEvent.click(day.getByLabelText('Mess closed'));
    await userEvent.type(day.getByLabelText('Note (optional)'), 'Christmas');
    await userEvent.click(day.getByRole('button', { name: 'Save day' }));
    await waitFor(() =>
      expect(imports).toEqual([`PUT /api/mess/${NORTH}/days/2026-12-25 {"closed":true,"note":"Christmas"}`]),
    );
  });

  it('shows the week in its tab, with a closed day and its note', async () => {
    serve();
    render('/mess?tab=week');
    expect(await screen.findByRole('heading', { name: 'Monday, 30 Nov' })).toBeVisible();
    expect(screen.getByText('Dal Makhani')).toBeVisible();
    expect(screen.getByText('Diwali holiday')).toBeVisible();
    expect(screen.getByText('The mess is closed.')).toBeVisible();
  });

  it('lets a manager post a notice, which then shows under Notices', async () => {
    const calls = serve({ manager: true });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Post a notice' }));
    const form = within(screen.getByRole('form', { name: 'Post a notice' }));
    await userEvent.click(form.getByRole('button', { name: 'Send notice' }));
    expect(await form.findByText('Write the notice.')).toBeVisible();
    expect(calls).not.toContain(`POST /api/mess/${NORTH}/notices`);
    await userEvent.type(form.getByLabelText(/Notice to the students/), 'Dinner delayed to 20:30');
    await userEvent.click(form.getByRole('button', { name: 'Send notice' }));
    const list = await screen.findByRole('region', { name: 'Notices' });
    expect(within(list).getByText('Dinner delayed to 20:30')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Post a notice' })).toBeNull();
  });

  it('shows a student no notice form, and no Notices without notices', async () => {
    serve();
    render();
    expect(await screen.findByRole('heading', { name: 'Lunch · now, until 14:30' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Post a notice' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Notices' })).toBeNull();
  });

  it('asks a student without a mess to pick one, and remembers the pick', async () => {
    const calls = serve({ mine: null });
    render();
    expect(await screen.findByText('Pick your mess to see its menu.')).toBeVisible();
    await userEvent.selectOptions(await screen.findByLabelText('Mess'), SOUTH);
    expect(await screen.findByText('South Mess · 2026-11-30')).toBeVisible();
    expect(calls).toContain('PUT /api/mess/mine');
  });

  it('says it is offline when the browser is, and still shows the menu it has', async () => {
    serve();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      render();
      expect(await screen.findByText('Offline — showing the menu as last loaded.')).toBeVisible();
      expect(await screen.findByRole('heading', { name: 'Lunch · now, until 14:30' })).toBeVisible();
    } finally {
      onLine.mockRestore();
    }
  });

  it('says so when the menu cannot be loaded, with Retry', async () => {
    serve({ fail: true });
    render();
    expect(await screen.findByText('Could not load the menu')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled());
  });
});
