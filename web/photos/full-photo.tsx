import { useState } from 'react';
import type { Markup } from '../../events/uploads/markup';
import { safeImageSrc } from '../../events/projects/checklist-layout';
import { ImagePlaceholder } from './image-placeholder';
import { MarkupOverlay, markupDescription } from './markup-shapes';

/** The full image, as large as the dialog allows, its markup over it (the box shrinks to the image, so the overlay matches it). */
export function FullPhoto({ src, alt, markup }: { src: string; alt: string; markup?: Markup }) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [broken, setBroken] = useState(false);
  const safe = safeImageSrc(src);
  if (broken || !safe) return <ImagePlaceholder className="mx-auto size-32" />;
  const description = markup ? markupDescription(markup) : '';
  return (
    <figure className="grid justify-items-center">
      <div className="relative inline-block max-w-full">
        <img
          src={safe}
          alt={description ? `${alt}. ${description}` : alt}
          decoding="async"
          onLoad={(event) => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
          onError={() => setBroken(true)}
          className="block max-h-[65vh] w-auto max-w-full rounded-md"
        />
        {markup && size && <MarkupOverlay markup={markup} width={size.width} height={size.height} />}
      </div>
    </figure>
  );
}

