import { describe, expect, it } from 'vitest';
import { sniffImage, SNIFF_BYTES } from './sniff-image';

/** Image kinds from the first bytes, whatever the file claims to be. */

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)));
/** An ISO-BMFF file's start: box size, 'ftyp', major brand, minor version. */
const ftyp = (brand: string) => bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 0, 0], 'mif1');

describe('sniffImage', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image/jpeg', 'jpg'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'), 'image/png', 'png'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp', 'webp'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif', 'gif'],
    ['GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif', 'gif'],
    ['HEIC (iPhone)', ftyp('heic'), 'image/heic', 'heic'],
    ['HEIC sequence', ftyp('hevc'), 'image/heic', 'heic'],
    ['HEIF (generic brand)', ftyp('mif1'), 'image/heif', 'heif'],
  ])('knows %s', (_, start, contentType, extension) => {
    expect(sniffImage(start)).toEqual({ contentType, extension });
  });

  it.each(['heix', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'msf1'])('takes the HEIF brand %s', (brand) => {
    expect(sniffImage(ftyp(brand))?.contentType).toMatch(/^image\/hei[cf]$/);
  });

  it.each([
    ['empty', bytes()],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['SVG (can carry scripts)', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['PDF', bytes('%PDF-1.7')],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a])],
    ['RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['GIF with an unknown version', bytes('GIF90a')],
    ['MP4 (ftyp, not a HEIF brand)', ftyp('isom')],
    ['AVIF (not HEIC)', ftyp('avif')],
    ['ftyp at the wrong offset', bytes([0, 0, 0], 'ftypheic')],
    ['a brand cut short', bytes([0, 0, 0, 0x18], 'ftyp', 'he')],
  ])('refuses %s', (_, start) => {
    expect(sniffImage(start)).toBeUndefined();
  });

  it('needs no more than SNIFF_BYTES bytes', () => {
    expect(sniffImage(ftyp('heic').subarray(0, SNIFF_BYTES))).toEqual({ contentType: 'image/heic', extension: 'heic' });
  });
});
