import type sharpOf from 'sharp';

/**
 * What is served of a photo (issue 30): never the original, but copies re-encoded by sharp,
 * turned upright by their EXIF orientation (`.rotate()`) and written without any metadata (no
 * EXIF, GPS, XMP; no ICC profile other than sRGB, which sharp converts to), so a home's
 * coordinates never leak through a picture. A photo with transparency becomes WebP, any other
 * JPEG. The display copy's long edge is bounded, which keeps it well under Lambda's 6 MB answer;
 * the thumbnail is what the checklist draws.
 */

export const DISPLAY_LONG_EDGE = 2560;
export const THUMBNAIL_LONG_EDGE = 480;

export interface PhotoCopy {
  readonly bytes: Buffer;
  readonly contentType: 'image/jpeg' | 'image/webp';
  readonly extension: 'jpg' | 'webp';
}

/** The formats of the display copy, as its key's extension. */
export const servedExtensions = ['jpg', 'webp'] as const;

const inside = (edge: number) => ({ width: edge, height: edge, fit: 'inside' as const, withoutEnlargement: true });

// Loaded on first use: loading sharp (libvips) costs ~100 ms of CPU, and the photo route
// (objects-get) makes a copy only for a photo published before thumbnails existed.
let loaded: Promise<typeof sharpOf> | undefined;
const sharpLoaded = () => (loaded ??= import('sharp').then((module) => module.default));

/**
 * sharp reads untrusted bytes: a bounded pixel count (a "decompression bomb" is refused), first
 * frame only. As leniently as browsers show pictures (a bad checksum, a JPEG cut short by the
 * camera): what decodes is served, the original is kept as it came; what does not is refused.
 */
const open = async (bytes: Uint8Array) => (await sharpLoaded())(bytes, { limitInputPixels: 100_000_000, failOn: 'none' }).rotate();

/** The copy served at the photo's path. */
export async function displayCopy(bytes: Uint8Array): Promise<PhotoCopy> {
  const { hasAlpha } = await (await sharpLoaded())(bytes, { limitInputPixels: 100_000_000 }).metadata();
  const resized = (await open(bytes)).resize(inside(DISPLAY_LONG_EDGE));
  // No withMetadata(): sharp writes none of the input's metadata by default.
  return hasAlpha
    ? { bytes: await resized.webp({ quality: 85 }).toBuffer(), contentType: 'image/webp', extension: 'webp' }
    : { bytes: await resized.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), contentType: 'image/jpeg', extension: 'jpg' };
}

/** The small version the checklist draws (WebP, which keeps transparency and is small). */
export async function thumbnailCopy(bytes: Uint8Array): Promise<PhotoCopy> {
  return { bytes: await (await open(bytes)).resize(inside(THUMBNAIL_LONG_EDGE)).webp({ quality: 75 }).toBuffer(), contentType: 'image/webp', extension: 'webp' };
}
