import { LoaderCircle } from 'lucide-react';
import { useCurrentTime } from '../components/use-current-time';
import { buttonClass } from '../components/button';
import { ModalDialog } from '../components/dialog';
import type { HistoryEntry } from '../../contract/chat';
import { relativeTime, roleLabels } from './format';

/**
 * The Action History dialog (spec sections 2 and 4): what happened to the project, newest first
 * (as the server lists it), each entry's summary, who did it and how long ago.
 */
export function HistoryDialog({
  open,
  onOpenChange,
  entries,
  loading,
  error,
  onRetry,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entries: HistoryEntry[] | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
}) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title="Action History" description="Changes to this project, newest first.">
      {loading ? (
        <p role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-gray-600 dark:text-gray-400">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Loading history...
        </p>
      ) : error ? (
        <div role="alert" className="grid justify-items-center gap-3 py-8 text-center text-sm">
          <p>Could not load the history ({error.message}).</p>
          <button type="button" onClick={onRetry} className={buttonClass.secondary}>
            Try again
          </button>
        </div>
      ) : !entries?.length ? (
        <p className="py-8 text-center text-sm text-gray-600 dark:text-gray-400">No activity history yet</p>
      ) : (
        <HistoryList entries={entries} />
      )}
    </ModalDialog>
  );
}

function HistoryList({ entries }: { entries: HistoryEntry[] }) {
  const now = useCurrentTime().getTime();
  return (
    // The list scrolls and holds nothing focusable, so it takes the focus itself: keyboard users
    // can scroll it with the arrow keys (axe scrollable-region-focusable).
    <ol
      aria-label="Activity"
      tabIndex={0}
      className="-mx-2 max-h-[min(60vh,32rem)] divide-y divide-gray-200 overflow-y-auto px-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 dark:divide-gray-800"
    >
      {entries.map((entry) => (
        <li key={entry.id} data-testid="history-entry" className="grid gap-0.5 py-2.5">
          <p className="text-sm break-words">{entry.summary}</p>
          <p className="flex flex-wrap gap-x-1.5 text-xs text-gray-600 dark:text-gray-400">
            <span>
              {entry.userName} ({roleLabels[entry.userType]})
            </span>
            <span aria-hidden="true">·</span>
            <time dateTime={entry.createdAt} title={new Date(entry.createdAt).toLocaleString('en-US')}>
              {relativeTime(entry.createdAt, now)}
            </time>
          </p>
        </li>
      ))}
    </ol>
  );
}
