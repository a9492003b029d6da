import { describe, expect, it } from 'vitest';
import { showsRecords } from './start-app';

const entry = { status: 'fulfilled', data: {} };

describe('showsRecords', () => {
  it('is false for a page that read nothing or only the institute', () => {
    expect(showsRecords({})).toBe(false);
    expect(showsRecords({ api: { queries: {} } })).toBe(false);
    expect(showsRecords({ api: { queries: { 'getInstitute(undefined)': entry } } })).toBe(false);
  });

  it('is true once the render read records besides the institute', () => {
    expect(
      showsRecords({
        api: { queries: { 'getInstitute(undefined)': entry, 'listItems({"limit":12,"page":1})': entry } },
      }),
    ).toBe(true);
    expect(showsRecords({ api: { queries: { 'attendanceToday(undefined)': entry } } })).toBe(true);
  });
});
