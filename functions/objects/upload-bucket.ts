import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { MAX_PHOTO_BYTES } from '../../events/uploads/photo-rules';
import { s3 } from '../adapters/s3';
import { config } from '../config';

/** The uploads bucket, as the photo upload uses it: the only module here that talks to S3. */

/** Presigned upload forms are short-lived: the browser posts right after asking. */
export const UPLOAD_URL_LIFETIME_SECONDS = 15 * 60;

/**
 * A form (a presigned POST policy) the browser can send one file with, to `key`, for a short
 * while. The size is not known when it is asked for (the spec's call has no body), so the policy
 * bounds it instead: S3 refuses a file over MAX_PHOTO_BYTES, or one not declared image/*, before
 * it lands. s3rver does not enforce policies: publishing checks size and bytes all the same.
 */
export async function presignUploadForm(key: string): Promise<{ url: string; fields: Record<string, string> }> {
  return createPresignedPost(s3(), {
    Bucket: config().uploadsBucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, MAX_PHOTO_BYTES],
      ['starts-with', '$Content-Type', 'image/'],
    ],
    Expires: UPLOAD_URL_LIFETIME_SECONDS,
  });
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** Size and version (ETag) of an object, or undefined when there is none. */
export async function headObject(key: string): Promise<{ bytes: number; etag: string } | undefined> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: config().uploadsBucket, Key: key }));
    return { bytes: head.ContentLength ?? 0, etag: head.ETag ?? '' };
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw error;
  }
}

/** Thrown when an object was replaced after it was checked (its ETag changed). */
export class ObjectChangedError extends Error {
  constructor(key: string) {
    super(`${key} changed while it was being checked`);
    this.name = 'ObjectChangedError';
  }
}

/** Turns S3's 412 (the If-Match version is gone) into ObjectChangedError. */
async function ifUnchanged<T>(key: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (statusOf(error) === 412) throw new ObjectChangedError(key);
    throw error;
  }
}

/** The first `count` bytes of the version `etag` of an object (fewer if it is shorter; none if empty). */
export async function readFirstBytes(key: string, count: number, etag: string): Promise<Uint8Array> {
  return ifUnchanged(key, async () => {
    const object = await s3().send(
      new GetObjectCommand({ Bucket: config().uploadsBucket, Key: key, Range: `bytes=0-${count - 1}`, IfMatch: etag || undefined }),
    );
    return object.Body ? (await object.Body.transformToByteArray()).subarray(0, count) : new Uint8Array();
  });
}

/** The whole version `etag` of an object (an upload is at most MAX_PHOTO_BYTES: read into memory). */
export async function readObject(key: string, etag: string): Promise<Uint8Array> {
  return ifUnchanged(key, async () => {
    const object = await s3().send(new GetObjectCommand({ Bucket: config().uploadsBucket, Key: key, IfMatch: etag || undefined }));
    return object.Body ? object.Body.transformToByteArray() : new Uint8Array();
  });
}

/** An object's bytes and stored type, or undefined when there is none. */
export async function getObject(key: string): Promise<{ bytes: Uint8Array; contentType: string; etag: string } | undefined> {
  try {
    const object = await s3().send(new GetObjectCommand({ Bucket: config().uploadsBucket, Key: key }));
    return { bytes: object.Body ? await object.Body.transformToByteArray() : new Uint8Array(), contentType: object.ContentType ?? 'application/octet-stream', etag: object.ETag ?? '' };
  } catch (error) {
    if (statusOf(error) === 404 || (error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

/**
 * Stored copies are served by the photo route to the project's people only (issue 30), never
 * from a shared cache: what S3 keeps says so too.
 */
const PRIVATE = 'private, no-cache';

/** Writes a served copy (the display copy, a thumbnail). */
export async function putObject(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: config().uploadsBucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: PRIVATE }));
}

/**
 * Copies the version `etag` of `from` to `to` with the given Content-Type (the type the bytes
 * showed, not the one the browser declared): the original of a photo, kept as uploaded.
 */
export async function copyObject(from: string, to: string, contentType: string, etag: string): Promise<void> {
  const bucket = config().uploadsBucket;
  await ifUnchanged(from, () =>
    s3().send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: to,
        CopySource: `${bucket}/${from}`,
        CopySourceIfMatch: etag || undefined,
        MetadataDirective: 'REPLACE',
        ContentType: contentType,
        CacheControl: PRIVATE,
      }),
    ),
  );
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config().uploadsBucket, Key: key }));
}
