import { describe, expect, it } from 'vitest';
import { isOperatorKey } from './operator-api';

describe('the local operator key', () => {
  it('is accepted only as itself: not a prefix, not a longer string, not when no key is configured', () => {
    expect(isOperatorKey('k3y-value', 'k3y-value')).toBe(true);
    expect(isOperatorKey('k3y', 'k3y-value')).toBe(false);
    expect(isOperatorKey('k3y-value-and-more', 'k3y-value')).toBe(false);
    expect(isOperatorKey(undefined, 'k3y-value')).toBe(false);
    expect(isOperatorKey('anything', undefined)).toBe(false);
    expect(isOperatorKey('', '')).toBe(false);
  });
});
