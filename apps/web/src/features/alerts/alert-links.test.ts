/** The list an alert opens (alert-links.ts): its filters in the URL as each list reads them. */
import { describe, expect, it } from 'vitest';
import { alertListHref } from './alert-links';

describe('alertListHref', () => {
  it('opens the marketplace with the saved search and price', () => {
    expect(alertListHref({ kind: 'marketplace', filters: { search: 'cycle', maxPrice: 3000 } })).toBe(
      '/marketplace?search=cycle&maxPrice=3000',
    );
  });

  it('opens rides on custom dates when the alert has a day window', () => {
    const href = alertListHref({
      kind: 'rides',
      filters: { search: 'airport', startDate: '2026-12-01', endDate: '2026-12-01' },
    });
    expect(new URL(href, 'http://x').searchParams.get('dateRange')).toBe('custom');
    expect(alertListHref({ kind: 'rides', filters: { minSeats: 2 } })).toBe('/rides?minSeats=2');
  });

  it('opens lost & found on its all-reports view', () => {
    expect(alertListHref({ kind: 'lost-found', filters: { type: 'found', category: 'Keys' } })).toBe(
      '/lost-found?type=found&category=Keys&view=all',
    );
  });
});
