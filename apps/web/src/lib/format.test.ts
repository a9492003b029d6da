import { afterEach, describe, expect, it } from 'vitest';
import { INTERNSHIP_MESSAGES, STIPEND_FILTER_MAX } from '@campus/contract/internships-ui';
import { MARKETPLACE_MESSAGES, PRICE_MAX } from '@campus/contract/marketplace-ui';
import { RIDE_COST_MAX, RIDE_MESSAGES } from '@campus/contract/rides-ui';
import {
  DEFAULT_TIME_ZONE,
  displayTimeZone,
  FORMATTER_WARMUPS,
  formatCount,
  formatDateIN,
  formatDateTimeIN,
  formatDayDate,
  formatIsoDate,
  formatRupees,
  formatTime,
  setDisplayTimeZone,
} from './format';

// 20:10 UTC is 01:40 the next day in India: a machine-local formatter would print the UTC day on a
// UTC server and the Indian day in the browser, and hydration would not match.
const LATE_EVENING_UTC = '2026-11-24T20:10:00.000Z';

describe('formatting in the institute time zone', () => {
  afterEach(() => setDisplayTimeZone(DEFAULT_TIME_ZONE));

  it('shows dates and times in Asia/Kolkata by default, whatever the machine zone', () => {
    expect(displayTimeZone()).toBe('Asia/Kolkata');
    expect(formatIsoDate(LATE_EVENING_UTC)).toBe('2026-11-25');
    expect(formatTime(LATE_EVENING_UTC)).toBe('01:40');
    expect(formatDateIN(LATE_EVENING_UTC)).toBe('25/11/2026');
    expect(formatDateTimeIN(LATE_EVENING_UTC)).toBe('25/11/2026, 01:40');
    expect(formatDayDate(LATE_EVENING_UTC)).toBe('Wed, 25 Nov 2026');
  });

  it('follows the zone it is given and ignores an unknown one', () => {
    setDisplayTimeZone('UTC');
    expect(formatIsoDate(new Date(LATE_EVENING_UTC))).toBe('2026-11-24');
    expect(formatTime(LATE_EVENING_UTC)).toBe('20:10');
    setDisplayTimeZone('Mars/Olympus_Mons');
    expect(displayTimeZone()).toBe('UTC');
    expect(formatDateIN(LATE_EVENING_UTC)).toBe('24/11/2026');
  });

  it('prints midnight as 00, not 24, and days and months without a leading zero', () => {
    expect(formatTime('2026-11-24T18:30:00.000Z')).toBe('00:00');
    expect(formatDateIN('2026-01-04T20:00:00.000Z')).toBe('5/1/2026');
  });

  it('formats rupees and counts the Indian way', () => {
    expect(formatRupees(150000)).toBe('₹1,50,000');
    expect(formatCount(123456)).toBe('1,23,456');
    expect(formatCount(57)).toBe('57');
  });

  it('builds the start-up formatters without changing what they print', () => {
    for (const warm of FORMATTER_WARMUPS) warm();
    expect(formatCount(1000)).toBe('1,000');
    expect(formatRupees(1500)).toBe('₹1,500');
    expect(formatDateIN(LATE_EVENING_UTC)).toBe('25/11/2026');
  });
});

describe("the contract's rupee limits in its messages", () => {
  // Written out in the contract so no Intl formatter is built when a page's module is evaluated.
  it.each([
    [MARKETPLACE_MESSAGES.priceTooHigh, PRICE_MAX],
    [INTERNSHIP_MESSAGES.stipendTooHigh, STIPEND_FILTER_MAX],
    [RIDE_MESSAGES.costTooHigh, RIDE_COST_MAX],
  ])('%s prints its limit as en-IN does', (message, limit) => {
    expect(message).toContain(`₹${limit.toLocaleString('en-IN')}.`);
  });
});
