import canonicalize from 'canonicalize';
import { DomainError, invalid } from '../errors';
import type { Markup, PhotoPair } from '../uploads/markup';
import { publishedKeyOf } from '../uploads/object-paths';
import { EDIT_CONFLICT_MESSAGE, textConflicts } from './edit-base';
import type { CabinetDetails, ItemEvent } from './events';
import type { ItemState } from './item-state';

/**
 * An item's photos as markup and before / after pairs see them (issue 30): the uploaded photos
 * (`/objects/…` paths) among its reference images, its cabinet parts' images and its cabinet
 * images. Markup and pairs may name only these; the checks of both commands are here.
 */

const cabinetImageKeys = ['styleImages', 'woodImages', 'colorImages', 'pullsImages', 'specialFeaturesImages'] as const;

export function uploadedPhotosOf(item: { readonly referenceImages: readonly string[]; readonly cabinetImages: readonly string[]; readonly cabinetDetails: CabinetDetails | null }): string[] {
  const cabinet = item.cabinetDetails ?? {};
  const all = [...item.referenceImages, ...cabinetImageKeys.flatMap((key) => cabinet[key] ?? []), ...item.cabinetImages];
  return [...new Set(all.filter((ref) => publishedKeyOf(ref) !== undefined))];
}

export const notThisItemsPhoto = "must be one of this item's uploaded photos";

/** The markup of one photo set (or removed: null); with `base` (field mode) someone else's different markup since is a conflict. */
export function decidePhotoMarkup(state: ItemState, objectPath: string, markup: Markup | null, base: Markup | null | undefined): ItemEvent[] {
  const from = state.photoMarkup[objectPath] ?? null;
  // Removing the markup of a photo that left the item is allowed: the markup must be removable.
  if (markup !== null && !uploadedPhotosOf(state).includes(objectPath)) throw invalid('photoMarkup.objectPath', notThisItemsPhoto);
  if (base !== undefined && textConflicts(from, base, markup)) throw new DomainError('conflict', EDIT_CONFLICT_MESSAGE, { photoMarkup: [EDIT_CONFLICT_MESSAGE] });
  if (canonicalize(from) === canonicalize(markup)) return [];
  return [{ type: 'PhotoMarkupSet', data: { objectPath, from, to: markup } }];
}

/** The item's before / after pairs, as a whole list: each of two different photos of the item, no pair twice. */
export function decidePhotoPairs(state: ItemState, pairs: readonly PhotoPair[]): ItemEvent[] {
  const photos = uploadedPhotosOf(state);
  const seen = new Set<string>();
  pairs.forEach((pair, i) => {
    if (!photos.includes(pair.before)) throw invalid(`photoPairs.${i}.before`, notThisItemsPhoto);
    if (!photos.includes(pair.after)) throw invalid(`photoPairs.${i}.after`, notThisItemsPhoto);
    if (pair.before === pair.after) throw invalid(`photoPairs.${i}.after`, 'must be another photo than before');
    const key = `${pair.before}\n${pair.after}`;
    if (seen.has(key)) throw invalid(`photoPairs.${i}`, 'is already paired');
    seen.add(key);
  });
  const to = pairs.map(({ before, after }) => ({ before, after }));
  return canonicalize(state.photoPairs) === canonicalize(to) ? [] : [{ type: 'PhotoPairsChanged', data: { from: [...state.photoPairs], to } }];
}

/** The item's markup after one was set (a removed one leaves no key). */
export function withMarkup(state: ItemState, objectPath: string, markup: Markup | null): Readonly<Record<string, Markup>> {
  const { [objectPath]: _, ...rest } = state.photoMarkup;
  return markup ? { ...rest, [objectPath]: markup } : rest;
}
