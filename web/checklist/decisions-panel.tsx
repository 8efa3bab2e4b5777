import { useQuery } from '@tanstack/react-query';
import { use } from 'react';
import { CalendarClock } from 'lucide-react';
import type { Decision } from '../../contract/projects';
import { queries } from '../api/queries';
import { useNearScreen } from '../components/use-near-screen';
import { formatDate } from '../projects/format';
import { PanelFigures } from './panel-figures';
import { SelectionFiguresContext } from './selection-format';
import { cardClass } from './ui';

/**
 * In the action bar: how many decisions are due (and overdue), leading to the panel. Nothing while
 * none is. From the page's own figures, as the cards' Overdue marks: both show with the first draw.
 */
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

/** The server's list holds the undated too (last); the panel shows those with a date, as the page's figures do. */
const dated = (decisions: Decision[]): Decision[] => decisions.filter((decision) => decision.decideBy !== null);

/**
 * 'Decisions due' (issue 18): the open selections that have a decide-by date, earliest first, each
 * with its room and date, an overdue one marked; the name scrolls its card into view. The list is
 * GET /api/projects/{id}/decisions, read once the panel comes within a screen of sight (not with
 * the page: issue 14), then refetched after each change (mutations.ts, live-updates.ts). Whether
 * the panel is there is the page's own figures': nothing open with a date, no panel and no read.
 */
export function DecisionsPanel() {
  const { projectId, decisions: local } = use(SelectionFiguresContext);
  const [nearRef, near] = useNearScreen<HTMLElement>();
  const read = useQuery({ ...queries.decisions(projectId), enabled: near, select: dated });
  if (local.length === 0) return null;
  return (
    <section ref={nearRef} id="decisions-due" aria-labelledby="decisions-due-title" aria-busy={read.data === undefined && !read.isError} className={`${cardClass} grid gap-2 p-3 sm:p-4`}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <h2 id="decisions-due-title" className="flex items-center gap-1.5 text-base font-semibold">
          <CalendarClock aria-hidden="true" className="size-4 text-gray-500 dark:text-gray-400" />
          Decisions due
        </h2>
        {/* While read, held in place invisibly (it sets the line's height), as the list is (panel-figures.tsx). */}
        <DueCount due={read.data ?? local} pending={read.data === undefined} />
      </div>
      <PanelFigures read={read} local={local} what="the decisions due">
        {(due) => <DueList due={due} />}
      </PanelFigures>
    </section>
  );
}

function DueCount({ due, pending }: { due: readonly Decision[]; pending: boolean }) {
  const overdue = due.filter((decision) => decision.overdue).length;
  return (
    <span className={`text-sm text-gray-600 dark:text-gray-400 ${pending ? 'invisible print:visible' : ''}`}>
      {due.length} open{overdue > 0 && `, ${overdue} overdue`}
    </span>
  );
}

function DueList({ due }: { due: readonly Decision[] }) {
  return (
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
  );
}
