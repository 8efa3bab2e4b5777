import { CloudUpload, ExternalLink, Link2, X } from 'lucide-react';
import { safeHref } from './model';
import { smallInputClass } from '../components/input';
import { cardIconButtonClass, Thumbnail } from './ui';

/** An item's (or a cabinet part's) reference links being edited, and reference images: fetched with the first (references.tsx). */

/** The links of an item, each editable, openable when it is an address, and removable; saved by 'Save Links'. */
export function LinkList({ links, onChange }: { links: readonly string[]; onChange: (links: string[]) => void }) {
  return (
    <ul aria-label="Reference Links" className="grid gap-1">
      {links.map((link, index) => (
        <LinkRow
          key={index}
          index={index}
          link={link}
          onChange={(value) => onChange(links.map((entry, i) => (i === index ? value : entry)))}
          onRemove={() => onChange(links.filter((_, i) => i !== index))}
        />
      ))}
    </ul>
  );
}

function LinkRow({ index, link, onChange, onRemove }: { index: number; link: string; onChange: (value: string) => void; onRemove: () => void }) {
  const href = safeHref(link);
  return (
    <li className="flex items-center gap-1">
      <Link2 aria-hidden="true" className="size-4 shrink-0 text-gray-400" />
      <input value={link} onChange={(event) => onChange(event.target.value)} aria-label={`Link ${index + 1}`} className={smallInputClass} />
      {href && (
        <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`Open link ${index + 1}`} title="Open link" className={`${cardIconButtonClass} print:hidden`}>
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      )}
      <button type="button" onClick={onRemove} aria-label={`Remove link ${index + 1}`} title="Remove link" className={`${cardIconButtonClass} print:hidden`}>
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/**
 * An item's (or a cabinet part's) images, each removable; then the photos taken offline that wait
 * to upload (issue 29), shown from the device and marked so.
 */
export function ImageList({
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
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {images.map((src, index) => (
        <li key={src} className="relative size-16 overflow-hidden rounded-md border border-gray-200 dark:border-gray-700">
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
      {waiting.map((photo, index) => (
        <li key={photo.id} data-testid="waiting-photo" className="relative size-16 overflow-hidden rounded-md border border-dashed border-gray-400 dark:border-gray-500">
          <img src={photo.url} alt={`${label} ${images.length + index + 1}, waiting to upload`} className="size-full object-cover opacity-70" />
          <span aria-hidden="true" className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-0.5 bg-black/75 px-0.5 py-px text-center text-[0.625rem] leading-3 font-medium text-white">
            <CloudUpload className="size-3 shrink-0" />
            Waiting to upload
          </span>
        </li>
      ))}
    </ul>
  );
}
