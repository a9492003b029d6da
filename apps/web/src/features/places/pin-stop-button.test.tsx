/**
 * "Pin to home" on a stop's next departures: a toggle (aria-pressed) that pins the stop on this
 * device for the home dashboard's "Next bus" card, and pressed again unpins it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PINNED_STOP_KEY, pinStop } from '../../lib/pinned-stop';
import { json, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';
import { NextDepartures } from './components/next-departures';

beforeEach(() => {
  window.localStorage.clear();
  stubFetch(() => json(200, { success: true, message: 'OK', data: [] }));
});
afterEach(() => vi.unstubAllGlobals());

const pinned = () => JSON.parse(window.localStorage.getItem(PINNED_STOP_KEY) ?? 'null') as unknown;

describe('PinStopButton', () => {
  it('pins the stop with its name, and pressed again unpins it', async () => {
    renderApp(<NextDepartures stop="campus-bus-stop" name="Campus Bus Stop" now={new Date()} />);
    const pin = screen.getByRole('button', { name: 'Pin to home' });
    expect(pin).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(pin);
    expect(pinned()).toEqual({ slug: 'campus-bus-stop', name: 'Campus Bus Stop' });
    const on = screen.getByRole('button', { name: 'Pinned to home' });
    expect(on).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(on);
    expect(pinned()).toBeNull();
    expect(screen.getByRole('button', { name: 'Pin to home' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('pinning another stop replaces the pin; this stop shows as not pinned', async () => {
    pinStop({ slug: 'metro-gate', name: 'Metro Gate' });
    renderApp(<NextDepartures stop="campus-bus-stop" name="Campus Bus Stop" now={new Date()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pin to home' }));
    expect(pinned()).toEqual({ slug: 'campus-bus-stop', name: 'Campus Bus Stop' });
  });
});
