/**
 * The home dashboard's "Next bus" card against a stubbed `GET /api/transport/next`: nothing for a
 * guest without a pin; for a signed-in student without one, a link to the map's stops; the next
 * departure from the pinned stop with its time and a live "in N min"; loading, an error with
 * Retry, a stop no longer on the map (Unpin), no bus in the coming week.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Departure } from '@campus/contract/transport';
import { formatTime } from '../../lib/format';
import { PINNED_STOP_KEY, pinStop } from '../../lib/pinned-stop';
import { json, stubFetch } from '../../test/http';
import { makeUser, renderApp } from '../../test/render';
import { NextBusCard, STOPS_PATH } from './components/next-bus-card';

const signedIn = { auth: { status: 'authenticated' as const, user: makeUser() } };
const stop = { slug: 'campus-bus-stop', name: 'Campus Bus Stop' };

function departure(inMs: number): Departure {
  return {
    route: { slug: 'campus-metro', name: 'Campus → Metro' },
    departsAt: new Date(Date.now() + inMs).toISOString(),
    minutes: Math.ceil(inMs / 60_000),
    toward: 'Samaypur Badli Metro',
    days: 'weekdays',
  };
}

/** Answers the next departures with `status` and `data`; returns the stops asked for. */
function serve(status: number, data: unknown) {
  const asked: string[] = [];
  stubFetch(({ url }) => {
    asked.push(url.searchParams.get('stop') ?? '');
    return status === 200
      ? json(200, { success: true, message: 'OK', data })
      : json(status, { success: false, message: status === 404 ? 'Place not found.' : 'Server error.' });
  });
  return asked;
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('NextBusCard', () => {
  it('shows nothing to a guest who pinned no stop', () => {
    const asked = serve(200, []);
    const { container } = renderApp(<NextBusCard />);
    expect(container).toBeEmptyDOMElement();
    expect(asked).toEqual([]);
  });

  it('invites a signed-in student without a pin to choose a stop on the map', () => {
    const asked = serve(200, []);
    renderApp(<NextBusCard />, signedIn);
    const card = screen.getByRole('region', { name: 'Next bus' });
    expect(within(card).getByRole('link', { name: 'Choose a stop' })).toHaveAttribute('href', STOPS_PATH);
    expect(asked).toEqual([]);
  });

  it('shows the next departure from the pinned stop with a live "in N min"', async () => {
    pinStop(stop);
    const first = departure(12 * 60_000 - 1000);
    const asked = serve(200, [first, departure(40 * 60_000)]);
    renderApp(<NextBusCard />);
    const card = screen.getByRole('region', { name: 'Next bus' });
    expect(within(card).getByRole('status')).toHaveTextContent('Loading the next bus from Campus Bus Stop…');
    expect(await within(card).findByText('Campus → Metro')).toBeInTheDocument();
    expect(card).toHaveTextContent('from Campus Bus Stop to Samaypur Badli Metro');
    expect(card).toHaveTextContent(`${formatTime(first.departsAt)} in 12 min`);
    expect(within(card).getAllByText(/^in \d+ min$/)).toHaveLength(1);
    expect(within(card).getByRole('link', { name: 'All departures' })).toHaveAttribute('href', '/map/campus-bus-stop');
    expect(asked).toEqual(['campus-bus-stop']);
  });

  it('says so when no bus leaves in the coming week', async () => {
    pinStop(stop);
    serve(200, []);
    renderApp(<NextBusCard />);
    expect(await screen.findByText('No buses leave from Campus Bus Stop in the coming week.')).toBeInTheDocument();
  });

  it('a failed load offers Retry, which asks again', async () => {
    pinStop(stop);
    const asked = serve(500, null);
    renderApp(<NextBusCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Could not load the bus times')).toBeInTheDocument();
    await vi.waitFor(() => expect(asked).toHaveLength(2));
  });

  it('a stop no longer on the map can be unpinned', async () => {
    pinStop(stop);
    serve(404, null);
    renderApp(<NextBusCard />, signedIn);
    expect(await screen.findByText('Campus Bus Stop is no longer on the campus map.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unpin' }));
    expect(window.localStorage.getItem(PINNED_STOP_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Choose a stop' })).toBeInTheDocument();
  });
});
