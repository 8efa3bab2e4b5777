import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, photoMessages } from '../../events/uploads/photo-rules';
import { photoProblem, tooLargeMessage } from './photo-upload-check';

describe('photoProblem', () => {
  it('takes images of at most 10 MB, and files whose type the browser left blank', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', '']) {
      expect(photoProblem({ size: MAX_PHOTO_BYTES, type }), type).toBeNull();
    }
  });

  it('says a file over 10485760 bytes is too large, before anything is uploaded', () => {
    expect(photoProblem({ size: MAX_PHOTO_BYTES + 1, type: 'image/png' })).toBe(tooLargeMessage);
    expect(tooLargeMessage).toBe('File is too large. Max 10MB.');
  });

  it('says other files, SVG included, are not images', () => {
    for (const type of ['text/html', 'application/pdf', 'video/mp4', 'image/svg+xml']) {
      expect(photoProblem({ size: 100, type }), type).toBe(photoMessages.notAnImage);
    }
  });
});
