import { useId, useLayoutEffect, useRef, type ComponentProps } from 'react';
import type { CabinetDetails } from '../../events/projects/events';
import { limits } from '../../events/projects/model';
import { cabinetParts } from '../../events/projects/checklist-layout';
import { backsplashJson, parseBacksplash, type Backsplash } from './model';
import { PartReferences } from './references';
import { sameJson, useAutosave } from './use-autosave';
import { inputClass, smallInputClass } from '../components/input';

/** The editable parts of an item card: details, Backsplash Details, Cabinet Details, door counts. */

/** Spec section 9: details and cabinet edits save 1000 ms after the last change. */
export const AUTOSAVE_MS = 1000;
/** Spec section 9: text areas grow up to 120 px, then scroll. */
const TEXTAREA_MAX_PX = 120;

const fieldSizingSupported = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

/** A text area that grows with its text up to 120 px, then scrolls (CSS field-sizing where supported). */
export function GrowingTextArea({ className = '', value, ...props }: ComponentProps<'textarea'> & { value: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (fieldSizingSupported || !element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, TEXTAREA_MAX_PX)}px`;
  }, [value]);
  return (
    <textarea
      ref={ref}
      rows={2}
      value={value}
      {...props}
      style={{ maxHeight: TEXTAREA_MAX_PX }}
      className={`${inputClass} min-h-[2.75rem] resize-none overflow-y-auto [field-sizing:content] ${className}`}
    />
  );
}

export function SavingHint({ saving }: { saving: boolean }) {
  return (
    <span aria-live="polite" className="text-xs text-gray-500 dark:text-gray-400">
      {saving ? 'Saving...' : ''}
    </span>
  );
}

export function DetailsField({ itemId, details, save }: { itemId: string; details: string; save: (details: string) => Promise<unknown> }) {
  const { value, change, saving } = useAutosave({ serverValue: details, save, delay: AUTOSAVE_MS });
  const id = `details-${itemId}`;
  return (
    // Empty details take no room on paper.
    <div className={`grid gap-1 ${value.trim() ? '' : 'print:hidden'}`}>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400">
          Details
        </label>
        <SavingHint saving={saving} />
      </div>
      <GrowingTextArea id={id} value={value} maxLength={limits.details} placeholder="Add details…" onChange={(event) => change(event.target.value)} />
    </div>
  );
}

/** Backsplash Details: Tile and Grout (at most 300 each), kept as JSON in the item's details. */
export function BacksplashCard({ details, save }: { details: string; save: (details: string) => Promise<unknown> }) {
  const id = useId();
  const serverValue = parseBacksplash(details);
  const { value, change, saving } = useAutosave<Backsplash>({
    serverValue,
    save: (next) => save(backsplashJson(next)),
    delay: AUTOSAVE_MS,
    same: sameJson,
  });
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-md border border-gray-200 bg-gray-50 p-3 dark:border-gray-700 dark:bg-gray-800/40">
      <div className="flex items-center justify-between gap-2">
        <h5 id={`${id}-title`} className="text-sm font-semibold">
          Backsplash Details
        </h5>
        <SavingHint saving={saving} />
      </div>
      {(['tile', 'grout'] as const).map((field) => (
        <div key={field} className="grid gap-1">
          <label htmlFor={`${id}-${field}`} className="text-xs font-medium text-gray-600 dark:text-gray-400">
            {field === 'tile' ? 'Tile' : 'Grout'}
          </label>
          <GrowingTextArea
            id={`${id}-${field}`}
            value={value[field]}
            maxLength={limits.backsplashField}
            onChange={(event) => change({ ...value, [field]: event.target.value })}
          />
        </div>
      ))}
    </section>
  );
}

type CabinetPart = (typeof cabinetParts)[number]['key'];

const completedKey = (part: CabinetPart) => `${part}Completed` as const;
const linksKey = (part: CabinetPart) => `${part}Links` as const;
const imagesKey = (part: CabinetPart) => `${part}Images` as const;

/**
 * Cabinet Details: Style, Wood, Color and Pulls, each with its text (at most 300), a completed
 * flag, links and images; then special features, total pulls and total knobs. Text saves 1000 ms
 * after the last change; flags and images at once.
 */
export function CabinetCard({ itemId, cabinetDetails, save }: { itemId: string; cabinetDetails: CabinetDetails | null; save: (details: CabinetDetails) => Promise<unknown> }) {
  const id = useId();
  const { value, change, flush, saving } = useAutosave<CabinetDetails>({
    serverValue: cabinetDetails ?? {},
    save,
    delay: AUTOSAVE_MS,
    same: sameJson,
  });
  const update = (patch: Partial<CabinetDetails>, now = false) => {
    change({ ...value, ...patch });
    if (now) flush();
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-md border border-gray-200 bg-gray-50 p-3 dark:border-gray-700 dark:bg-gray-800/40">
      <div className="flex items-center justify-between gap-2">
        <h5 id={`${id}-title`} className="text-sm font-semibold">
          Cabinet Details
        </h5>
        <SavingHint saving={saving} />
      </div>
      {cabinetParts.map(({ key, label }) => (
        <div key={key} className="grid min-w-0 gap-1.5 border-t border-gray-200 pt-2.5 dark:border-gray-700">
          <div className="flex items-center justify-between gap-2">
            <label htmlFor={`${id}-${key}`} className="text-sm font-medium">
              {label}
            </label>
            <label className="flex items-center gap-1.5 text-xs text-gray-600 dark:text-gray-400">
              <input
                type="checkbox"
                checked={value[completedKey(key)] ?? false}
                onChange={(event) => update({ [completedKey(key)]: event.target.checked }, true)}
                data-tone="green"
                className="flag-box"
                aria-label={`${label} completed`}
              />
              Completed
            </label>
          </div>
          <input
            id={`${id}-${key}`}
            value={value[key] ?? ''}
            maxLength={limits.cabinetField}
            onChange={(event) => update({ [key]: event.target.value })}
            className={smallInputClass}
          />
          <PartReferences
            itemId={itemId}
            part={label}
            links={value[linksKey(key)] ?? []}
            images={value[imagesKey(key)] ?? []}
            onLinksChange={(links) => update({ [linksKey(key)]: links }, true)}
            onImagesChange={(images) => update({ [imagesKey(key)]: images }, true)}
          />
        </div>
      ))}
      <div className="grid gap-3 border-t border-gray-200 pt-3 dark:border-gray-700">
        <div className="grid gap-1">
          <label htmlFor={`${id}-special`} className="text-sm font-medium">
            Special Features
          </label>
          <GrowingTextArea
            id={`${id}-special`}
            value={value.specialFeatures ?? ''}
            maxLength={limits.cabinetField}
            onChange={(event) => update({ specialFeatures: event.target.value })}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          {(
            [
              ['totalPulls', 'Total Pulls'],
              ['totalKnobs', 'Total Knobs'],
            ] as const
          ).map(([field, label]) => (
            <div key={field} className="grid min-w-0 gap-1">
              <label htmlFor={`${id}-${field}`} className="text-sm font-medium">
                {label}
              </label>
              <input
                id={`${id}-${field}`}
                value={value[field] ?? ''}
                maxLength={50}
                onChange={(event) => update({ [field]: event.target.value })}
                className={smallInputClass}
              />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/** Door knob items: the passage and locking door counts, kept in the first two reference links. */
export function DoorCounts({ counts, save }: { counts: readonly [string, string]; save: (counts: [string, string]) => Promise<unknown> }) {
  const id = useId();
  const { value, change, saving } = useAutosave<readonly [string, string]>({ serverValue: counts, save: (next) => save([next[0], next[1]]), delay: AUTOSAVE_MS, same: sameJson });
  return (
    <div className="grid gap-1">
      <div className="grid grid-cols-2 gap-3">
        {(['Total Passage', 'Total Locking'] as const).map((label, index) => (
          <div key={label} className="grid min-w-0 gap-1">
            <label htmlFor={`${id}-${index}`} className="text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400">
              {label}
            </label>
            <input
              id={`${id}-${index}`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={value[index]}
              onChange={(event) => change(index === 0 ? [event.target.value, value[1]] : [value[0], event.target.value])}
              className={smallInputClass}
            />
          </div>
        ))}
      </div>
      <SavingHint saving={saving} />
    </div>
  );
}
