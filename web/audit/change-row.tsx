import { ArrowRight } from 'lucide-react';
import type { ChangeLine } from '../checklist/item-history-format';

/** One field of a change, as the item History and the Audit page show it. */

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
