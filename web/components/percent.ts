/** A whole percentage from 0 to 100 (anything else, NaN included, is clamped). */
export function wholePercent(percent: number): number {
  return Number.isFinite(percent) ? Math.min(100, Math.max(0, Math.round(percent))) : 0;
}
