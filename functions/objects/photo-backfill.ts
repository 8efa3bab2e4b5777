import type { StoredEvent } from '../../events/envelope';
import { uploadedPhotosOf } from '../../events/projects/item-photos';
import { parseStreamId } from '../../events/streams';
import { publishedKeyOf } from '../../events/uploads/object-paths';
import { listChecklist } from '../projects/read';
import { originalKeyOf, thumbnailKeyOf } from './object-keys';
import { displayCopy, thumbnailCopy } from './photo-copies';
import { findPhotoRecord, savePhotoRecord } from './photo-records';
import { copyObject, getObject, headObject, putObject } from './upload-bucket';

/**
 * Photos published before issue 30 (`npm run views:rebuild` runs this per project): they were
 * public copies of the uploads as they came, EXIF and GPS included, and have no photo record, so
 * the photo route would serve them to no one. Each one an item of the project shows, or a
 * PhotoPublished event of the project names, gets
 *   - its original kept under `originals/` (the bytes as they were served until now),
 *   - its served copy re-encoded in place, without metadata (same path: items keep their links),
 *   - a thumbnail, and
 *   - a record naming the project (and the uploader, from its event), evidence null: none was taken.
 * Idempotent: a photo with a record is left alone. Two passes over all projects: first the photos
 * their PhotoPublished events name (who published it where is on record), then those their items
 * only show (published without an item, before events named them): so a path someone typed into
 * another project's item never takes a photo from the project it was published in.
 */

export type BackfillSource = 'events' | 'items';

export interface BackfillCounts {
  readonly recorded: number;
  readonly missing: number;
}

interface Found {
  readonly objectPath: string;
  readonly itemId: string | null;
  readonly uploadedBy: string | null;
}

/** The project's uploaded photos: those its PhotoPublished events name (with their uploader), or those its items show. */
async function photosOfProject(projectId: string, events: readonly StoredEvent[], source: BackfillSource): Promise<Found[]> {
  const found = new Map<string, Found>();
  for (const event of source === 'events' ? events : []) {
    if (event.type !== 'PhotoPublished') continue;
    const objectPath = (event.data as { objectPath: string }).objectPath;
    const stream = parseStreamId(event.streamId);
    if (publishedKeyOf(objectPath) && !found.has(objectPath)) {
      found.set(objectPath, { objectPath, itemId: stream?.kind === 'item' ? stream.id : null, uploadedBy: event.meta.actorId });
    }
  }
  if (source === 'events') return [...found.values()];
  const { items } = await listChecklist(projectId);
  for (const item of [...items.values()].flat()) {
    for (const objectPath of uploadedPhotosOf({ referenceImages: item.referenceImages ?? [], cabinetImages: item.cabinetImages ?? [], cabinetDetails: item.cabinetDetails ?? null })) {
      if (!found.has(objectPath)) found.set(objectPath, { objectPath, itemId: item.id, uploadedBy: null });
    }
  }
  return [...found.values()];
}

export async function backfillPhotoRecords(projectId: string, events: readonly StoredEvent[], source: BackfillSource): Promise<BackfillCounts> {
  let recorded = 0;
  let missing = 0;
  for (const photo of await photosOfProject(projectId, events, source)) {
    if (await findPhotoRecord(photo.objectPath)) continue;
    const key = publishedKeyOf(photo.objectPath)!;
    const served = await getObject(key);
    if (!served) {
      missing++;
      continue;
    }
    const [originalKey, thumbnailKey] = [originalKeyOf(key), thumbnailKeyOf(key)];
    // Kept first, and only once: a second run must not take the re-encoded copy for the original.
    if (!(await headObject(originalKey))) await copyObject(key, originalKey, served.contentType, served.etag);
    const original = (await getObject(originalKey))!.bytes;
    try {
      const display = await displayCopy(original);
      await putObject(key, display.bytes, display.contentType);
      const thumbnail = await thumbnailCopy(original);
      await putObject(thumbnailKey, thumbnail.bytes, thumbnail.contentType);
    } catch {
      // Not decodable (HEIC, a broken file): recorded all the same, so its people still reach what was there.
    }
    await savePhotoRecord({ objectPath: photo.objectPath, projectId, itemId: photo.itemId, uploadedBy: photo.uploadedBy, sha256: null, evidence: null, originalKey, thumbnailKey, publishedAt: new Date().toISOString() });
    recorded++;
  }
  return { recorded, missing };
}
