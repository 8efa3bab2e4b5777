import type { Caller } from '../commands/caller';
import { newUploadKey, postedObjectLocation, tokenOfUploadKey } from './object-keys';
import type { UploadAnswer } from '../../events/uploads/photo-rules';
import { holdPendingUpload } from './pending-uploads';
import { presignUploadForm, UPLOAD_URL_LIFETIME_SECONDS } from './upload-bucket';
import { assertProjectMember } from './uploader-membership';
import { saveUploadRecord } from './upload-records';

/**
 * Photo uploads (spec sections 7 and 8), for members of a project only (403 otherwise): a
 * presigned POST form to a private key bound to the person who asked, whose policy caps the size
 * and the type, and at most PENDING_UPLOADS_PER_ACCOUNT of those at once (429). Publishing what
 * arrived is ./publish.ts (apart: it decodes images with sharp, which this function need not carry).
 */

type Uploader = Caller['principal'];

export async function requestUpload(principal: Uploader, now = new Date()): Promise<UploadAnswer> {
  await assertProjectMember(principal);
  const key = newUploadKey(principal.userId);
  await holdPendingUpload(principal.userId, tokenOfUploadKey(key), new Date(now.getTime() + UPLOAD_URL_LIFETIME_SECONDS * 1000), now);
  const { url, fields } = await presignUploadForm(key);
  await saveUploadRecord(key, { userId: principal.userId, location: postedObjectLocation(url, key) });
  return { uploadURL: url, fields };
}
