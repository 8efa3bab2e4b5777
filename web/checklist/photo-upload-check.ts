import { MAX_PHOTO_BYTES, photoMessages } from '../../events/uploads/photo-rules';

/**
 * What the browser can tell about a chosen file before uploading it (spec sections 5 and 9: one
 * photo of at most 10 MB). A courtesy only: the server looks at the bytes and the size again.
 */

export const tooLargeMessage = 'File is too large. Max 10MB.';

/** The message to show for a file that will not do, or null. */
export function photoProblem(file: { size: number; type: string }): string | null {
  if (file.size > MAX_PHOTO_BYTES) return tooLargeMessage;
  // Some browsers leave the type of HEIC photos blank: the server decides those. SVG can carry scripts.
  if (file.type && (!file.type.startsWith('image/') || file.type.startsWith('image/svg'))) return photoMessages.notAnImage;
  return null;
}
