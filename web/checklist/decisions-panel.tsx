import { use } from 'react';
import { CalendarClock } from 'lucide-react';
import { formatDate } from '../projects/format';
import { SelectionFiguresContext } from './selection-format';
import { cardClass } from './ui';

/** In the action bar: how many decisions are due (and overdue), leading to the panel. Nothing while none is. */
export function DecisionsDueLink() {
  const due = use(SelectionFiguresContext).decisions;
  if (due.length === 0) return null;
  const overdue = due.filter((decision) => decision.overdue).length;
  return (
    <>
      <a href="#decisions-due" className="font-medium text-blue-700 underline underline-offset-2 dark:text-blue-300">
        {due.length} {due.length === 1 ? 'decision' : 'decisions'} due{overdue > 0 && `, ${overdue} overdue`}
      </a>
      {' · '}
    </>
  );
}

/**
 * 'Decisions due' (issue 18): the open selections that have a decide-by date, earliest first, each
 * with its room and date, an overdue one marked. Nothing open with a date: no panel at all.
 * The name scrolls its card into view.
 */
export function DecisionsPanel() {
  const due = use(SelectionFiguresContext).decisions;
  if (due.length === 0) return null;
  const overdue = due.filter((decision) => decision.overdue).length;
  return (
    <section id="decisions-due" aria-labelledby="decisions-due-title" className={`${cardClass} grid gap-2 p-3 sm:p-4`}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <h2 id="decisions-due-title" className="flex items-center gap-1.5 text-base font-semibold">
          <CalendarClock aria-hidden="true" className="size-4 text-gray-500 dark:text-gray-400" />
          Decisions due
        </h2>
        <span className="text-sm text-gray-600 dark:text-gray-400">
          {due.length} open{overdue > 0 && `, ${overdue} overdue`}
        </span>
      </div>
      <ol className="grid divide-y divide-gray-100 text-sm dark:divide-gray-800">
        {due.map((decision) => (
          <li key={decision.itemId} data-testid="decision" className="flex flex-wrap items-center justify-between gap-x-3 gap-y-0.5 py-1.5">
            <button
              type="button"
              onClick={() => document.querySelector(`[data-item-id="${CSS.escape(decision.itemId)}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' })}
              className="min-h-11 min-w-0 text-left break-words hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-blue-600 sm:min-h-6"
            >
              <span className="font-medium">{decision.name}</span>
              <span className="text-gray-600 dark:text-gray-400"> · {decision.roomName}</span>
            </button>
            <span className="flex shrink-0 items-center gap-2 tabular-nums">
              {decision.overdue && (
                <span className="rounded-sm bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-500/20 dark:text-red-200">Overdue</span>
              )}
              <time dateTime={decision.decideBy!} className={decision.overdue ? 'font-medium text-red-800 dark:text-red-300' : 'text-gray-700 dark:text-gray-300'}>
                {formatDate(decision.decideBy!)}
              </time>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
