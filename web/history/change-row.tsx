import { ArrowRight } from 'lucide-react';
import type { ItemHistoryEntry } from '../../contract/audit';
import { roleLabels } from '../chat/format';
import { localDateTime, madeOfflineText, type ChangeLine } from './format';

/** One change as the item History and the Audit page show it: who, as what, when, what it did, each field. */

/** The body of an entry (the page puts what it is about above it, and an action below). */
export function ChangeEntryBody({ entry, summary, lines }: { entry: Pick<ItemHistoryEntry, 'actor' | 'at' | 'deviceTime'>; summary: string | null; lines: readonly ChangeLine[] }) {
  const offline = madeOfflineText(entry);
  return (
    <>
      <p className="flex flex-wrap items-baseline gap-x-1.5 text-sm">
        <span className="font-medium break-words">{entry.actor.name}</span>
        <span className="text-gray-600 dark:text-gray-400">({roleLabels[entry.actor.role]})</span>
        <span aria-hidden="true" className="text-gray-400">
          ·
        </span>
        <time dateTime={entry.at} className="text-gray-600 dark:text-gray-400">
          {localDateTime(entry.at)}
        </time>
        {offline && (
          // Quiet: when the person made it, by their device, since it reached us later.
          <span data-testid="made-offline" className="text-xs text-gray-600 dark:text-gray-400">
            · {offline}
          </span>
        )}
      </p>
      {summary && <p className="text-sm">{summary}</p>}
      {lines.length > 0 && (
        <ul className="grid gap-1">
          {lines.map((line) => (
            <ChangeRow key={line.label} line={line} />
          ))}
        </ul>
      )}
      {!summary && lines.length === 0 && <p className="text-sm text-gray-600 dark:text-gray-400">No visible change</p>}
    </>
  );
}

const removedClass = 'rounded-sm bg-red-50 px-1 text-red-800 dark:bg-red-950/60 dark:text-red-200';
const addedClass = 'rounded-sm bg-green-50 px-1 text-green-800 dark:bg-green-950/60 dark:text-green-200';

/** 'Selected: No → Yes', a list's entries added and removed, or a text written; long text wraps. */
export function ChangeRow({ line }: { line: ChangeLine }) {
  return (
    <li data-testid="item-history-change" className="min-w-0 text-sm break-words whitespace-pre-wrap">
      <span className="font-medium">{line.label}: </span>
      {line.kind === 'value' ? (
        <>
          <span className={removedClass}>
            <span className="sr-only">from </span>
            {line.before}
          </span>
          <ArrowRight aria-hidden="true" className="mx-1 inline size-3.5 align-[-0.125em] text-gray-500" />
          <span className={addedClass}>
            <span className="sr-only"> to </span>
            {line.after}
          </span>
        </>
      ) : line.kind === 'text' ? (
        <q className="[overflow-wrap:anywhere]">{line.text}</q>
      ) : (
        <span className="inline-grid gap-0.5 align-top">
          {line.added.map((entry) => (
            <span key={`+${entry}`} className={`${addedClass} [overflow-wrap:anywhere]`}>
              Added {entry}
            </span>
          ))}
          {line.removed.map((entry) => (
            <span key={`-${entry}`} className={`${removedClass} [overflow-wrap:anywhere]`}>
              Removed {entry}
            </span>
          ))}
        </span>
      )}
    </li>
  );
}
