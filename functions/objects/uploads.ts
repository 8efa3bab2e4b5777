import { conflict, DomainError, invalid } from '../../events/errors';
import { itemDecider } from '../../events/projects/item';
import type { Caller } from '../commands/caller';
import { inProject, runCommands } from '../commands/run-commands';
import { itemViews } from '../projections/item-views';
import { accessibleItemLocation } from '../projects/item-access';
import { newPublishedKey, newUploadKey, objectPathOf, parseUploadURL, withoutQuery } from './object-keys';
import { MAX_PHOTO_BYTES, photoMessages, type PublishAnswer, type UploadAnswer } from '../../events/uploads/photo-rules';
import { sniffImage, SNIFF_BYTES } from './sniff-image';
import { copyObject, deleteObject, headObject, ObjectChangedError, presignUpload, readFirstBytes } from './upload-bucket';
import { findUploadRecord, markPublished, saveUploadRecord } from './upload-records';

/**
 * Photo uploads (spec sections 7 and 8): a presigned PUT to a private key bound to the person who
 * asked, then publishing, which checks what actually arrived (size, image bytes) before copying
 * it to the public `objects/` prefix. S3 enforces neither the size nor the type of a presigned
 * PUT (and s3rver checks nothing), so this check is the one that holds.
 */

export async function requestUpload(userId: string): Promise<UploadAnswer> {
  const key = newUploadKey(userId);
  const uploadURL = await presignUpload(key);
  await saveUploadRecord(key, { userId, location: withoutQuery(uploadURL) });
  return { uploadURL };
}

const notYours = () => invalid('objectURL', 'This is not an upload URL you were given. Ask for a new one and upload the photo again.');

/**
 * Publishes the caller's upload at `objectURL` as a photo and answers where it is served. The
 * same upload published again answers the same path. With `itemId`, the caller must see that
 * item (404 otherwise, checked before anything changes) and the publication joins its history.
 * A refused upload (too large, not an image) is deleted.
 */
export async function publishUpload(caller: Caller, input: { objectURL: string; itemId?: string }): Promise<PublishAnswer> {
  const upload = parseUploadURL(input.objectURL);
  if (!upload) throw invalid('objectURL', 'must be the uploadURL that POST /api/objects/upload answered');
  if (upload.userId !== caller.principal.userId) throw notYours();
  const record = await findUploadRecord(upload.key);
  // The same answer for a key never handed out, someone else's, or ours named on another host or bucket.
  if (!record || record.userId !== caller.principal.userId || record.location !== upload.location) throw notYours();
  const item = input.itemId === undefined ? undefined : { id: input.itemId, location: await accessibleItemLocation(caller.principal, input.itemId) };
  if (record.objectPath) return { objectPath: record.objectPath };

  const head = await headObject(upload.key);
  if (!head) throw invalid('objectURL', 'Nothing has been uploaded to this URL yet.');
  if (head.bytes > MAX_PHOTO_BYTES) {
    await deleteObject(upload.key);
    throw new DomainError('too_large', photoMessages.tooLarge, { objectURL: [photoMessages.tooLarge] });
  }
  const kind = head.bytes > 0 ? sniffImage(await changedAsConflict(() => readFirstBytes(upload.key, SNIFF_BYTES, head.etag))) : undefined;
  if (!kind) {
    await deleteObject(upload.key);
    throw invalid('objectURL', photoMessages.notAnImage);
  }

  const publishedKey = newPublishedKey(kind.extension);
  await changedAsConflict(() => copyObject(upload.key, publishedKey, kind.contentType, head.etag));
  const published = await markPublished(upload.key, objectPathOf(publishedKey));
  if (!published.first) {
    // Published by a request that ran at the same time; it records the item's event.
    await deleteObject(publishedKey);
    return { objectPath: published.objectPath };
  }
  // Recorded once the photo is published, so the history never names a photo that is not there.
  if (item) {
    const command = { type: 'recordPhoto', objectPath: published.objectPath, contentType: kind.contentType, bytes: head.bytes } as const;
    await runCommands(itemDecider, inProject(item.location, item.id), [command], { by: caller, projection: itemViews(item.location) });
  }
  await deleteObject(upload.key);
  return { objectPath: published.objectPath };
}

/** The upload was replaced between the checks and the copy (its URL is still valid for a while). */
async function changedAsConflict<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ObjectChangedError) throw conflict('The upload changed while it was being checked. Please publish it again.');
    throw error;
  }
}
