import { createContext } from 'react';
import type { ChecklistItem } from '../../contract/projects';
import type { Markup } from '../../events/uploads/markup';

/**
 * An item's photos' extra layers (issue 30): each photo's markup (by its `/objects/…` path) and the
 * before / after pairs, as the item has them, and how to change them (PATCH
 * /api/checklist-items/{id} through the outbox, so it works offline). The item card provides it.
 */
export interface PhotoPair {
  readonly before: string;
  readonly after: string;
}

export interface PhotoLayersPatch {
  readonly photoMarkup?: { readonly objectPath: string; readonly markup: Markup | null };
  readonly photoPairs?: readonly PhotoPair[];
}

export interface ItemPhotos {
  readonly item: ChecklistItem;
  readonly save: (patch: PhotoLayersPatch) => Promise<unknown>;
}

export const ItemPhotosContext = createContext<ItemPhotos | null>(null);

type WithLayers = ChecklistItem & { photoMarkup?: Readonly<Record<string, Markup>>; photoPairs?: readonly PhotoPair[] };

export const markupOf = (item: ChecklistItem, objectPath: string): Markup | undefined => (item as WithLayers).photoMarkup?.[objectPath];
export const pairsOf = (item: ChecklistItem): readonly PhotoPair[] => (item as WithLayers).photoPairs ?? [];

/** The pair a photo is in, and its side. */
export function pairOf(item: ChecklistItem, objectPath: string): PhotoPair | undefined {
  return pairsOf(item).find((pair) => pair.before === objectPath || pair.after === objectPath);
}

