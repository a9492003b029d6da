import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EarlyTapCapture } from './early-taps';
import { evaluateInSteps, showsRecords } from './start-app';

const nextTask = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../lib/next-task', () => ({ nextTask }));

afterEach(() => {
  delete (window as { __earlyTaps?: EarlyTapCapture }).__earlyTaps;
  nextTask.mockClear();
});

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

describe('evaluateInSteps', () => {
  // Paths no module answers: their imports fail and are skipped, which leaves the steps themselves.
  const modules = ['/assets/missing-a.js', '/assets/missing-b.js', '/assets/missing-c.js'];

  it('yields to the browser after each module', async () => {
    await evaluateInSteps(modules);
    expect(nextTask).toHaveBeenCalledTimes(3);
  });

  it('does not yield while a tap made before the app listens is held: the tap waits for the start', async () => {
    (window as { __earlyTaps?: EarlyTapCapture }).__earlyTaps = {
      held: [new MouseEvent('click')],
      typed: false,
      stop: () => {},
    };
    await evaluateInSteps(modules);
    expect(nextTask).not.toHaveBeenCalled();
  });

  it('does not yield either while text typed into a field before the app listens waits for it', async () => {
    (window as { __earlyTaps?: EarlyTapCapture }).__earlyTaps = { held: [], typed: true, stop: () => {} };
    await evaluateInSteps(modules);
    expect(nextTask).not.toHaveBeenCalled();
  });
});
