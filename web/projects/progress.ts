import { wholePercent } from '../components/percent';

/**
 * Progress colours (spec sections 2 and 9): 90 % and up green, 70 and up blue, 50 and up yellow,
 * otherwise grey. One place for both the contractor's and the client's cards.
 */
export const progressThresholds = { green: 90, blue: 70, yellow: 50 } as const;

export type ProgressTone = 'green' | 'blue' | 'yellow' | 'grey';

export function progressTone(percent: number): ProgressTone {
  if (percent >= progressThresholds.green) return 'green';
  if (percent >= progressThresholds.blue) return 'blue';
  if (percent >= progressThresholds.yellow) return 'yellow';
  return 'grey';
}


/** The client's list carries a fraction (0–1): round(fraction × 100). */
export const percentFromFraction = (fraction: number): number => wholePercent(fraction * 100);
