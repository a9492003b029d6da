/**
 * The administrator's route dialog against a stubbed `PUT /api/admin/transport/routes/{slug}`:
 * editing sends the name, the stops in order and each trip line as its day type and departures;
 * the API's messages show under the field they concern (a trip's with its line number, an unknown
 * stop under Stops).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TransportRoute } from '@campus/contract/transport';
import { TRANSPORT_MESSAGES as M } from '@campus/contract/transport-ui';
import { json, stubFetch } from '../../test/http';
import { renderApp } from '../../test/render';
import { RouteFormModal, fieldOf } from './components/route-form-modal';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));
afterEach(() => vi.unstubAllGlobals());

const route: TransportRoute = {
  slug: 'campus-to-metro',
  name: 'Campus → Metro',
  stops: [
    { slug: 'campus-bus-stop', name: 'Campus Bus Stop' },
    { slug: 'metro-station', name: 'Metro Station' },
  ],
  trips: [
    { days: 'weekdays', departures: ['08:00', '08:40'] },
    { days: 'sunday', departures: ['10:00', '10:40'] },
  ],
};

describe('RouteFormModal', () => {
  it('shows the route as lines and saves the edited lines as the route body', async () => {
    const sent: { url: string; body: unknown }[] = [];
    stubFetch(async ({ req, path }) => {
      sent.push({ url: `${req.method} ${path}`, body: await req.json() });
      return json(200, { success: true, message: M.saved, data: route });
    });
    const onOpenChange = vi.fn();
    renderApp(<RouteFormModal open onOpenChange={onOpenChange} route={route} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit Campus → Metro' });
    expect(within(dialog).getByLabelText('Stops')).toHaveValue('campus-bus-stop\nmetro-station');
    const trips = within(dialog).getByLabelText('Trips');
    expect(trips).toHaveValue('weekdays 08:00 08:40\nsunday 10:00 10:40');
    await userEvent.type(trips, '\n  saturday   09:00 09:40 \n');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save route' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([
      {
        url: 'PUT /api/admin/transport/routes/campus-to-metro',
        body: {
          name: 'Campus → Metro',
          stops: ['campus-bus-stop', 'metro-station'],
          trips: [
            { days: 'weekdays', departures: ['08:00', '08:40'] },
            { days: 'sunday', departures: ['10:00', '10:40'] },
            { days: 'saturday', departures: ['09:00', '09:40'] },
          ],
        },
      },
    ]);
  });

  it("shows the API's messages under the field they concern", async () => {
    let answer = json(400, {
      success: false,
      message: M.departuresMismatch,
      errors: { 'trips.1.departures': M.departuresMismatch },
    });
    stubFetch(() => answer);
    renderApp(<RouteFormModal open onOpenChange={() => undefined} route={null} />);
    const dialog = screen.getByRole('dialog', { name: 'Add route' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add route' }));
    expect(within(dialog).getByText('Slug is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Slug'), 'new-route');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add route' }));
    expect(await within(dialog).findByText(`Trip line 2: ${M.departuresMismatch}`)).toBeInTheDocument();
    answer = json(404, { success: false, message: M.stopNotFound });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add route' }));
    expect(await within(dialog).findByText(M.stopNotFound)).toBeInTheDocument();
  });

  it('maps error keys to fields', () => {
    expect(fieldOf('trips.0.departures', 'x')).toEqual(['trips', 'Trip line 1: x']);
    expect(fieldOf('stops.3', 'y')).toEqual(['stops', 'y']);
    expect(fieldOf('name', 'z')).toEqual(['name', 'z']);
    expect(fieldOf('body', 'w')).toBeNull();
  });
});
