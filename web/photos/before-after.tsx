import type { ChecklistItem } from '../../contract/projects';
import { markupOf, type PhotoPair } from './item-photos';
import { FullPhoto } from './full-photo';

/** A before / after pair (issue 30): side by side, stacked on a phone, each labelled, each with its markup. */
export function BeforeAfter({ pair, item, nameOf }: { pair: PhotoPair; item: ChecklistItem; nameOf: (path: string) => string }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2" data-testid="before-after">
      {(
        [
          ['Before', pair.before],
          ['After', pair.after],
        ] as const
      ).map(([side, path]) => (
        <section key={side} aria-label={side} className="grid content-start gap-1.5">
          <h3 className="text-sm font-semibold">{side}</h3>
          <FullPhoto src={path} alt={`${side}: ${nameOf(path)}`} markup={markupOf(item, path)} />
        </section>
      ))}
    </div>
  );
}
