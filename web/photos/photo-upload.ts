import AwsS3 from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import { MAX_PHOTO_BYTES, type PublishInput } from '../../events/uploads/photo-rules';
import { callApi } from '../api/call';
import { ApiError } from '../api/client';
import type { PhotoEvidence } from '../offline/outbox/command';

/**
 * Uploading one photo (spec sections 7 and 8): Uppy POSTs the file with the presigned form from
 * the requestUpload route (its policy caps size and type), then publishObject publishes it. This module pulls in Uppy, so
 * the dialog loads it with import() only when an upload starts: the main bundle stays as it was.
 */

/**
 * The outcome of a publish made here (no outbox on the page): the published `/objects/...` path,
 * or `refused` (the server will not publish it, for good: a 4xx naming why). Never the upload's
 * own address: the server deletes it once published, so an item keeping it would keep a dead
 * link (issue 30).
 */
export type UploadOutcome = { readonly url: string } | { readonly refused: string };

/** Publishing is safe to repeat (the same objectURL answers the same): tried this often, waiting longer each time. */
const PUBLISH_TRIES = 5;
const FIRST_WAIT_MS = 500;

/** Uploads the file, then publishes it here (for a page without the outbox; the item card's photos go through it). */
export async function uploadPhoto(
  file: File,
  options: { itemId?: string; projectId?: string; evidence?: PhotoEvidence; onProgress: (fraction: number) => void; signal: AbortSignal },
): Promise<UploadOutcome> {
  const location = await uploadToStorage(file, options);
  const { evidence } = options;
  const body: PublishInput = {
    objectURL: location,
    visibility: 'public',
    itemId: options.itemId,
    projectId: options.projectId,
    bytes: file.size,
    capturedAt: evidence?.capturedAt,
    includeLocation: evidence?.includeLocation ?? false,
    location: evidence?.includeLocation ? evidence.location : undefined,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      return { url: (await callApi('publishObject', { body })).objectPath };
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) return { refused: refusalMessage(error) };
      if (attempt >= PUBLISH_TRIES || options.signal.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, FIRST_WAIT_MS * 2 ** (attempt - 1)));
    }
  }
}

/**
 * The file posted to storage with a presigned form (Uppy, with progress): answers its address
 * there (the form's URL, then its key), which publishing names.
 */
export const uploadToStorage = (file: File, options: { onProgress: (fraction: number) => void; signal: AbortSignal }): Promise<string> => putToStorage(file, options);

/** The form POST, with progress; answers the object's address (the form's URL, then its key). */
async function putToStorage(file: File, { onProgress, signal }: { onProgress: (fraction: number) => void; signal: AbortSignal }): Promise<string> {
  const uppy = new Uppy({
    autoProceed: false,
    // Spec section 9: one file of at most 10 MB. The server checks both again.
    restrictions: { maxNumberOfFiles: 1, maxFileSize: MAX_PHOTO_BYTES },
  }).use(AwsS3, {
    shouldUseMultipart: false,
    signRequest: async (request) => {
      if (request.method !== 'PUT') throw new Error(`Unexpected ${request.method} to storage`);
      const { uploadURL, fields } = await callApi('requestUpload');
      // The policy wants an image type; some browsers leave HEIC photos' blank (the server reads the bytes).
      return { url: uploadURL, fields: { ...fields, 'Content-Type': file.type || 'image/heic' } };
    },
  });
  const cancel = () => uppy.cancelAll();
  signal.addEventListener('abort', cancel);
  try {
    uppy.on('upload-progress', (_file, progress) => {
      if (progress.bytesTotal) onProgress(progress.bytesUploaded / progress.bytesTotal);
    });
    uppy.addFile({ name: file.name, type: file.type, data: file });
    const result = await uppy.upload();
    signal.throwIfAborted();
    const uploaded = result?.successful?.[0]?.uploadURL;
    if (!uploaded) throw new Error(result?.failed?.[0]?.error ?? 'The upload did not finish.');
    return uploaded;
  } finally {
    signal.removeEventListener('abort', cancel);
    uppy.destroy();
  }
}

export const refusalMessage = (error: ApiError) => (error.body as { message?: string } | undefined)?.message ?? error.message;
