import { Link2, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { CabinetDetails } from '../../events/projects/events';
import { limits } from '../../events/projects/model';
import { cabinetParts } from '../../events/projects/checklist-layout';
import { AUTOSAVE_MS, GrowingTextArea, LimitedInput, SavingHint, savingCornerClass, sideLabelClass } from './item-details';
import { backsplashJson, parseBacksplash, safeHref, type Backsplash } from './model';
import { ReferenceAdders } from './references';
import { ImageList } from './reference-lists';
import { usePendingPhotos } from '../offline/outbox/hooks';
import { sameJson, useAutosave } from './use-autosave';
import { cardIconButtonClass } from './ui';
import { smallInputClass } from '../components/input';

/**
 * The panels of some items: Backsplash Details, Cabinet Details, door counts. Fetched with the first such
 * item (issue 16: the checklist's first draw stays within its JS budget); item-card.tsx holds
 * their place meanwhile.
 */

/** Backsplash Details: Tile and Grout (at most 300 each), kept as JSON in the item's details. */
const backsplashLimits = { tile: { max: limits.backsplashField, what: 'Tile' }, grout: { max: limits.backsplashField, what: 'Grout' } } as const;
const backsplashValid = (value: Backsplash) => value.tile.length <= limits.backsplashField && value.grout.length <= limits.backsplashField;

const panelClass = 'grid gap-1.5 rounded-md border border-gray-200 bg-gray-50 p-2 dark:border-gray-700 dark:bg-gray-800/40';
const panelHeadingClass = 'flex min-h-6 items-center justify-between gap-2';

/** A details panel: named by its title and the item's name, the saving hint beside the title, then `heading` (more of the heading row). */
function DetailsPanel({ id, itemId, title, saving, heading, children }: { id: string; itemId: string; title: string; saving: boolean; heading?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title item-name-${itemId}`} className={panelClass}>
      <div className={panelHeadingClass}>
        <h5 id={`${id}-title`} className="text-sm font-semibold">
          {title}
        </h5>
        <SavingHint saving={saving} />
        {heading}
      </div>
      {children}
    </section>
  );
}

export function BacksplashCard({ itemId, details, save }: { itemId: string; details: string; save: (details: string, base: string) => Promise<unknown> }) {
  const id = useId();
  const serverValue = parseBacksplash(details);
  const { value, change, saving } = useAutosave<Backsplash>({
    serverValue,
    // The base as the item holds it (its text exactly, when that is what was on screen): the server compares texts.
    save: (next, base) => save(backsplashJson(next), sameJson(parseBacksplash(details), base) ? details : backsplashJson(base)),
    delay: AUTOSAVE_MS,
    same: sameJson,
    valid: backsplashValid,
  });
  return (
    <DetailsPanel id={id} itemId={itemId} title="Backsplash Details" saving={saving}>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-1">
        {(['tile', 'grout'] as const).map((field) => (
          <div key={field} className="contents">
            <label htmlFor={`${id}-${field}`} className={sideLabelClass}>
              {field === 'tile' ? 'Tile' : 'Grout'}
            </label>
            <GrowingTextArea id={`${id}-${field}`} value={value[field]} limit={backsplashLimits[field]} onChange={(event) => change({ ...value, [field]: event.target.value })} />
          </div>
        ))}
      </div>
    </DetailsPanel>
  );
}

type CabinetPart = (typeof cabinetParts)[number]['key'];

const completedKey = (part: CabinetPart) => `${part}Completed` as const;
const linksKey = (part: CabinetPart) => `${part}Links` as const;
const imagesKey = (part: CabinetPart) => `${part}Images` as const;

/** Ours (issue 12), as the API's schema has it; the spec gives none. */
const CABINET_TOTAL_MAX = 50;
const cabinetTexts = [...cabinetParts.map(({ key }) => key), 'specialFeatures'] as const;
const cabinetValid = (value: CabinetDetails) =>
  cabinetTexts.every((key) => (value[key] ?? '').length <= limits.cabinetField) &&
  (value.totalPulls ?? '').length <= CABINET_TOTAL_MAX &&
  (value.totalKnobs ?? '').length <= CABINET_TOTAL_MAX;

/**
 * Cabinet Details: Style, Wood, Color and Pulls, each with its text (at most 300), a completed
 * flag, links and images; then special features, total pulls and total knobs. Text saves 1000 ms
 * after the last change; flags and images at once. A compact grid: a part is one row.
 */
export function CabinetCard({ itemId, cabinetDetails, save }: { itemId: string; cabinetDetails: CabinetDetails | null; save: (details: CabinetDetails, base: CabinetDetails) => Promise<unknown> }) {
  const id = useId();
  const { value, change, flush, saving } = useAutosave<CabinetDetails>({
    serverValue: cabinetDetails ?? {},
    save,
    delay: AUTOSAVE_MS,
    same: sameJson,
    valid: cabinetValid,
  });
  const update = (patch: Partial<CabinetDetails>, now = false) => {
    change({ ...value, ...patch });
    if (now) flush();
  };

  return (
    <DetailsPanel
      id={id}
      itemId={itemId}
      title="Cabinet Details"
      saving={saving}
      heading={
        // The heading of the last column; each box is named '<part> completed' itself.
        <span aria-hidden="true" className="ml-auto text-xs text-gray-600 dark:text-gray-400">
          Completed
        </span>
      }
    >
      <div className="grid grid-cols-[auto_minmax(0,1fr)_auto] gap-x-1.5 gap-y-1">
        {cabinetParts.map(({ key, label }) => (
          <div key={key} className="contents">
            <label htmlFor={`${id}-${key}`} className={sideLabelClass}>
              {label}
            </label>
            <PartReferences
              itemId={itemId}
              part={label}
              links={value[linksKey(key)] ?? []}
              images={value[imagesKey(key)] ?? []}
              cabinetKey={imagesKey(key)}
              onLinksChange={(links) => update({ [linksKey(key)]: links }, true)}
              onImagesChange={(images) => update({ [imagesKey(key)]: images }, true)}
              field={<LimitedInput id={`${id}-${key}`} value={value[key] ?? ''} limit={{ max: limits.cabinetField, what: label }} onChange={(event) => update({ [key]: event.target.value })} />}
            />
            <label title="Completed" className="flag-label flex size-11 cursor-pointer items-center justify-center sm:size-8">
              <input
                type="checkbox"
                checked={value[completedKey(key)] ?? false}
                onChange={(event) => update({ [completedKey(key)]: event.target.checked }, true)}
                data-tone="green"
                className="flag-box"
                aria-label={`${label} completed`}
              />
            </label>
          </div>
        ))}
      </div>
      <div className="grid gap-1 border-t border-gray-200 pt-1.5 dark:border-gray-700">
        <label htmlFor={`${id}-special`} className="text-xs font-medium text-gray-600 dark:text-gray-400">
          Special Features
        </label>
        <GrowingTextArea
          id={`${id}-special`}
          value={value.specialFeatures ?? ''}
          limit={{ max: limits.cabinetField, what: 'Special Features' }}
          onChange={(event) => update({ specialFeatures: event.target.value })}
        />
        <div className="grid grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)] gap-x-1.5">
          {(
            [
              ['totalPulls', 'Total Pulls'],
              ['totalKnobs', 'Total Knobs'],
            ] as const
          ).map(([field, label]) => (
            <div key={field} className="contents">
              <label htmlFor={`${id}-${field}`} className={sideLabelClass}>
                {label}
              </label>
              <LimitedInput id={`${id}-${field}`} value={value[field] ?? ''} limit={{ max: CABINET_TOTAL_MAX, what: label }} onChange={(event) => update({ [field]: event.target.value })} />
            </div>
          ))}
        </div>
      </div>
    </DetailsPanel>
  );
}

/**
 * A cabinet part's links and images, kept in the cabinet draft that saves itself: links added by
 * prompt, images by the Add Photo dialog, either removed with its button.
 */
export function PartReferences({
  itemId,
  part,
  links,
  images,
  onLinksChange,
  onImagesChange,
  field,
  cabinetKey,
}: {
  itemId: string;
  part: string;
  /** The part's images in the cabinet details ('styleImages'…): where a photo taken offline goes. */
  cabinetKey: string;
  /** The part's text field, drawn first in the buttons' row. */
  field?: ReactNode;
  links: readonly string[];
  images: readonly string[];
  onLinksChange: (links: string[]) => void;
  onImagesChange: (images: string[]) => void;
}) {
  const waiting = usePendingPhotos(itemId, { cabinetKey });
  return (
    <div className="grid gap-1.5">
      <ReferenceAdders
        itemId={itemId}
        cabinetKey={cabinetKey}
        names={{ link: `Add ${part} link`, photo: `Add ${part} photo` }}
        field={field}
        links={links}
        onLinksChange={onLinksChange}
        images={images}
        onImagesChange={onImagesChange}
      />
      {links.length > 0 && (
        <ul aria-label={`${part} links`} className="grid gap-1">
          {links.map((link, index) => {
            const href = safeHref(link);
            return (
              <li key={`${index}-${link}`} className="flex min-w-0 items-center gap-1 text-sm">
                <Link2 aria-hidden="true" className="size-4 shrink-0 text-gray-400" />
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer" className="min-w-0 flex-1 truncate text-blue-600 hover:underline dark:text-blue-400">
                    {link}
                  </a>
                ) : (
                  <span className="min-w-0 flex-1 truncate">{link}</span>
                )}
                <button
                  type="button"
                  onClick={() => onLinksChange(links.filter((_, i) => i !== index))}
                  aria-label={`Remove ${part.toLowerCase()} link ${index + 1}`}
                  className={`${cardIconButtonClass} print:hidden`}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {images.length + waiting.length > 0 && <ImageList images={images} waiting={waiting} label={`${part} Images`} onChange={onImagesChange} />}
    </div>
  );
}

/** Door knob items: the passage and locking door counts, kept in the first two reference links. */
export function DoorCounts({ counts, save }: { counts: readonly [string, string]; save: (counts: [string, string], base: readonly [string, string]) => Promise<unknown> }) {
  const id = useId();
  const { value, change, saving } = useAutosave<readonly [string, string]>({ serverValue: counts, save: (next, base) => save([next[0], next[1]], base), delay: AUTOSAVE_MS, same: sameJson });
  return (
    <div className="relative grid grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)] gap-x-1.5">
      {(['Total Passage', 'Total Locking'] as const).map((label, index) => (
        <div key={label} className="contents">
          <label htmlFor={`${id}-${index}`} className={sideLabelClass}>
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
            className={`${smallInputClass} min-h-11 sm:min-h-8`}
          />
        </div>
      ))}
      <SavingHint saving={saving} className={savingCornerClass} />
    </div>
  );
}
