import { useId } from 'react';
import { progressTone, wholePercent, type ProgressTone } from './progress';

const toneClass: Record<ProgressTone, string> = {
  green: 'bg-green-500 dark:bg-green-500',
  blue: 'bg-blue-600 dark:bg-blue-500',
  yellow: 'bg-yellow-400 dark:bg-yellow-400',
  grey: 'bg-gray-400 dark:bg-gray-500',
};

/**
 * 'Overall Progress' with its percentage and a coloured bar (role=progressbar, named by the
 * label). `data-tone` names the colour, so a test can read what a user sees.
 */
export function OverallProgress({ percent, label = 'Overall Progress' }: { percent: number; label?: string }) {
  const labelId = useId();
  const value = wholePercent(percent);
  const tone = progressTone(value);
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span id={labelId} className="font-medium text-gray-700 dark:text-gray-300">
          {label}
        </span>
        <span className="font-semibold tabular-nums">{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
        data-tone={tone}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
      >
        <div className={`h-full rounded-full transition-[width] duration-300 ${toneClass[tone]}`} style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
