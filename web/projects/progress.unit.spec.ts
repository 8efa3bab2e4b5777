import { describe, expect, it } from 'vitest';
import { formatDate } from './format';
import { wholePercent } from '../components/percent';
import { percentFromFraction, progressTone } from './progress';

describe('progress colours (spec: 90 green, 70 blue, 50 yellow, else grey)', () => {
  it.each([
    [0, 'grey'],
    [49, 'grey'],
    [50, 'yellow'],
    [69, 'yellow'],
    [70, 'blue'],
    [89, 'blue'],
    [90, 'green'],
    [100, 'green'],
  ] as const)('%i %% is %s', (percent, tone) => {
    expect(progressTone(percent)).toBe(tone);
  });

  it('turns the client fraction into a rounded whole percentage', () => {
    expect(percentFromFraction(0)).toBe(0);
    expect(percentFromFraction(0.555)).toBe(56);
    expect(percentFromFraction(1)).toBe(100);
    expect(wholePercent(Number.NaN)).toBe(0);
    expect(wholePercent(140)).toBe(100);
  });
});

describe('dates on the cards', () => {
  it("shows a calendar day as that day, like 'Jan 5, 2026', in any time zone", () => {
    expect(formatDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatDate('not a date')).toBe('not a date');
  });
});
