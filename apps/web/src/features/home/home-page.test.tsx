/**
 * Home dashboard: sections from `GET /api/institute`, Quick Links in a new tab, Read More
 * links, the Slide step (260/280 px), keyboard moves between tool cards, Explore focusing the
 * carousel, and Retry after a failed load.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { instituteConfig } from '@campus/contract/institute';
import { json } from '../../test/http';
import { renderApp } from '../../test/render';
import HomePage from './pages/home-page';
import { slideStep } from './components/tools-carousel';
import { formatEventDates } from './event-dates';

const config = instituteConfig.parse({});
const info = {
  ...config,
  quickLinks: config.quickLinks.map((l) => ({
    ...l,
    href: l.document ? `http://localhost:3000/api/institute/files/${l.document}.pdf` : l.url!,
  })),
};

function serve(fail = false) {
  const fetchMock = vi.fn(async () =>
    fail
      ? json(500, { success: false, message: 'Server error' })
      : json(200, { success: true, message: 'OK', data: info }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('home dashboard', () => {
  it('shows the hero, the six tools, Quick Links, Campus Buzz and Spotlights from the config', async () => {
    serve();
    renderApp(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    const tools = within(screen.getByRole('list', { name: 'Tools' })).getAllByRole('link');
    expect(tools.map((a) => a.getAttribute('href'))).toEqual([
      '/skill-exchange',
      '/attendance',
      '/marketplace',
      '/lost-found',
      '/rides',
      '/intern-connect',
    ]);

    const quick = await screen.findByRole('region', { name: 'Quick Links' });
    const links = within(quick).getAllByRole('link');
    expect(links).toHaveLength(4);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleName(/opens in a new tab/);
    }
    expect(links.map((a) => a.getAttribute('href'))).toEqual(info.quickLinks.map((l) => l.href));

    const buzz = screen.getByRole('region', { name: 'Campus Buzz' });
    expect(within(buzz).getAllByRole('article')).toHaveLength(3);
    for (const e of config.campusBuzz) expect(within(buzz).getByRole('heading', { name: e.title })).toBeInTheDocument();
    expect(within(buzz).getByText('Fri, 12 Feb – Sun, 14 Feb 2027')).toBeInTheDocument();

    const spotlights = screen.getByRole('region', { name: 'Student Spotlights' });
    const readMore = within(spotlights).getAllByRole('link', { name: /^Read More/ });
    expect(readMore.map((a) => a.getAttribute('href'))).toEqual(config.spotlights.map((s) => `/spotlight/${s.slug}`));
    expect(readMore[0]).toHaveAccessibleName(`Read More about ${config.spotlights[0]!.student}`);
  });

  it('greets a signed-in user by first name', async () => {
    serve();
    renderApp(<HomePage />, {
      auth: {
        status: 'authenticated',
        user: { name: 'Priya Nair' } as never,
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Priya!' })).toBeInTheDocument();
  });

  it('Explore scrolls to the carousel and moves focus to its heading', async () => {
    serve();
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderApp(<HomePage />);
    await userEvent.click(screen.getByRole('button', { name: 'Explore' }));
    expect(scrollIntoView).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));
    expect(scrollIntoView.mock.contexts[0]).toHaveAttribute('id', 'tools');
    expect(screen.getByRole('heading', { name: 'Explore the tools' })).toHaveFocus();
  });

  it('the Slide buttons scroll by 260 px under 640 px width and 280 px otherwise, instantly with reduced motion', async () => {
    serve();
    expect(slideStep(360)).toBe(260);
    expect(slideStep(639)).toBe(260);
    expect(slideStep(640)).toBe(280);
    expect(slideStep(1280)).toBe(280);
    const scrollBy = vi.fn();
    HTMLElement.prototype.scrollBy = scrollBy as never;
    // A row wider than its viewport (happy-dom does no layout).
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1680);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q }) as MediaQueryList);
    vi.stubGlobal('innerWidth', 360);
    renderApp(<HomePage />);
    expect(screen.getByRole('button', { name: 'Slide left' })).toBeDisabled();
    const right = screen.getByRole('button', { name: 'Slide right' });
    expect(right).toBeEnabled();
    await userEvent.click(right);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 260, behavior: 'auto' });
    vi.stubGlobal('innerWidth', 1280);
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: false, media: q }) as MediaQueryList);
    await userEvent.click(right);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 280, behavior: 'smooth' });
  });

  it('arrow keys, Home and End move between the tool cards', async () => {
    serve();
    renderApp(<HomePage />);
    const cards = within(screen.getByRole('list', { name: 'Tools' })).getAllByRole('link');
    cards[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(cards[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(cards[5]).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(cards[5]).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(cards[4]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(cards[0]).toHaveFocus();
  });

  it('offers Retry when the content cannot be loaded, and shows it after a successful retry', async () => {
    const fetchMock = serve(true);
    renderApp(<HomePage />);
    expect(await screen.findByText('Campus content could not be loaded.')).toBeInTheDocument();
    fetchMock.mockImplementation(async () => json(200, { success: true, message: 'OK', data: info }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Campus Buzz' })).toBeInTheDocument();
  });
});

describe('formatEventDates', () => {
  it('formats a day and ranges in en-IN', () => {
    expect(formatEventDates('2026-12-05')).toBe('Sat, 5 Dec 2026');
    expect(formatEventDates('2027-02-12', '2027-02-14')).toBe('Fri, 12 Feb – Sun, 14 Feb 2027');
    expect(formatEventDates('2026-12-30', '2027-01-02')).toBe('Wed, 30 Dec 2026 – Sat, 2 Jan 2027');
    expect(formatEventDates('2026-12-05', '2026-12-05')).toBe('Sat, 5 Dec 2026');
  });
});
