import { ExternalLink, ImagePlus, Link2, LoaderCircle, Plus, Save, X } from 'lucide-react';
import { lazy, useState } from 'react';
import { iconButtonClass } from '../components/button';
import { OnceOpened } from '../components/once-opened';
import { cleanLinks, safeHref, withLink } from './model';
import { sameJson } from './use-autosave';
import { smallInputClass } from '../components/input';
import { smallButtonClass, Thumbnail } from './ui';

// With its upload code, fetched at the first Add Photo (issue 14).
const AddPhotoDialog = lazy(() => import('./add-photo-dialog').then((module) => ({ default: module.AddPhotoDialog })));

/** Reference links and images of an item (spec sections 2, 4 and 5), also used by each cabinet part. */

const smallIconButton = iconButtonClass.replace('size-9', 'size-8');

/** Spec section 5: a link is asked for with a prompt; blank input is ignored, a duplicate is not added. */
export function promptForLink(links: readonly string[]): string[] | null {
  return withLink(links, window.prompt('Enter a reference link (URL or text):'));
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
}: {
  itemId: string;
  savedLinks: readonly string[];
  onSaveLinks: (links: string[]) => Promise<unknown>;
  images: readonly string[];
  onImagesChange: (images: string[]) => void;
}) {
  const [draft, setDraft] = useState<string[]>(() => [...savedLinks]);
  const [base, setBase] = useState(savedLinks);
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState(false);
  const dirty = !sameJson(draft, base);
  // Another save (or another user) changed the list: take it unless there are local changes.
  if (!sameJson(savedLinks, base)) {
    setBase(savedLinks);
    if (!dirty) setDraft([...savedLinks]);
  }

  const save = async () => {
    const cleaned = cleanLinks(draft);
    setSaving(true);
    try {
      await onSaveLinks(cleaned);
      setDraft(cleaned);
    } catch {
      // The toast has told the user; the local list stays for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-1.5 print:hidden">
        <button
          type="button"
          className={smallButtonClass.secondary}
          onClick={() => {
            const next = promptForLink(draft);
            if (next) setDraft(next);
          }}
        >
          <Plus aria-hidden="true" className="size-3.5" />
          Add Link
        </button>
        <button type="button" className={smallButtonClass.secondary} onClick={() => setAdding(true)}>
          <ImagePlus aria-hidden="true" className="size-3.5" />
          Add Photo
        </button>
        {(dirty || saving) && (
          <button type="button" className={smallButtonClass.primary} disabled={saving} aria-busy={saving} onClick={() => void save()}>
            {saving ? <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" /> : <Save aria-hidden="true" className="size-3.5" />}
            Save Links
          </button>
        )}
      </div>
      {draft.length > 0 && (
        <div className="grid gap-1.5">
          <h5 className={subheadingClass}>Reference Links</h5>
          <ul className="grid gap-1.5">
            {draft.map((link, index) => (
              <LinkRow
                key={index}
                index={index}
                link={link}
                onChange={(value) => setDraft((links) => links.map((entry, i) => (i === index ? value : entry)))}
                onRemove={() => setDraft((links) => links.filter((_, i) => i !== index))}
              />
            ))}
          </ul>
        </div>
      )}
      {images.length > 0 && (
        <div className="grid gap-1.5">
          <h5 className={subheadingClass}>Reference Images</h5>
          <ImageList images={images} label="Reference Images" onChange={onImagesChange} />
        </div>
      )}
      <OnceOpened open={adding}>
        <AddPhotoDialog itemId={itemId} open={adding} onOpenChange={setAdding} existing={images} onAdd={(url) => onImagesChange([...images, url])} />
      </OnceOpened>
    </div>
  );
}

const subheadingClass = 'text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400';

function LinkRow({ index, link, onChange, onRemove }: { index: number; link: string; onChange: (value: string) => void; onRemove: () => void }) {
  const href = safeHref(link);
  return (
    <li className="flex items-center gap-1">
      <Link2 aria-hidden="true" className="size-4 shrink-0 text-gray-400" />
      <input value={link} onChange={(event) => onChange(event.target.value)} aria-label={`Link ${index + 1}`} className={smallInputClass} />
      {href && (
        <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`Open link ${index + 1}`} title="Open link" className={`${smallIconButton} print:hidden`}>
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      )}
      <button type="button" onClick={onRemove} aria-label={`Remove link ${index + 1}`} title="Remove link" className={`${smallIconButton} print:hidden`}>
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
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
}: {
  itemId: string;
  part: string;
  links: readonly string[];
  images: readonly string[];
  onLinksChange: (links: string[]) => void;
  onImagesChange: (images: string[]) => void;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap gap-1.5 print:hidden">
        <button
          type="button"
          aria-label={`Add ${part} link`}
          className={smallButtonClass.secondary}
          onClick={() => {
            const next = promptForLink(links);
            if (next) onLinksChange(next);
          }}
        >
          <Plus aria-hidden="true" className="size-3.5" />
          Link
        </button>
        <button type="button" aria-label={`Add ${part} photo`} className={smallButtonClass.secondary} onClick={() => setAdding(true)}>
          <ImagePlus aria-hidden="true" className="size-3.5" />
          Photo
        </button>
      </div>
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
                  className={`${smallIconButton} print:hidden`}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {images.length > 0 && <ImageList images={images} label={`${part} Images`} onChange={onImagesChange} />}
      <OnceOpened open={adding}>
        <AddPhotoDialog itemId={itemId} open={adding} onOpenChange={setAdding} existing={images} onAdd={(url) => onImagesChange([...images, url])} />
      </OnceOpened>
    </div>
  );
}

function ImageList({ images, label, onChange }: { images: readonly string[]; label: string; onChange: (images: string[]) => void }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {images.map((src, index) => (
        <li key={src} className="relative size-20 overflow-hidden rounded-md border border-gray-200 dark:border-gray-700">
          <Thumbnail src={src} alt={`${label} ${index + 1}`} />
          <button
            type="button"
            onClick={() => onChange(images.filter((image) => image !== src))}
            aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
            title="Remove image"
            className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-blue-600 print:hidden"
          >
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
