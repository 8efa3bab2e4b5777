import { describe, expect, it } from 'vitest';
import { centsOf, targetCompletionText } from './format';

describe('change order words', () => {
  it('given signed days, then the target completion says how change orders moved it', () => {
    expect(
      targetCompletionText({
        adjustedTargetCompletionDate: '2026-12-20',
        changeOrders: { signed: 1, total: 340, scheduleDays: 5 },
      }),
    ).toBe('Target completion: Dec 20, 2026 (+5 days by change orders)');
    expect(
      targetCompletionText({
        adjustedTargetCompletionDate: '2026-12-14',
        changeOrders: { signed: 1, total: 0, scheduleDays: -1 },
      }),
    ).toBe('Target completion: Dec 14, 2026 (−1 day by change orders)');
    expect(
      targetCompletionText({
        adjustedTargetCompletionDate: '2026-12-15',
        changeOrders: { signed: 0, total: 0, scheduleDays: 0 },
      }),
    ).toBe('Target completion: Dec 15, 2026');
    expect(targetCompletionText({ adjustedTargetCompletionDate: null })).toBeNull();
  });

  it('given a price typed in dollars, then it is whole cents, or nothing when it is not a price', () => {
    expect(centsOf('340')).toBe(34000);
    expect(centsOf('-25.5')).toBe(-2550);
    expect(centsOf('+$1,200.05')).toBe(120005);
    expect(centsOf('−3')).toBe(-300);
    expect(centsOf('12.345')).toBeUndefined();
    expect(centsOf('abc')).toBeUndefined();
    expect(centsOf('')).toBeUndefined();
  });
});
