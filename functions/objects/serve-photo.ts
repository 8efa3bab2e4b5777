import { forbidden } from '../../events/errors';
import type { Principal } from '../auth/session-token';
import type { ProjectSummaryView } from '../projections/project-views';
import { isMember } from '../projects/read';
import { stateKeys } from '../store/keys';
import { getStateItems } from '../store/view-table';
import { PUBLISHED_PREFIX, servedObjectKey, thumbnailKeyOf } from './object-keys';
import { thumbnailCopy } from './photo-copies';
import { findPhotoRecord, photoRecordOf } from './photo-records';
import { getObject } from './upload-bucket';

/**
 * A photo for the browser (issue 30): only the people of the project its record names (its
 * contractor, its assigned client) may see it. Everyone else gets the same 403: a stranger with
 * the URL, a client the project has since moved away from, a signed-out browser; and so does a
 * path no photo record names (whether or not there is an object at it is nobody's business).
 */

export const notYourPhoto = 'This photo belongs to a project you are not part of (or you are signed out). Sign in as one of its people to see it.';

export interface ServedPhoto {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  readonly etag: string;
}

/** What the photo route reads with the session (httpHandler's `preload`): the record of the path, when it can name a photo. */
export const photoRecordPreload = ({ key }: { key: string }) => (servedObjectKey(objectPathOfKey(key)) ? [stateKeys.photo(objectPathOfKey(key))] : []);

const objectPathOfKey = (key: string) => `/${PUBLISHED_PREFIX}${key}`;

/**
 * The photo at `objectPath` (the display copy, or with `thumbnail` its small version) for
 * `principal`; 403 if they may not see it, undefined if it is gone. `preloaded`: the route's
 * preload (its key, and the record read with the session, if any): used when it names this path.
 */
export async function photoFor(
  principal: Principal | undefined,
  objectPath: string,
  thumbnail: boolean,
  preloaded?: { key: string; item: Record<string, unknown> | undefined },
): Promise<ServedPhoto | undefined> {
  const key = servedObjectKey(objectPath);
  const known = preloaded && objectPathOfKey(preloaded.key) === objectPath ? { record: preloaded.item && photoRecordOf(preloaded.item) } : undefined;
  const record = key && principal ? (known ? known.record : await findPhotoRecord(objectPath)) : undefined;
  if (!key || !principal || !record) throw forbidden(notYourPhoto);
  const [summary] = await getStateItems<[ProjectSummaryView]>([stateKeys.projectSummary(record.projectId)]);
  if (!summary || !isMember(summary, principal)) throw forbidden(notYourPhoto);
  if (!thumbnail) return getObject(key);
  const made = await getObject(record.thumbnailKey ?? thumbnailKeyOf(key));
  if (made) return made;
  // A photo published before thumbnails existed, until `npm run views:rebuild` makes its
  // thumbnail (photo-backfill.ts): made from the served copy for this answer. A GET writes nothing.
  const display = await getObject(key);
  if (!display) return undefined;
  // One sharp cannot decode (an old HEIC upload): the photo itself stands in for its thumbnail.
  const small = await thumbnailCopy(display.bytes).catch(() => undefined);
  return small ? { bytes: small.bytes, contentType: small.contentType, etag: '' } : display;
}
