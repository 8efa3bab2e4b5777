import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClass } from '../../components/button';
import { inputClass } from '../../components/input';
import { toast } from '../../components/toast';
import { bothTexts, conflictTexts, type Conflict } from './conflict';
import { decide } from './decide';

/**
 * 'Needs your decision' (issue 29): someone else changed a text this person edited (offline,
 * usually). Both versions are shown; 'Keep mine' sends mine again over theirs, 'Keep theirs' drops
 * mine, 'Merge by hand' opens each text prefilled with both, to be saved as typed. Shown on the
 * item (or room) and in the list the sync indicator opens; kept in IndexedDB until decided.
 */
export function DecisionPanel({ conflict, headingLevel = 'h5' }: { conflict: Conflict; headingLevel?: 'h3' | 'h5' }) {
  const id = useId();
  const texts = conflictTexts(conflict);
  const [merging, setMerging] = useState<Record<string, string> | null>(null);
  const [busy, setBusy] = useState(false);
  const Heading = headingLevel;

  const choose = async (choice: Parameters<typeof decide>[1]) => {
    setBusy(true);
    try {
      await decide(conflict, choice);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: error instanceof Error ? error.message : 'Please try again' });
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="decision"
      className="grid gap-2 rounded-md border border-amber-400 bg-amber-50 p-2 text-sm text-gray-900 dark:border-amber-500/60 dark:bg-amber-500/10 dark:text-gray-100"
    >
      <Heading id={`${id}-title`} className="flex items-center gap-1.5 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-amber-700 dark:text-amber-300" />
        Needs your decision
        <span className="sr-only">: {conflict.name}</span>
      </Heading>
      <p className="text-xs text-gray-700 dark:text-gray-300">Someone else changed this since you edited it. Both versions are kept until you choose.</p>
      {texts.map((text) => (
        <div key={text.key} className="grid gap-1">
          <p className="text-xs font-semibold text-gray-700 dark:text-gray-300">{text.label}</p>
          {merging && text.editable ? (
            <>
              <label htmlFor={`${id}-${text.key}`} className="sr-only">
                {text.label}, merged
              </label>
              <textarea
                id={`${id}-${text.key}`}
                value={merging[text.key] ?? ''}
                rows={3}
                onChange={(event) => setMerging({ ...merging, [text.key]: event.target.value })}
                className={`${inputClass} min-h-20`}
              />
            </>
          ) : (
            <dl className="grid gap-1 sm:grid-cols-2">
              <Version label="Mine" value={text.mine} />
              <Version label="Theirs" value={text.theirs} />
            </dl>
          )}
        </div>
      ))}
      <div className="flex flex-wrap gap-1.5">
        {merging ? (
          <>
            <button type="button" disabled={busy} className={buttonClass.primary} onClick={() => void choose({ merged: merging })}>
              Save merged text
            </button>
            <button type="button" disabled={busy} className={buttonClass.secondary} onClick={() => setMerging(null)}>
              Cancel
            </button>
          </>
        ) : (
          <>
            <button type="button" disabled={busy} className={buttonClass.secondary} onClick={() => void choose('mine')}>
              Keep mine
            </button>
            <button type="button" disabled={busy} className={buttonClass.secondary} onClick={() => void choose('theirs')}>
              Keep theirs
            </button>
            <button
              type="button"
              disabled={busy}
              className={buttonClass.secondary}
              onClick={() => setMerging(Object.fromEntries(texts.filter((text) => text.editable).map((text) => [text.key, bothTexts(text)])))}
            >
              Merge by hand
            </button>
          </>
        )}
      </div>
    </section>
  );
}

function Version({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded border border-amber-200 bg-white px-2 py-1 dark:border-amber-500/30 dark:bg-gray-900">
      <dt className="text-xs text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="break-words whitespace-pre-wrap">{value || <span className="text-gray-600 italic dark:text-gray-400">(empty)</span>}</dd>
    </div>
  );
}
