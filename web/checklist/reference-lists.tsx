import { ExternalLink, Link2, X } from 'lucide-react';
import { safeHref } from './model';
import { smallInputClass } from '../components/input';
import { cardIconButtonClass } from './ui';

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

/** An item's (or a cabinet part's) images: thumbnails that open the full photo, its markup and before / after (issue 30). */
export { PhotoList as ImageList } from '../photos/photo-list';
