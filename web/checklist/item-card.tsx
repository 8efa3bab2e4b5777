import { ChevronDown, ChevronRight, History, Trash2 } from 'lucide-react';
import { lazy, memo, Suspense, use, useCallback, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { Role } from '../../events/accounts/schemas';
import type { CabinetDetails } from '../../events/projects/events';
import { isComplete } from '../../events/projects/model';
import { OnceOpened } from '../components/once-opened';
import { flagsOfApi, type Flag } from '../../contract/flags';
import type { RouteInputs } from '../../contract/inputs';
import type { ChecklistItem, ItemEditBase } from '../../contract/projects';
import { useConflictOf } from '../offline/outbox/hooks';
import { ItemPhotosContext, type PhotoLayersBase, type PhotoLayersPatch } from '../photos/item-photos';
import { DetailsField } from './item-details';
import { PhotoQueueContext, type QueuedPhoto } from './photo-upload-queue';
import { cardExtraRem, cardKind, isBacksplash, joinLinks, purchasedTone, splitLinks } from './model';
import { PrintingContext } from '../components/printing';
import { ItemReferences } from './references';
import { BudgetButton, BudgetPanel, OverdueMark, SelectionLine, selectionLineRem } from './selection';
import { cardIconButtonClass, ConfirmDelete } from './ui';

// Fetched at its first opening, not before the checklist draws (issue 14).
const ItemHistoryDialog = lazy(() => import('./item-history-dialog'));
// Fetched with the first backsplash, cabinet or door knobs drawn (issue 16: the first draw's JS budget); a
// block of the panel's height holds its place meanwhile (checklist.css).
const BacksplashCard = lazy(() => import('./item-panels').then((module) => ({ default: module.BacksplashCard })));
const CabinetCard = lazy(() => import('./item-panels').then((module) => ({ default: module.CabinetCard })));
const DoorCounts = lazy(() => import('./item-panels').then((module) => ({ default: module.DoorCounts })));
// Fetched with the first conflict to show (issue 29: most pages never have one).
const DecisionPanel = lazy(() => import('../offline/outbox/decision-panel').then((module) => ({ default: module.DecisionPanel })));
const panelPlaceholder = (kind: 'counts' | 'backsplash' | 'cabinet') => <div aria-hidden="true" className="panel-placeholder" data-kind={kind} />;

/**
 * What an item card can do; one stable object per room, so memoised cards do not re-render. An
 * edit of a text or a list is saved with its base: the value on screen before the edit.
 */
export interface ItemActions {
  toggle: (item: ChecklistItem, flag: Flag, value: boolean) => void;
  save: (item: ChecklistItem, patch: Omit<RouteInputs['patchItem'], 'base'>, base?: ItemEditBase) => Promise<ChecklistItem>;
  remove: (item: ChecklistItem) => void;
  /** A photo kept on the device until it uploads (offline), for the item's images or a cabinet part's. */
  queuePhoto: (item: ChecklistItem, photo: QueuedPhoto) => Promise<void>;
}

const flagBoxes = [
  { flag: 'selected', label: 'Selected', by: 'contractor' },
  { flag: 'purchased', label: 'Purchased', by: null },
  { flag: 'installed', label: 'Installed', by: 'client' },
] as const;

/**
 * A checklist item (spec section 2): starts expanded; a status dot, the name, Selected /
 * Purchased / Installed, then details (or Backsplash Details), Cabinet Details for cabinets,
 * door counts for door knobs, reference links and reference images.
 */
export const ItemCard = memo(function ItemCard({ item, role, actions }: { item: ChecklistItem; role: Role; actions: ItemActions }) {
  const printing = use(PrintingContext);
  const [open, setOpen] = useState(true);
  const [deleting, setDeleting] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  // Issue 18: the allowance, cost and decide-by fields, opened on demand (they are rarely edited).
  const [budgetOpen, setBudgetOpen] = useState(false);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const expanded = open || printing;
  const flags = flagsOfApi(item);
  const complete = isComplete(flags);
  const bodyId = `item-body-${item.id}`;

  const { counts, links } = splitLinks(item);
  const latest = useRef(item);
  latest.current = item;
  const save = useCallback((patch: Omit<RouteInputs['patchItem'], 'base'>, base?: ItemEditBase) => actions.save(latest.current, patch, base), [actions]);
  const saveDetails = useCallback((details: string, base: string) => save({ details }, { details: base }), [save]);
  const saveCabinet = useCallback((cabinetDetails: CabinetDetails, base: CabinetDetails) => save({ cabinetDetails }, { cabinetDetails: base }), [save]);
  const saveLinks = useCallback((next: string[], base: readonly string[]) => {
    const { counts } = splitLinks(latest.current);
    return save({ referenceLinks: joinLinks(counts, next) }, { referenceLinks: joinLinks(counts, base) });
  }, [save]);
  const saveCounts = useCallback((next: [string, string], base: readonly [string, string]) => {
    const { links: others } = splitLinks(latest.current);
    return save({ referenceLinks: joinLinks(next, others) }, { referenceLinks: joinLinks(base, others) });
  }, [save]);
  const saveImages = useCallback((referenceImages: string[], base: readonly string[]) => void save({ referenceImages }, { referenceImages: base }).catch(() => undefined), [save]);
  const queuePhoto = useCallback((photo: QueuedPhoto) => actions.queuePhoto(latest.current, photo), [actions]);
  const conflict = useConflictOf({ itemId: item.id });
  // Issue 30: its photos' markup and before / after pairs, read and saved by the photo list and its lightbox.
  const savePhotoLayers = useCallback((patch: PhotoLayersPatch, base?: PhotoLayersBase) => save(patch as Omit<RouteInputs['patchItem'], 'base'>, base as ItemEditBase | undefined), [save]);
  const photoLayers = useMemo(() => ({ item, save: savePhotoLayers }), [item, savePhotoLayers]);

  return (
    // On a phone the 44 px targets carry their own white space, so the card has almost no padding.
    <article
      aria-labelledby={`item-name-${item.id}`}
      data-item-id={item.id}
      data-kind={cardKind(item)}
      style={{ '--card-extra': `${cardExtraRem(item) + selectionLineRem(item, role)}rem` } as CSSProperties}
      className="item-card grid rounded-md border border-gray-200 bg-white px-1 pb-1 break-inside-avoid sm:gap-1 sm:p-2 dark:border-gray-700 dark:bg-gray-900"
    >
      <div className="flex items-center gap-1">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${item.name}`}
          onClick={() => setOpen((value) => !value)}
          className={`${cardIconButtonClass} print:hidden`}
        >
          {expanded ? <ChevronDown aria-hidden="true" className="size-4" /> : <ChevronRight aria-hidden="true" className="size-4" />}
        </button>
        <span
          role="img"
          aria-label={complete ? 'Complete' : 'Not complete'}
          data-testid="status-dot"
          data-complete={complete}
          className={`size-2.5 shrink-0 rounded-full ${complete ? 'bg-green-500' : 'bg-gray-300 dark:bg-gray-600'}`}
        />
        <h4 id={`item-name-${item.id}`} className="ml-1 min-w-0 flex-1 text-sm font-medium break-words">
          {item.name}
        </h4>
        <OverdueMark itemId={item.id} />
        <button
          type="button"
          onClick={() => setShowHistory(true)}
          aria-label={`History of ${item.name}`}
          title="History"
          className={`${cardIconButtonClass} print:hidden`}
        >
          <History aria-hidden="true" className="size-4" />
        </button>
        <OnceOpened open={showHistory}>
          <ItemHistoryDialog item={item} open={showHistory} onOpenChange={setShowHistory} />
        </OnceOpened>
        <BudgetButton item={item} open={budgetOpen} onToggle={() => setBudgetOpen((value) => !value)} controls={`budget-${item.id}`} />
        {role === 'contractor' && (
          <>
            <button
              ref={deleteRef}
              type="button"
              onClick={() => setDeleting(true)}
              aria-label={`Delete ${item.name}`}
              title="Delete item"
              className={`${cardIconButtonClass} hover:text-red-600 print:hidden dark:hover:text-red-400`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
            <ConfirmDelete what="item" name={item.name} open={deleting} onOpenChange={setDeleting} onConfirm={() => actions.remove(item)} returnFocusTo={deleteRef} />
          </>
        )}
      </div>

      <div className="flex flex-wrap gap-x-1 sm:gap-x-0.5">
        {flagBoxes.map(({ flag, label, by }) => {
          // Spec section 6: Selected (the contractor's completion) red, Installed (the client's approval) green, Purchased by kind of item.
          const tone = flag === 'selected' ? 'red' : flag === 'installed' ? 'green' : purchasedTone(item);
          const locked = by !== null && by !== role;
          return (
            <label
              key={flag}
              title={locked ? `Only the ${by} can set ${label}` : undefined}
              className={`flag-label flex min-h-11 min-w-11 items-center gap-0.5 px-1 text-sm sm:min-h-6 sm:px-0 sm:text-[0.8125rem] ${locked ? 'cursor-not-allowed text-gray-400 dark:text-gray-500' : 'cursor-pointer'}`}
            >
              <input
                type="checkbox"
                checked={flags[flag]}
                disabled={locked}
                data-tone={tone}
                onChange={(event) => actions.toggle(item, flag, event.target.checked)}
                className="flag-box"
              />
              {label}
            </label>
          );
        })}
      </div>
      <SelectionLine item={item} role={role} />
      {/* Issue 29: an edit of this item that met someone else's, both kept until the person decides. */}
      {conflict && (
        <Suspense fallback={null}>
          <DecisionPanel conflict={conflict} />
        </Suspense>
      )}

      {expanded && (
        <PhotoQueueContext value={queuePhoto}>
        <ItemPhotosContext value={photoLayers}>
        <div id={bodyId} className="grid gap-2">
          {budgetOpen && <BudgetPanel id={`budget-${item.id}`} item={item} role={role} save={save} />}
          {counts && (
            <Suspense fallback={panelPlaceholder('counts')}>
              <DoorCounts counts={counts} save={saveCounts} />
            </Suspense>
          )}
          {isBacksplash(item) && (
            <Suspense fallback={panelPlaceholder('backsplash')}>
              <BacksplashCard itemId={item.id} details={item.details} save={saveDetails} />
            </Suspense>
          )}
          {/* The details share a row with Add Link and Add Photo: one line while empty. */}
          <ItemReferences
            itemId={item.id}
            savedLinks={links}
            onSaveLinks={saveLinks}
            images={item.referenceImages}
            onImagesChange={saveImages}
            field={isBacksplash(item) ? undefined : <DetailsField itemId={item.id} details={item.details} save={saveDetails} />}
          />
          {item.itemType === 'cabinet' && (
            <Suspense fallback={panelPlaceholder('cabinet')}>
              <CabinetCard itemId={item.id} cabinetDetails={item.cabinetDetails} save={saveCabinet} />
            </Suspense>
          )}
        </div>
        </ItemPhotosContext>
        </PhotoQueueContext>
      )}
    </article>
  );
});
