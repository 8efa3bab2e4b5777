import { cabinetParts } from '../../events/projects/checklist-layout';
import type { CabinetDetails } from '../../events/projects/events';
import type { Markup } from '../../events/uploads/markup';

/** Which pictures an item has, in the order the PDF shows them. */

export interface PhotoItem {
  readonly referenceImages: readonly string[];
  readonly cabinetImages: readonly string[];
  readonly cabinetDetails: CabinetDetails | null;
  /** Issue 30: the markup over its photos, by photo path (printed over each). */
  readonly photoMarkup?: Readonly<Record<string, Markup>>;
}

export interface ItemPhoto {
  /** As stored: `/objects/<key>` for an upload, or any URL someone typed. */
  readonly ref: string;
  /** Where it belongs: 'Reference', a cabinet part ('Style' …) or 'Cabinet'. */
  readonly caption: string;
}

/** Cabinet parts as the PDF lists them: the four of the Cabinet Details card, then special features. */
export const pdfCabinetParts = [...cabinetParts, { key: 'specialFeatures', label: 'Special Features' }] as const;

export function itemPhotos(item: PhotoItem): ItemPhoto[] {
  const cabinet = item.cabinetDetails ?? {};
  return [
    ...item.referenceImages.map((ref) => ({ ref, caption: 'Reference' })),
    ...pdfCabinetParts.flatMap(({ key, label }) => (cabinet[`${key}Images`] ?? []).map((ref) => ({ ref, caption: label }))),
    ...item.cabinetImages.map((ref) => ({ ref, caption: 'Cabinet' })),
  ];
}
