import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import type { ItemHistoryEntry } from '../../contract/audit';
import type { ChecklistItem } from '../../contract/projects';
import { queries } from '../api/queries';
import { ApiError } from '../api/client';
import { serverMessage } from '../api/errors';
import { buttonClass, linkClass } from '../components/button';
import { inputClass } from '../components/input';
// The Radix dialog itself, not the lazy wrapper: this module already loads at the first opening.
import ModalDialog from '../components/modal-dialog';
import { ChangeEntryBody } from '../history/change-row';
import { changeLines, eventSummary, fromLocalInput, localDateTime, showsChanges, toLocalInput } from '../history/format';
import { ItemStateView } from './item-history-state';

/**
 * An item's History (issue 15): a date-time picker that shows the item as it was then, and every
 * change, newest first: who, as what, when, and each field before → after in the card's words.
 */
export default function ItemHistoryDialog({ item, open, onOpenChange }: { item: ChecklistItem; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title={`History: ${item.name}`} description="Every change to this item, newest first.">
      {open && <ItemHistory item={item} />}
    </ModalDialog>
  );
}

function ItemHistory({ item }: { item: ChecklistItem }) {
  const history = useQuery(queries.itemHistory(item.id));
  // The picker's text, and the moment it stands for: an entry's own time exactly (to the millisecond), or the picked second.
  const [moment, setMoment] = useState<Moment>({ input: '', asOf: null });
  const entries = history.data && [...history.data.entries].reverse();
  const headingId = useId();
  // The checklist's own route (contractor's or client's) names the project.
  const projectId = useParams({ strict: false }).id;

  return (
    <div className="grid gap-6">
      <MomentPicker itemId={item.id} value={moment} onChange={setMoment} />
      <section aria-labelledby={headingId} className="grid gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          Changes
        </h3>
        {history.isPending ? (
          <Loading text="Loading history..." />
        ) : history.error ? (
          <Failed what="the history" error={history.error} onRetry={() => void history.refetch()} />
        ) : !entries?.length ? (
          <p className="py-6 text-center text-sm text-gray-600 dark:text-gray-400">No changes recorded yet</p>
        ) : (
          <ol aria-label="Changes, newest first" className="divide-y divide-gray-200 dark:divide-gray-800">
            {entries.map((entry) => (
              <HistoryEntry key={`${entry.eventType}:${entry.version}:${entry.at}`} entry={entry} item={item} onShowState={() => setMoment({ input: toLocalInput(entry.at), asOf: entry.at })} />
            ))}
          </ol>
        )}
      </section>
      {projectId && (
        <Link to="/project/$id/audit" params={{ id: projectId }} search={{ item: item.id }} className={`${linkClass} justify-self-start text-sm`}>
          Every change in the project: Audit trail
        </Link>
      )}
    </div>
  );
}

interface Moment {
  input: string;
  asOf: string | null;
}

/** 'Show the item as it was at…': a local date and time, to the second, and the item then. */
function MomentPicker({ itemId, value: { input, asOf }, onChange }: { itemId: string; value: Moment; onChange: (value: Moment) => void }) {
  const id = useId();
  return (
    <div className="grid gap-2 rounded-md border border-gray-200 bg-gray-50 p-3 dark:border-gray-700 dark:bg-gray-800/40">
      <label htmlFor={id} className="text-sm font-semibold">
        Show the item as it was at…
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          type="datetime-local"
          step={1}
          value={input}
          onChange={(event) => onChange({ input: event.target.value, asOf: fromLocalInput(event.target.value) })}
          className={`${inputClass} w-auto flex-1 basis-56 [color-scheme:light] dark:[color-scheme:dark]`}
        />
        {input && (
          <button type="button" onClick={() => onChange({ input: '', asOf: null })} className={buttonClass.secondary}>
            Clear
          </button>
        )}
      </div>
      {asOf && <StateAt itemId={itemId} asOf={asOf} />}
    </div>
  );
}

function StateAt({ itemId, asOf }: { itemId: string; asOf: string }) {
  const then = useQuery(queries.itemStateAt(itemId, asOf));
  // aria-live: a screen reader hears the state once it arrives for the picked moment.
  return (
    <div aria-live="polite" className="min-w-0">
      {then.isPending ? (
        <Loading text="Loading the item as it was..." />
      ) : then.error ? (
        then.error instanceof ApiError && then.error.status === 404 ? (
          <p className="py-2 text-sm text-gray-700 dark:text-gray-300">The item did not exist yet at {localDateTime(asOf)}.</p>
        ) : (
          <Failed what="the item as it was" error={then.error} onRetry={() => void then.refetch()} />
        )
      ) : (
        <ItemStateView state={then.data.state} at={then.data.at} version={then.data.version} />
      )}
    </div>
  );
}

function HistoryEntry({ entry, item, onShowState }: { entry: ItemHistoryEntry; item: ChecklistItem; onShowState: () => void }) {
  return (
    <li data-testid="item-history-entry" className="grid gap-1.5 py-3">
      <ChangeEntryBody entry={entry} summary={eventSummary(entry.eventType)} lines={showsChanges(entry.eventType) ? changeLines(entry.changes, item) : []} />
      {entry.eventType !== 'ItemDeleted' && (
        <button type="button" onClick={onShowState} className={`${linkClass} justify-self-start py-1 text-xs`}>
          Show the item as it was then
        </button>
      )}
    </li>
  );
}

function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-gray-600 dark:text-gray-400">
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      {text}
    </p>
  );
}

function Failed({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-center gap-3 py-6 text-center text-sm">
      <p>
        Could not load {what} ({serverMessage(error, error.message)}).
      </p>
      <button type="button" onClick={onRetry} className={buttonClass.secondary}>
        Try again
      </button>
    </div>
  );
}
