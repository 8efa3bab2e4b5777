import { CloudUpload, X } from 'lucide-react';
import { lazy, Suspense, use, useState } from 'react';
import { publishedKeyOf, thumbnailPathOf } from '../../events/uploads/object-paths';
import { OnceOpened } from '../components/once-opened';
import { useNearScreen } from '../components/use-near-screen';
import { PrintingContext } from '../components/printing';
import { safeImageSrc } from '../../events/projects/checklist-layout';
import { ImagePlaceholder } from './image-placeholder';
import { ItemPhotosContext, markupOf, pairOf } from './item-photos';

// The full image, its markup editor and the before / after view: fetched at the first tap on a photo.
const PhotoLightbox = lazy(() => import('./photo-lightbox'));
// Drawn over a thumbnail only once the image is in (its size known): fetched with the first photo that has markup (issue 32: the checklist's idle budget).
const MarkupOverlay = lazy(() => import('./markup-shapes').then((module) => ({ default: module.MarkupOverlay })));

/** The thumbnail's box in CSS pixels (size-16): its width and height attributes, so nothing moves as it loads. */
const THUMB_PX = 64;
/** How far below (and above) the window a thumbnail is fetched: a quarter screen, in by the time it is scrolled to. */
const NEAR_MARGIN = '25% 0px';

/**
 * An item's (or a cabinet part's) images as thumbnails (issue 30), each removable and opening the
 * full image on tap; then the photos taken offline that wait to upload (issue 29), shown from the
 * device and marked so. A published photo is drawn from its small version (`?size=thumb`), lazily:
 * a checklist of a hundred photos loads no more image bytes than it draws. Its markup lies over it.
 */
export function PhotoList({
  images,
  waiting = [],
  label,
  onChange,
}: {
  images: readonly string[];
  waiting?: readonly { id: string; url: string }[];
  label: string;
  onChange: (images: string[]) => void;
}) {
  const [opened, setOpened] = useState<string | null>(null);
  const photos = use(ItemPhotosContext);
  return (
    <>
      <ul aria-label={label} className="flex flex-wrap gap-1.5">
        {images.map((src, index) => (
          <li key={src} className="relative size-16 overflow-hidden rounded-md border border-gray-200 dark:border-gray-700">
            <PhotoThumb src={src} alt={`${label} ${index + 1}`} onOpen={() => setOpened(src)} />
            {photos && <PairBadge side={sideOf(photos.item, src)} />}
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
        {waiting.map((photo, index) => (
          <li key={photo.id} data-testid="waiting-photo" className="relative size-16 overflow-hidden rounded-md border border-dashed border-gray-400 dark:border-gray-500">
            <img src={photo.url} alt={`${label} ${images.length + index + 1}, waiting to upload`} width={THUMB_PX} height={THUMB_PX} decoding="async" className="size-full object-cover opacity-70" />
            <span aria-hidden="true" className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-0.5 bg-black/75 px-0.5 py-px text-center text-[0.625rem] leading-3 font-medium text-white">
              <CloudUpload className="size-3 shrink-0" />
              Waiting to upload
            </span>
          </li>
        ))}
      </ul>
      <OnceOpened open={opened !== null}>
        <Suspense fallback={null}>
          <PhotoLightbox images={images} label={label} opened={opened} onOpen={setOpened} />
        </Suspense>
      </OnceOpened>
    </>
  );
}

const sideOf = (item: Parameters<typeof pairOf>[0], src: string) => {
  const pair = pairOf(item, src);
  return pair ? (pair.before === src ? 'Before' : 'After') : undefined;
};

function PairBadge({ side }: { side: 'Before' | 'After' | undefined }) {
  if (!side) return null;
  return <span className="pointer-events-none absolute inset-x-0 bottom-0 bg-black/75 px-0.5 py-px text-center text-[0.625rem] leading-3 font-medium text-white">{side}</span>;
}

/**
 * One photo's thumbnail, a button that opens it: a published photo's small version with its markup
 * over it, an address elsewhere as it is. One that does not load (a 403 once signed out or removed
 * from the project, a dead address) shows the placeholder, never a broken image.
 */
export function PhotoThumb({ src, alt, onOpen }: { src: string; alt: string; onOpen: () => void }) {
  const [broken, setBroken] = useState<string | null>(null);
  const [aspect, setAspect] = useState<{ width: number; height: number } | null>(null);
  const photos = use(ItemPhotosContext);
  const printing = use(PrintingContext);
  // Fetched once within a quarter screen of the window (the browser's own lazy loading reaches
  // 1250–2500 px further: five times the photos a first screen shows, bench/photo-bytes.ts); printing draws them all.
  const [nearRef, near] = useNearScreen<HTMLButtonElement>(NEAR_MARGIN);
  const safe = safeImageSrc(src);
  if (broken === src || !safe) return <ImagePlaceholder className="size-full" />;
  const published = publishedKeyOf(src) !== undefined;
  const markup = photos && published ? markupOf(photos.item, src) : undefined;
  const shown = near || printing;
  return (
    <button
      ref={nearRef}
      type="button"
      onClick={onOpen}
      title="Open photo"
      className="relative block size-full cursor-zoom-in bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:bg-gray-800"
    >
      <img
        src={shown ? (published ? thumbnailPathOf(src) : safe) : undefined}
        // Not yet fetched: transparent (no broken-image mark), its box holding the place.
        style={shown ? undefined : { opacity: 0 }}
        alt={alt}
        width={THUMB_PX}
        height={THUMB_PX}
        loading="lazy"
        decoding="async"
        onLoad={(event) => setAspect({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
        onError={() => setBroken(src)}
        className="size-full object-cover"
      />
      {markup && aspect && (
        <Suspense fallback={null}>
          <MarkupOverlay markup={markup} width={aspect.width} height={aspect.height} fit="cover" />
        </Suspense>
      )}
    </button>
  );
}
