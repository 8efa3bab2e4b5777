import { describe, expect, it } from 'vitest';
import { offboardGraceDays } from './tenant-offboarding';

describe('the offboarding grace period', () => {
  it('is 30 days unless OFFBOARD_GRACE_DAYS says otherwise (0: the next sweep removes the tenant)', () => {
    expect(offboardGraceDays({})).toBe(30);
    expect(offboardGraceDays({ OFFBOARD_GRACE_DAYS: '0' })).toBe(0);
    expect(offboardGraceDays({ OFFBOARD_GRACE_DAYS: '7' })).toBe(7);
  });

  it('refuses a value that is no number of days, rather than removing a tenant early', () => {
    expect(() => offboardGraceDays({ OFFBOARD_GRACE_DAYS: 'soon' })).toThrow(/OFFBOARD_GRACE_DAYS/);
    expect(() => offboardGraceDays({ OFFBOARD_GRACE_DAYS: '-1' })).toThrow(/OFFBOARD_GRACE_DAYS/);
  });
});
