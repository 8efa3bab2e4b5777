import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { conflict, DomainError, invalid } from '../../events/errors';
import { itemDecider } from '../../events/projects/item';
import { projectDecider } from '../../events/projects/project';
import { MAX_PHOTO_BYTES, photoMessages, type PublishAnswer, type PublishInput } from '../../events/uploads/photo-rules';
import type { Caller } from '../commands/caller';
import { inProject, runCommands } from '../commands/run-commands';
import { itemViews } from '../projections/item-views';
import { projectViews } from '../projections/project-views';
import { accessibleItemLocation } from '../projects/item-access';
import { accessibleProject } from '../projects/project-access';
import { newPublishedKey, objectPathOf, originalKeyOf, parseUploadURL, thumbnailKeyOf, tokenOfUploadKey } from './object-keys';
import { releasePendingUpload } from './pending-uploads';
import { displayCopy, servedExtensions, thumbnailCopy } from './photo-copies';
import { photoEvidence } from './photo-evidence';
import { answerOf, findPhotoRecord, savePhotoRecord } from './photo-records';
import { sniffImage, SNIFF_BYTES } from './sniff-image';
import { copyObject, deleteObject, headObject, ObjectChangedError, putObject, readFirstBytes, readObject } from './upload-bucket';
import { assertProjectMember } from './uploader-membership';
import { assertStorageRoom, storageWrite } from '../tenants/quotas';
import { getTenant } from '../tenants/tenant-record';
import { claimPublish, findUploadRecord, markPublished, releasePublishClaim } from './upload-records';

/**
 * Publishing an upload (spec sections 7 and 8, issue 30): it checks what actually arrived (size
 * against what was declared, image bytes) before publishing a copy under `objects/`, served to
 * the project's people only. s3rver enforces no policy, so that check holds wherever the bucket is.
 */

const notYours = () => invalid('objectURL', 'This is not an upload URL you were given. Ask for a new one and upload the photo again.');

/** Where a photo belongs: an item (its project's history and stream) or the project itself. */
type PhotoOwner =
  | { readonly kind: 'item'; readonly itemId: string; readonly location: Awaited<ReturnType<typeof accessibleItemLocation>> }
  | { readonly kind: 'project'; readonly access: Awaited<ReturnType<typeof accessibleProject>> };

const projectOf = (owner: PhotoOwner) => (owner.kind === 'item' ? owner.location.projectId : owner.access.summary.id);
/** The company whose project the photo is for: its storage counts against that tenant's plan. */
const tenantOf = (owner: PhotoOwner) => (owner.kind === 'item' ? owner.location.tenantId : owner.access.summary.contractorId);

/** The item or project named, if the caller may see it (404 otherwise); an item of another project than `projectId` is that field's 400. */
async function photoOwner(caller: Caller, input: PublishInput): Promise<PhotoOwner> {
  if (input.itemId !== undefined) {
    const location = await accessibleItemLocation(caller.principal, input.itemId);
    if (input.projectId !== undefined && input.projectId !== location.projectId) throw invalid('projectId', 'must be the project of the item itemId names');
    return { kind: 'item', itemId: input.itemId, location };
  }
  if (input.projectId === undefined) throw invalid('projectId', photoMessages.projectRequired);
  return { kind: 'project', access: await accessibleProject(caller.principal, input.projectId) };
}

/**
 * Publishes the caller's upload at `objectURL` as a photo of a project (or one of its items),
 * and answers where it is served with the evidence taken of it (issue 30). The original is kept
 * private under `originals/` and hashed; what is served is a copy re-encoded without metadata,
 * plus a thumbnail (photo-copies.ts); the photo's record (photo-records.ts) says whose it is.
 * Safe to repeat: the same upload published again (also after its upload was deleted, or by
 * requests racing each other) answers the same thing, and records one event. A refused upload
 * (too large, cut off, not an image, HEIC) is deleted and nothing is published.
 */
export async function publishUpload(caller: Caller, input: PublishInput): Promise<PublishAnswer> {
  const upload = parseUploadURL(input.objectURL);
  if (!upload) throw invalid('objectURL', "must be where the upload went: POST /api/objects/upload's uploadURL, '/', and its fields' key");
  if (upload.userId !== caller.principal.userId) throw notYours();
  await assertProjectMember(caller.principal);
  const record = await findUploadRecord(upload.key);
  // The same answer for a key never handed out, someone else's, or ours named on another host or bucket.
  if (!record || record.userId !== caller.principal.userId || record.location !== upload.location) throw notYours();
  const owner = await photoOwner(caller, input);
  const earlier = await publishedAnswer(upload.key);
  if (earlier) return earlier;
  // One request does the work (reads, encodes, writes); a repeat racing it waits for its answer.
  if (!(await claimPublish(upload.key))) return answerOfRacingPublish(upload.key);
  try {
    return await publishChecked(caller, input, upload.key, owner);
  } catch (error) {
    // A request racing this one published the upload and deleted it under this one's feet.
    const answer = await publishedAnswer(upload.key);
    if (answer) return answer;
    // Refused or failed: a repeat may try again at once rather than wait for a claim nobody holds.
    await releasePublishClaim(upload.key);
    throw error;
  }
}

const RACE_POLLS = 60;
const RACE_POLL_MS = 250;

/** The answer the request that claimed the publish gives, once it is there (a refused upload: its refusal). */
async function answerOfRacingPublish(uploadKey: string): Promise<PublishAnswer> {
  for (let poll = 0; poll < RACE_POLLS; poll++) {
    await sleep(RACE_POLL_MS);
    // The upload is deleted once refused, or once published. Looked at first, its absence is then
    // told apart by the answer (looked at the other way round, a publish that completed in between
    // was taken for a refusal).
    const deleted = !(await headObject(uploadKey));
    const answer = await publishedAnswer(uploadKey);
    if (answer) return answer;
    if (deleted) throw invalid('objectURL', photoMessages.refusedMeanwhile);
  }
  throw conflict('This photo is still being published. Please try again in a moment.');
}

/**
 * The answer of an upload already published, if it was: its upload record names the path once
 * the publish is done; while one is under way, its photo record is already at the path the
 * upload's token gives (either served format).
 */
async function publishedAnswer(uploadKey: string): Promise<PublishAnswer | undefined> {
  const record = await findUploadRecord(uploadKey);
  const token = tokenOfUploadKey(uploadKey);
  const paths = record?.objectPath ? [record.objectPath] : servedExtensions.map((extension) => objectPathOf(newPublishedKey(extension, token)));
  for (const path of paths) {
    const published = await findPhotoRecord(path);
    if (published) return answerOf(published);
  }
  return undefined;
}

/** The publish itself, by the request that claimed it: checks, evidence, copies, record, event. */
async function publishChecked(caller: Caller, input: PublishInput, uploadKey: string, owner: PhotoOwner): Promise<PublishAnswer> {
  const head = await headObject(uploadKey);
  if (!head) throw invalid('objectURL', 'Nothing has been uploaded to this URL yet.');
  if (head.bytes > MAX_PHOTO_BYTES) {
    await refused(caller, uploadKey);
    throw new DomainError('too_large', photoMessages.tooLarge, { objectURL: [photoMessages.tooLarge] });
  }
  // A POST cut off halfway: S3 would not have stored it, s3rver does. Never published.
  if (input.bytes !== undefined && input.bytes !== head.bytes) {
    await refused(caller, uploadKey);
    throw invalid('bytes', photoMessages.bytesMismatch);
  }
  const kind = head.bytes > 0 ? sniffImage(await changedAsConflict(() => readFirstBytes(uploadKey, SNIFF_BYTES, head.etag))) : undefined;
  if (!kind) {
    await refused(caller, uploadKey);
    throw invalid('objectURL', photoMessages.notAnImage);
  }
  if (kind.extension === 'heic' || kind.extension === 'heif') {
    await refused(caller, uploadKey);
    throw invalid('objectURL', photoMessages.heic);
  }

  const original = await changedAsConflict(() => readObject(uploadKey, head.etag));
  const prepared = await preparedCopies(original).catch(async (error: unknown) => {
    if (!(error instanceof UndecodableImage)) throw error;
    await refused(caller, uploadKey);
    throw invalid('objectURL', photoMessages.notAnImage);
  });
  const evidence = photoEvidence({
    bytes: original,
    contentType: kind.contentType,
    exif: prepared.exif,
    deviceCapturedAt: input.capturedAt,
    includeLocation: input.includeLocation,
    browserLocation: input.location,
    now: new Date(),
  });

  // The plan's storage (issue 31): the original and its served copies, refused before any is written, counted with the event.
  const tenant = await getTenant(tenantOf(owner));
  const storedBytes = original.length + prepared.display.bytes.length + prepared.thumbnail.bytes.length;
  try {
    assertStorageRoom(tenant, storedBytes);
  } catch (error) {
    await refused(caller, uploadKey);
    throw error;
  }
  const stored = storageWrite(tenant, storedBytes);

  // Named after the upload's token: publishes of one upload racing each other write the same objects.
  const publishedKey = newPublishedKey(prepared.display.extension, tokenOfUploadKey(uploadKey));
  const objectPath = objectPathOf(publishedKey);
  await changedAsConflict(() => copyObject(uploadKey, originalKeyOf(publishedKey), kind.contentType, head.etag));
  await putObject(publishedKey, prepared.display.bytes, prepared.display.contentType);
  await putObject(thumbnailKeyOf(publishedKey), prepared.thumbnail.bytes, prepared.thumbnail.contentType);
  const saved = await savePhotoRecord({
    objectPath,
    projectId: projectOf(owner),
    itemId: owner.kind === 'item' ? owner.itemId : null,
    uploadedBy: caller.principal.userId,
    sha256: evidence.sha256,
    evidence,
    originalKey: originalKeyOf(publishedKey),
    thumbnailKey: thumbnailKeyOf(publishedKey),
    publishedAt: new Date().toISOString(),
  });
  const answer = answerOf(saved.record)!;
  // Published by a request that ran at the same time: it records the event.
  if (!saved.first) return answer;

  // Recorded once the photo is published, so the history never names a photo that is not there.
  const photo = { objectPath, contentType: evidence.contentType, bytes: evidence.bytes, sha256: evidence.sha256, capturedAt: evidence.capturedAt, capturedAtSource: evidence.capturedAtSource, location: evidence.location };
  // The answer is kept with the Idempotency-Key: a replay answers the same.
  if (owner.kind === 'item') {
    await runCommands(itemDecider, inProject(owner.location, owner.itemId), [{ type: 'recordPhoto', photo }], { by: caller, projection: itemViews(owner.location), writes: [stored], respond: () => answer });
  } else {
    const target = { projectId: owner.access.summary.id, tenantId: owner.access.summary.contractorId };
    await runCommands(projectDecider, inProject(target), [{ type: 'recordPhoto', photo }], { by: caller, projection: projectViews, head: owner.access.head, writes: [stored], respond: () => answer });
  }
  await markPublished(uploadKey, objectPath);
  await releasePendingUpload(caller.principal.userId, tokenOfUploadKey(uploadKey));
  await deleteObject(uploadKey);
  return answer;
}

class UndecodableImage extends Error {}

/** The served copies of an original, and its EXIF block; an image sharp cannot decode is refused as not an image. */
async function preparedCopies(original: Uint8Array) {
  try {
    const { exif } = await sharp(original, { limitInputPixels: 100_000_000 }).metadata();
    return { exif, display: await displayCopy(original), thumbnail: await thumbnailCopy(original) };
  } catch (error) {
    throw new UndecodableImage((error as Error).message);
  }
}

/** A refused upload is deleted, and no longer holds one of the account's pending places. */
async function refused(caller: Caller, uploadKey: string): Promise<void> {
  await deleteObject(uploadKey);
  await releasePendingUpload(caller.principal.userId, tokenOfUploadKey(uploadKey));
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
