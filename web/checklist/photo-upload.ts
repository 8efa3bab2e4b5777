import AwsS3 from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import { MAX_PHOTO_BYTES, type PublishInput } from '../../events/uploads/photo-rules';
import { callApi } from '../api/call';
import { ApiError } from '../api/client';

/**
 * Uploading one photo (spec sections 7 and 8): Uppy POSTs the file with the presigned form from
 * the requestUpload route (its policy caps size and type), then publishObject publishes it. This module pulls in Uppy, so
 * the dialog loads it with import() only when an upload starts: the main bundle stays as it was.
 */

/**
 * The image URL to add: the published `/objects/...` path, or, if publishing fails for another
 * reason than the file, the raw address of the upload (spec section 8: the failure is logged and
 * the raw upload URL is used). `refused`: the server refused the file itself (too
 * large, not an image) and deleted it, so there is nothing to add.
 */
export type UploadOutcome = { readonly url: string } | { readonly refused: string };

export async function uploadPhoto(
  file: File,
  options: { itemId?: string; onProgress: (fraction: number) => void; signal: AbortSignal },
): Promise<UploadOutcome> {
  const location = await putToStorage(file, options);
  const body: PublishInput = { objectURL: location, visibility: 'public', itemId: options.itemId };
  try {
    return { url: (await callApi('publishObject', { body })).objectPath };
  } catch (error) {
    if (isRefusalOfTheFile(error)) return { refused: refusalMessage(error) };
    console.error('Setting the photo access rule failed; using the upload URL.', error);
    return { url: location };
  }
}

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

const isRefusalOfTheFile = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.status === 400 || error.status === 413) &&
  Boolean((error.body as { fieldErrors?: Record<string, unknown> } | undefined)?.fieldErrors?.objectURL);

const refusalMessage = (error: ApiError) => (error.body as { message?: string } | undefined)?.message ?? error.message;
