import { createHash } from 'node:crypto';
import sharp, { type Exif } from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoEvidence } from './photo-evidence';

/** The evidence taken of an original (issue 30): hash, capture time by source, the place only when opted in. */

const now = new Date('2026-11-27T01:00:00Z');
const exifOf = async (exif: Exif) =>
  (await sharp(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).jpeg().withExif(exif).toBuffer()).metadata()).exif;
const bytes = new Uint8Array([1, 2, 3]);

describe('photoEvidence', () => {
  it('hashes the bytes and keeps their size and type', () => {
    expect(photoEvidence({ bytes, contentType: 'image/png', now })).toEqual({
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes: 3,
      contentType: 'image/png',
      capturedAt: now.toISOString(),
      capturedAtSource: 'server',
      location: null,
    });
  });

  it("takes EXIF DateTimeOriginal with its offset, then the device's time, then the server's", async () => {
    const withOffset = await exifOf({ IFD2: { DateTimeOriginal: '2024:05:06 07:08:09', OffsetTimeOriginal: '-05:30' } });
    expect(photoEvidence({ bytes, contentType: 'image/jpeg', exif: withOffset, deviceCapturedAt: '2020-01-01T00:00:00Z', now })).toMatchObject({ capturedAt: '2024-05-06T12:38:09.000Z', capturedAtSource: 'exif' });
    const noOffset = await exifOf({ IFD2: { DateTimeOriginal: '2024:05:06 07:08:09' } });
    expect(photoEvidence({ bytes, contentType: 'image/jpeg', exif: noOffset, now })).toMatchObject({ capturedAt: '2024-05-06T07:08:09.000Z', capturedAtSource: 'exif' });
    expect(photoEvidence({ bytes, contentType: 'image/jpeg', exif: await exifOf({ IFD0: { Make: 'X' } }), deviceCapturedAt: '2025-02-03T04:05:06+01:00', now })).toMatchObject({ capturedAt: '2025-02-03T03:05:06.000Z', capturedAtSource: 'device' });
  });

  it("records a place only when opted in: the photo's GPS first, else the browser's", async () => {
    const gps = await exifOf({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 51/1 54/1', GPSLongitudeRef: 'E', GPSLongitude: '151/1 12/1 36/1' } });
    const browser = { latitude: 1, longitude: 2, accuracy: 30 };
    expect(photoEvidence({ bytes, contentType: 'image/jpeg', exif: gps, browserLocation: browser, now }).location).toBeNull();
    expect(photoEvidence({ bytes, contentType: 'image/jpeg', exif: gps, includeLocation: true, browserLocation: browser, now }).location).toEqual({ latitude: -33.865, longitude: 151.21 });
    expect(photoEvidence({ bytes, contentType: 'image/jpeg', includeLocation: true, browserLocation: browser, now }).location).toEqual(browser);
    expect(photoEvidence({ bytes, contentType: 'image/jpeg', includeLocation: true, now }).location).toBeNull();
  });

  it('takes a malformed EXIF block for none', () => {
    expect(photoEvidence({ bytes, contentType: 'image/jpeg', exif: Buffer.from('not exif at all'), now })).toMatchObject({ capturedAtSource: 'server', location: null });
  });
});
