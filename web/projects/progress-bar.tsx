import { ProgressBar } from '../components/progress-bar';
import { wholePercent } from '../components/percent';
import { progressTone } from './progress';

/** 'Overall Progress' coloured by the spec's thresholds (90 green, 70 blue, 50 yellow, else grey). */
export function OverallProgress({ percent, label = 'Overall Progress' }: { percent: number; label?: string }) {
  return <ProgressBar label={label} percent={percent} tone={progressTone(wholePercent(percent))} />;
}
