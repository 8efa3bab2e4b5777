/**
 * What kind of image a file is, from its first bytes (magic numbers), never from the type the
 * browser declared: a photo is published with the type found here, or not at all. SVG is not
 * among them on purpose: it can carry scripts.
 */

export interface ImageKind {
  readonly contentType: string;
  readonly extension: string;
}

/** Enough bytes for every signature below (an ftyp box's major brand ends at byte 12). */
export const SNIFF_BYTES = 16;

const jpeg: ImageKind = { contentType: 'image/jpeg', extension: 'jpg' };
const png: ImageKind = { contentType: 'image/png', extension: 'png' };
const webp: ImageKind = { contentType: 'image/webp', extension: 'webp' };
const gif: ImageKind = { contentType: 'image/gif', extension: 'gif' };
const heic: ImageKind = { contentType: 'image/heic', extension: 'heic' };
const heif: ImageKind = { contentType: 'image/heif', extension: 'heif' };

/** HEIF major brands (ISO/IEC 23008-12): HEVC-coded ones are HEIC, the generic ones plain HEIF. */
const heifBrands = new Map<string, ImageKind>([
  ...['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs'].map((brand) => [brand, heic] as const),
  ...['mif1', 'msf1'].map((brand) => [brand, heif] as const),
]);

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const text = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpeg;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return png;
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return webp;
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return gif;
  // ISO-BMFF: a box size (4 bytes), 'ftyp', then the major brand.
  if (startsWith(bytes, ascii('ftyp'), 4) && bytes.length >= 12) return heifBrands.get(text(bytes, 8, 12));
  return undefined;
}
