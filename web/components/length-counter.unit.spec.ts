import { describe, expect, it } from 'vitest';
import { limitState } from './length-counter';

describe('a length against its limit', () => {
  it('is quiet below 90 % of the limit, near from there up to the limit, over past it', () => {
    expect(limitState(0, 2000)).toBe('quiet');
    expect(limitState(1799, 2000)).toBe('quiet');
    expect(limitState(1800, 2000)).toBe('near');
    expect(limitState(2000, 2000)).toBe('near');
    expect(limitState(2001, 2000)).toBe('over');
    expect(limitState(270, 300)).toBe('near');
  });
});
