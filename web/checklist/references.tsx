import { ImagePlus, Link2, LoaderCircle, Save } from 'lucide-react';
import { lazy, Suspense, useState, type CSSProperties, type ReactNode } from 'react';
import { OnceOpened } from '../components/once-opened';
import { usePendingPhotos } from '../offline/outbox/hooks';
import { cleanLinks, withLink } from './model';
import { sameJson } from './use-autosave';
import { cardButtonClass, cardIconButtonClass } from './ui';

// With its upload code, fetched at the first Add Photo (issue 14).
// Drawn only for items that have links or images: fetched with the first (issue 16: the first
// draw's JS budget), a block of about their height holding their place meanwhile (checklist.css).
const LinkList = lazy(() => import('./reference-lists').then((module) => ({ default: module.LinkList })));
const ImageList = lazy(() => import('./reference-lists').then((module) => ({ default: module.ImageList })));
const listPlaceholder = (count: number, kind: 'links' | 'images') => (
  <div aria-hidden="true" className="list-placeholder" data-kind={kind} style={{ '--count': count } as CSSProperties} />
);

const referenceImages = { list: 'referenceImages' } as const;

export const AddPhotoDialog = lazy(() => import('./add-photo-dialog').then((module) => ({ default: module.AddPhotoDialog })));

/** Reference links and images of an item (spec sections 2, 4 and 5), also used by each cabinet part. */

/** Add Link / Add Photo as icons beside a field: named for assistive technology, titled for a pointer. */
export const addButtonClass = `${cardIconButtonClass} border border-gray-300 dark:border-gray-700 print:hidden`;

/** Spec section 5: a link is asked for with a prompt; blank input is ignored, a duplicate is not added. */
export function promptForLink(links: readonly string[]): string[] | null {
  return withLink(links, window.prompt('Enter a reference link (URL or text):'));
}

/**
 * The buttons' row of an item's or a cabinet part's references: its field, then Add Link (by
 * prompt) and Add Photo (a dialog whose image is added to the list at once).
 */
export function ReferenceAdders({
  itemId,
  names,
  field,
  links,
  onLinksChange,
  images,
  onImagesChange,
  cabinetKey,
}: {
  itemId: string;
  /** The two buttons' accessible names. */
  names: { link: string; photo: string };
  field?: ReactNode;
  links: readonly string[];
  onLinksChange: (links: string[]) => void;
  images: readonly string[];
  /** The new list, and the list on screen before (its base). */
  onImagesChange: (images: string[], base: readonly string[]) => void;
  /** A cabinet part's images ('styleImages'…): where a photo taken offline goes. */
  cabinetKey?: string;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <div className="flex items-start gap-1">
      <div className="min-w-0 flex-1">{field}</div>
      <button
        type="button"
        aria-label={names.link}
        title="Add Link"
        className={addButtonClass}
        onClick={() => {
          const next = promptForLink(links);
          if (next) onLinksChange(next);
        }}
      >
        <Link2 aria-hidden="true" className="size-4" />
      </button>
      <button type="button" aria-label={names.photo} title="Add Photo" className={addButtonClass} onClick={() => setAdding(true)}>
        <ImagePlus aria-hidden="true" className="size-4" />
      </button>
      {/* The dialog draws into the page's body (a portal): nothing of it stands in this row. */}
      <OnceOpened open={adding}>
        <AddPhotoDialog itemId={itemId} cabinetKey={cabinetKey} open={adding} onOpenChange={setAdding} existing={images} onAdd={(url) => onImagesChange([...images, url], images)} />
      </OnceOpened>
    </div>
  );
}

/**
 * An item's reference links and images (spec sections 2 and 4). Links change locally and are
 * saved only on 'Save Links' (shown while there are unsaved changes); the server's list replaces
 * the local one whenever nothing local is unsaved. Images are handed over at once when added or
 * removed.
 */
export function ItemReferences({
  itemId,
  savedLinks,
  onSaveLinks,
  images,
  onImagesChange,
  field,
}: {
  itemId: string;
  savedLinks: readonly string[];
  /** The links to save, and the saved list they were edited from (their base). */
  onSaveLinks: (links: string[], base: readonly string[]) => Promise<unknown>;
  images: readonly string[];
  onImagesChange: (images: string[], base: readonly string[]) => void;
  /** A field drawn first in the buttons' row (the item's details). */
  field?: ReactNode;
}) {
  const [draft, setDraft] = useState<string[]>(() => [...savedLinks]);
  const [base, setBase] = useState(savedLinks);
  const [saving, setSaving] = useState(false);
  const dirty = !sameJson(draft, base);
  // Photos taken offline, shown from the device until they upload.
  const waiting = usePendingPhotos(itemId, referenceImages);
  // Another save (or another user) changed the list: take it unless there are local changes.
  if (!sameJson(savedLinks, base)) {
    setBase(savedLinks);
    if (!dirty) setDraft([...savedLinks]);
  }

  const save = async () => {
    const cleaned = cleanLinks(draft);
    setSaving(true);
    try {
      await onSaveLinks(cleaned, base);
      setDraft(cleaned);
    } catch {
      // The toast has told the user; the local list stays for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grid gap-1.5">
      <ReferenceAdders itemId={itemId} names={{ link: 'Add Link', photo: 'Add Photo' }} field={field} links={draft} onLinksChange={setDraft} images={images} onImagesChange={onImagesChange} />
      {draft.length > 0 && (
        <Suspense fallback={listPlaceholder(draft.length, 'links')}>
          <LinkList links={draft} onChange={setDraft} />
        </Suspense>
      )}
      {(dirty || saving) && (
        <button type="button" className={`${cardButtonClass.primary} justify-self-start print:hidden`} disabled={saving} aria-busy={saving} onClick={() => void save()}>
          {saving ? <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" /> : <Save aria-hidden="true" className="size-3.5" />}
          Save Links
        </button>
      )}
      {images.length + waiting.length > 0 && (
        <Suspense fallback={listPlaceholder(images.length + waiting.length, 'images')}>
          <ImageList images={images} waiting={waiting} label="Reference Images" onChange={(next) => onImagesChange(next, images)} />
        </Suspense>
      )}
    </div>
  );
}
