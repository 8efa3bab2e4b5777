import { useId } from 'react';
import { wholePercent } from './percent';

export type BarTone = 'green' | 'blue' | 'yellow' | 'grey' | 'red';

const toneClass: Record<BarTone, string> = {
  green: 'bg-green-600 dark:bg-green-500',
  blue: 'bg-blue-600 dark:bg-blue-500',
  yellow: 'bg-yellow-400 dark:bg-yellow-400',
  grey: 'bg-gray-400 dark:bg-gray-500',
  red: 'bg-red-600 dark:bg-red-500',
};

/**
 * A labelled bar (role=progressbar, named by its label) with the percentage beside the label.
 * `data-tone` names the colour, so a test can read what a user sees.
 */
export function ProgressBar({ label, percent, tone, detail }: { label: string; percent: number; tone: BarTone; detail?: string }) {
  const labelId = useId();
  const value = wholePercent(percent);
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span id={labelId} className="font-medium text-gray-700 dark:text-gray-300">
          {label}
        </span>
        <span className="shrink-0 tabular-nums">
          {detail && <span className="mr-2 text-xs text-gray-500 dark:text-gray-400">{detail}</span>}
          <span className="font-semibold">{value}%</span>
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
        data-tone={tone}
        className="h-2.5 w-full overflow-hidden rounded-full bg-gray-200 print:border print:border-gray-400 dark:bg-gray-800"
      >
        <div className={`h-full rounded-full transition-[width] duration-300 print:bg-gray-700 ${toneClass[tone]}`} style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
