import { createContext } from 'react';
import type { ChecklistItem } from '../../contract/projects';
import type { Markup, PhotoPair } from '../../events/uploads/markup';

export type { PhotoPair };

/**
 * An item's photos' extra layers (issue 30): each photo's markup (by its `/objects/…` path) and the
 * before / after pairs, as the item has them, and how to change them (PATCH
 * /api/checklist-items/{id} through the outbox, so it works offline). The item card provides it.
 */
export interface PhotoLayersPatch {
  readonly photoMarkup?: { readonly objectPath: string; readonly markup: Markup | null };
  readonly photoPairs?: readonly PhotoPair[];
}

/** The markup as the editor saw it (null: none): a different one saved since is the server's 409. */
export interface PhotoLayersBase {
  readonly photoMarkup?: Markup | null;
}

export interface ItemPhotos {
  readonly item: ChecklistItem;
  readonly save: (patch: PhotoLayersPatch, base?: PhotoLayersBase) => Promise<unknown>;
}

export const ItemPhotosContext = createContext<ItemPhotos | null>(null);

export const markupOf = (item: ChecklistItem, objectPath: string): Markup | undefined => item.photoMarkup?.[objectPath];
export const pairsOf = (item: ChecklistItem): readonly PhotoPair[] => item.photoPairs ?? [];

/** The pair a photo is in, if any. */
export function pairOf(item: ChecklistItem, objectPath: string): PhotoPair | undefined {
  return pairsOf(item).find((pair) => pair.before === objectPath || pair.after === objectPath);
}
