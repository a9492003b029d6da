import { describe, expect, it } from 'vitest';
import { withCoordinator } from './clubs-admin';

describe('withCoordinator', () => {
  it('adds a trimmed, lower-case e-mail once and ignores a blank one', () => {
    expect(withCoordinator(['a@x.in'], '  B@X.in ')).toEqual(['a@x.in', 'b@x.in']);
    expect(withCoordinator(['a@x.in'], 'A@x.in')).toEqual(['a@x.in']);
    expect(withCoordinator(['a@x.in'], '   ')).toEqual(['a@x.in']);
  });
});
