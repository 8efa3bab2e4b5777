import { conflict, DomainError, invalid } from '../../events/errors';
import { itemDecider } from '../../events/projects/item';
import type { Caller } from '../commands/caller';
import { inProject, runCommands } from '../commands/run-commands';
import { itemViews } from '../projections/item-views';
import { accessibleItemLocation } from '../projects/item-access';
import { newPublishedKey, newUploadKey, objectPathOf, parseUploadURL, postedObjectLocation } from './object-keys';
import { MAX_PHOTO_BYTES, photoMessages, type PublishAnswer, type UploadAnswer } from '../../events/uploads/photo-rules';
import { sniffImage, SNIFF_BYTES } from './sniff-image';
import { holdPendingUpload, releasePendingUpload } from './pending-uploads';
import { copyObject, deleteObject, headObject, ObjectChangedError, presignUploadForm, readFirstBytes, UPLOAD_URL_LIFETIME_SECONDS } from './upload-bucket';
import { assertProjectMember } from './uploader-membership';
import { findUploadRecord, markPublished, saveUploadRecord } from './upload-records';

/**
 * Photo uploads (spec sections 7 and 8), for members of a project only (403 otherwise): a
 * presigned POST form to a private key bound to the person who asked, whose policy caps the size
 * and the type, and at most PENDING_UPLOADS_PER_ACCOUNT of those at once (429); then publishing,
 * which checks what actually arrived (size, image bytes) before copying it to the public
 * `objects/` prefix. s3rver enforces no policy, so that check holds wherever the bucket is.
 */

type Uploader = Caller['principal'];

export async function requestUpload(principal: Uploader, now = new Date()): Promise<UploadAnswer> {
  await assertProjectMember(principal);
  const key = newUploadKey(principal.userId);
  await holdPendingUpload(principal.userId, tokenOf(key), new Date(now.getTime() + UPLOAD_URL_LIFETIME_SECONDS * 1000), now);
  const { url, fields } = await presignUploadForm(key);
  await saveUploadRecord(key, { userId: principal.userId, location: postedObjectLocation(url, key) });
  return { uploadURL: url, fields };
}

const tokenOf = (uploadKey: string) => uploadKey.slice(uploadKey.lastIndexOf('/') + 1);

const notYours = () => invalid('objectURL', 'This is not an upload URL you were given. Ask for a new one and upload the photo again.');

/**
 * Publishes the caller's upload at `objectURL` as a photo and answers where it is served. The
 * same upload published again answers the same path. With `itemId`, the caller must see that
 * item (404 otherwise, checked before anything changes) and the publication joins its history.
 * A refused upload (too large, not an image) is deleted.
 */
export async function publishUpload(caller: Caller, input: { objectURL: string; itemId?: string }): Promise<PublishAnswer> {
  const upload = parseUploadURL(input.objectURL);
  if (!upload) throw invalid('objectURL', "must be where the upload went: POST /api/objects/upload's uploadURL, '/', and its fields' key");
  if (upload.userId !== caller.principal.userId) throw notYours();
  await assertProjectMember(caller.principal);
  const record = await findUploadRecord(upload.key);
  // The same answer for a key never handed out, someone else's, or ours named on another host or bucket.
  if (!record || record.userId !== caller.principal.userId || record.location !== upload.location) throw notYours();
  const item = input.itemId === undefined ? undefined : { id: input.itemId, location: await accessibleItemLocation(caller.principal, input.itemId) };
  if (record.objectPath) return { objectPath: record.objectPath };

  const head = await headObject(upload.key);
  if (!head) throw invalid('objectURL', 'Nothing has been uploaded to this URL yet.');
  if (head.bytes > MAX_PHOTO_BYTES) {
    await refused(caller, upload.key);
    throw new DomainError('too_large', photoMessages.tooLarge, { objectURL: [photoMessages.tooLarge] });
  }
  const kind = head.bytes > 0 ? sniffImage(await changedAsConflict(() => readFirstBytes(upload.key, SNIFF_BYTES, head.etag))) : undefined;
  if (!kind) {
    await refused(caller, upload.key);
    throw invalid('objectURL', photoMessages.notAnImage);
  }

  const publishedKey = newPublishedKey(kind.extension);
  await changedAsConflict(() => copyObject(upload.key, publishedKey, kind.contentType, head.etag));
  const published = await markPublished(upload.key, objectPathOf(publishedKey));
  await releasePendingUpload(caller.principal.userId, tokenOf(upload.key));
  if (!published.first) {
    // Published by a request that ran at the same time; it records the item's event.
    await deleteObject(publishedKey);
    return { objectPath: published.objectPath };
  }
  // Recorded once the photo is published, so the history never names a photo that is not there.
  if (item) {
    const command = { type: 'recordPhoto', objectPath: published.objectPath, contentType: kind.contentType, bytes: head.bytes } as const;
    // The answer is kept with the Idempotency-Key: a replay answers the same path.
    const answer = { objectPath: published.objectPath };
    await runCommands(itemDecider, inProject(item.location, item.id), [command], { by: caller, projection: itemViews(item.location), respond: () => answer });
  }
  await deleteObject(upload.key);
  return { objectPath: published.objectPath };
}

/** A refused upload is deleted, and no longer holds one of the account's pending places. */
async function refused(caller: Caller, uploadKey: string): Promise<void> {
  await deleteObject(uploadKey);
  await releasePendingUpload(caller.principal.userId, tokenOf(uploadKey));
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
