import { lazy, Suspense, use, useState } from 'react';
import { publishedKeyOf } from '../../events/uploads/object-paths';
import { serverMessage } from '../api/errors';
import { buttonClass } from '../components/button';
import { ModalDialog } from '../components/dialog';
import { toast } from '../components/toast';
import { BeforeAfter } from './before-after';
import { FullPhoto } from './full-photo';
import { ItemPhotosContext, markupOf, pairOf, pairsOf, type ItemPhotos, type PhotoPair } from './item-photos';

// The editor (pointer drawing, perfect-freehand) is fetched when Mark up is first pressed.
const MarkupEditor = lazy(() => import('./markup-editor'));

/**
 * A photo opened from the checklist (issue 30): the full image with its markup over it, in a
 * dialog (Escape or Close closes it, focus goes back to the thumbnail). A published photo can be
 * marked up and paired with a later photo of the same item (then both show side by side, 'Before'
 * and 'After'), or unpaired.
 */
export default function PhotoLightbox({
  images,
  label,
  opened,
  onOpen,
}: {
  images: readonly string[];
  label: string;
  opened: string | null;
  onOpen: (src: string | null) => void;
}) {
  // Kept while the dialog closes, so its content does not vanish under the animation.
  const [shown, setShown] = useState(opened);
  if (opened !== null && opened !== shown) setShown(opened);
  const index = shown ? images.indexOf(shown) : -1;
  return (
    <ModalDialog open={opened !== null} onOpenChange={(open) => !open && onOpen(null)} title={`${label} ${index + 1}`} widthClass="max-w-4xl">
      {shown && <LightboxBody key={shown} src={shown} images={images} label={label} />}
    </ModalDialog>
  );
}

function LightboxBody({ src, images, label }: { src: string; images: readonly string[]; label: string }) {
  const photos = use(ItemPhotosContext);
  const [mode, setMode] = useState<'view' | 'edit' | 'pair'>('view');
  const published = publishedKeyOf(src) !== undefined;
  const nameOf = (path: string) => `${label} ${images.indexOf(path) + 1}`;

  if (mode === 'edit' && photos) {
    return (
      <Suspense fallback={<p className="text-sm">Opening the editor…</p>}>
        <MarkupEditor src={src} alt={nameOf(src)} saved={markupOf(photos.item, src)} save={photos.save} onDone={() => setMode('view')} />
      </Suspense>
    );
  }
  const pair = photos && published ? pairOf(photos.item, src) : undefined;
  return (
    <div className="grid gap-4">
      {pair && photos ? <BeforeAfter pair={pair} item={photos.item} nameOf={nameOf} /> : <FullPhoto src={src} alt={nameOf(src)} markup={photos ? markupOf(photos.item, src) : undefined} />}
      {mode === 'pair' && photos && <PairPicker src={src} images={images} nameOf={nameOf} photos={photos} onDone={() => setMode('view')} />}
      {photos && published && mode === 'view' && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass.primary} onClick={() => setMode('edit')}>
            {/* Paired, the button names which of the two it marks up: the one opened. */}
            {`${markupOf(photos.item, src) ? 'Edit markup' : 'Mark up'}${pair ? ` (${pair.before === src ? 'Before' : 'After'})` : ''}`}
          </button>
          {pair ? (
            <button type="button" className={buttonClass.secondary} onClick={() => void savePairs(photos, pairsOf(photos.item).filter((entry) => entry !== pair), 'Unpaired the photos')}>
              Unpair
            </button>
          ) : (
            <button type="button" className={buttonClass.secondary} disabled={images.filter((image) => image !== src && publishedKeyOf(image) && !pairOf(photos.item, image)).length === 0} onClick={() => setMode('pair')}>
              Pair with a later photo
            </button>
          )}
        </div>
      )}
    </div>
  );
}

async function savePairs(photos: ItemPhotos, pairs: readonly PhotoPair[], done: string) {
  try {
    await photos.save({ photoPairs: pairs });
  } catch (error) {
    toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, `${done}: not saved. Please try again.`) });
  }
}

/** 'Pair with a later photo': this one is Before, the one picked After (another published photo of the item, not in a pair yet). */
function PairPicker({ src, images, nameOf, photos, onDone }: { src: string; images: readonly string[]; nameOf: (path: string) => string; photos: ItemPhotos; onDone: () => void }) {
  const candidates = images.filter((image) => image !== src && publishedKeyOf(image) && !pairOf(photos.item, image));
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">Pick the later photo (After)</legend>
      <div className="flex flex-wrap gap-2">
        {candidates.map((image) => (
          <button
            key={image}
            type="button"
            className={buttonClass.secondary}
            onClick={() => {
              onDone();
              void savePairs(photos, [...pairsOf(photos.item), { before: src, after: image }], 'Paired the photos');
            }}
          >
            {nameOf(image)}
          </button>
        ))}
        <button type="button" className={buttonClass.secondary} onClick={onDone}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
