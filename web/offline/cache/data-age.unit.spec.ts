import { describe, expect, it } from 'vitest';
import { relativeAge } from './data-age';

describe("the offline notice's age of the data (issue 29)", () => {
  const now = Date.UTC(2026, 10, 26, 21);
  const ago = (ms: number) => relativeAge(now - ms, now);
  it('says it in the largest whole unit, as Intl.RelativeTimeFormat words it', () => {
    expect(ago(0)).toBe('1 second ago');
    expect(ago(45_000)).toBe('45 seconds ago');
    expect(ago(60_000)).toBe('1 minute ago');
    expect(ago(12 * 60_000 + 59_000)).toBe('12 minutes ago');
    expect(ago(3 * 60 * 60_000)).toBe('3 hours ago');
    expect(ago(24 * 60 * 60_000)).toBe('yesterday');
    expect(ago(5 * 24 * 60 * 60_000)).toBe('5 days ago');
  });
});
