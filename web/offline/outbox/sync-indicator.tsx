import { CloudCheck, CloudOff, RefreshCw, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ModalDialog } from '../../components/dialog';
import { useOnline } from '../cache/online';
import { useConflicts, useOutboxFor, useWaitingCommands } from './hooks';
import { useOutbox } from './state';
import { decisionsText, shortText, syncState, syncText } from './sync-status';

// Fetched with the first conflict to show.
const DecisionPanel = lazy(() => import('./decision-panel').then((module) => ({ default: module.DecisionPanel })));

/**
 * The header's sync indicator (issue 29), for both roles: 'Offline — 7 changes waiting',
 * 'Syncing 3 of 7', 'All changes saved', and beside it 'Needs your decision (1)', a button that
 * lists the conflicts with their decisions. A polite live region. Where the header is narrow (a
 * phone; the checklist's crowded header below the xl breakpoint) it is small: its icon and the
 * figure ('7', '3/7'), the words for screen readers and as its title. It also starts the outbox
 * for the signed-in account, on every signed-in page.
 */
export function SyncIndicator({ userId, compact = false }: { userId: string; compact?: boolean }) {
  useOutboxFor(userId);
  const online = useOnline();
  const reachable = useOutbox((state) => state.reachable);
  // Until the outbox has read itself back, its figures would be wrong: nothing is said yet.
  const loaded = useOutbox((state) => state.loaded);
  const run = useOutbox((state) => state.run);
  const waiting = useWaitingCommands().length;
  const conflicts = useConflicts();
  const [listOpen, setListOpen] = useState(false);
  const figures = { online: online && reachable, waiting, run };
  const state = syncState(figures);
  const text = syncText(figures);
  const Icon = state === 'offline' ? CloudOff : state === 'syncing' ? RefreshCw : CloudCheck;
  const narrow = compact ? narrowClass.compact : narrowClass.wide;

  return (
    <div className="flex min-w-0 items-center gap-0.5 print:hidden">
      <p role="status" title={loaded ? text : undefined} data-testid="sync-status" data-state={loaded ? state : undefined} className={`flex min-h-9 items-center gap-1 rounded-md px-1.5 text-xs font-medium whitespace-nowrap sm:text-sm ${stateClass[state]}`}>
        <Icon aria-hidden="true" className={`size-4 shrink-0 ${state === 'syncing' ? 'motion-safe:animate-spin' : ''}`} />
        <span aria-hidden="true" className={narrow.figure}>
          {loaded && shortText(figures)}
        </span>
        <span data-testid="sync-text" className={narrow.words}>
          {loaded && text}
        </span>
      </p>
      {conflicts.length > 0 && (
        <button
          type="button"
          title={decisionsText(conflicts.length)}
          onClick={() => setListOpen(true)}
          className="flex min-h-9 min-w-9 items-center justify-center gap-1 rounded-md border border-amber-500 bg-amber-50 px-1.5 text-xs font-semibold whitespace-nowrap text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 sm:text-sm dark:border-amber-400/60 dark:bg-amber-500/15 dark:text-amber-100 dark:hover:bg-amber-500/25"
        >
          <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
          <span aria-hidden="true" className={narrow.figure}>
            {conflicts.length}
          </span>
          <span className={narrow.words}>{decisionsText(conflicts.length)}</span>
        </button>
      )}
      <ModalDialog open={listOpen && conflicts.length > 0} onOpenChange={setListOpen} title="Needs your decision" description="Someone else changed these since you edited them.">
        <ol className="grid max-h-[70vh] gap-3 overflow-y-auto">
          {conflicts.map((conflict) => (
            <li key={`${conflict.id} ${conflict.at}`} className="grid gap-1">
              <p className="text-sm font-medium break-words">{conflict.name}</p>
              <Suspense fallback={null}>
                <DecisionPanel conflict={conflict} headingLevel="h3" />
              </Suspense>
            </li>
          ))}
        </ol>
      </ModalDialog>
    </div>
  );
}

/** Where the words show and where the figure stands in for them (class names written out for Tailwind). */
const narrowClass = {
  wide: { figure: 'sm:hidden', words: 'max-sm:sr-only' },
  // The checklist's header is one row of controls: at 1280 px the words squeezed the project's title.
  compact: { figure: '2xl:hidden', words: 'max-2xl:sr-only' },
} as const;

const stateClass = {
  offline: 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-100',
  syncing: 'text-blue-800 dark:text-blue-200',
  saved: 'text-gray-600 dark:text-gray-400',
} as const;
