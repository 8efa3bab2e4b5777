import { createHash } from 'node:crypto';
import exif from 'exif-reader';
import type { CapturedAtSource, PhotoEvidence, PhotoLocation } from '../../events/uploads/photo-rules';

/**
 * The evidence taken of a photo's original at publishing (issue 30): the SHA-256 of its bytes,
 * its size and type (the bytes' own, see sniff-image.ts), when it was taken and, only when the
 * person ticked 'Include location', where. The time is the photo's EXIF DateTimeOriginal when it
 * has one (with its OffsetTimeOriginal; without an offset EXIF says no zone, and the wall-clock
 * time is recorded as if UTC), else the device's `capturedAt` (the file's lastModified), else the
 * server's clock; each labelled with its source. The place is the photo's own EXIF GPS first,
 * else the browser's geolocation. Pure apart from the EXIF parser: the EXIF block is sharp's.
 */

export interface EvidenceInput {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  /** The raw EXIF block (sharp's metadata().exif), if the photo has one. */
  readonly exif?: Buffer | undefined;
  readonly deviceCapturedAt?: string | undefined;
  readonly includeLocation?: boolean | undefined;
  readonly browserLocation?: PhotoLocation | undefined;
  readonly now: Date;
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export function photoEvidence(input: EvidenceInput): PhotoEvidence {
  const tags = readExif(input.exif);
  const [capturedAt, capturedAtSource] = captureTime(tags, input.deviceCapturedAt, input.now);
  return {
    sha256: sha256Hex(input.bytes),
    bytes: input.bytes.byteLength,
    contentType: input.contentType,
    capturedAt,
    capturedAtSource,
    location: input.includeLocation ? (gpsOf(tags) ?? input.browserLocation ?? null) : null,
  };
}

type Tags = ReturnType<typeof exif>;

function readExif(block: Buffer | undefined): Tags | undefined {
  if (!block) return undefined;
  try {
    return exif(block);
  } catch {
    // A malformed EXIF block says nothing we can stand behind: as if there were none.
    return undefined;
  }
}

const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

function captureTime(tags: Tags | undefined, device: string | undefined, now: Date): [string, CapturedAtSource] {
  const original = tags?.Photo?.DateTimeOriginal;
  if (original instanceof Date && !Number.isNaN(original.getTime())) {
    // exif-reader reads the wall-clock time as UTC; the offset, when given, says which zone it was.
    const offset = OFFSET.exec(tags?.Photo?.OffsetTimeOriginal ?? '');
    const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
    return [new Date(original.getTime() - minutes * 60_000).toISOString(), 'exif'];
  }
  if (device) return [new Date(device).toISOString(), 'device'];
  return [now.toISOString(), 'server'];
}

const degrees = (parts: unknown): number | undefined => {
  if (!Array.isArray(parts) || parts.length === 0 || !parts.every((part) => typeof part === 'number' && Number.isFinite(part))) return undefined;
  const [d = 0, m = 0, s = 0] = parts as number[];
  return d + m / 60 + s / 3600;
};

/** The photo's own GPS position, if it has a sane one (rounded to 7 decimals, about a centimetre). */
function gpsOf(tags: Tags | undefined): PhotoLocation | undefined {
  const gps = tags?.GPSInfo;
  const lat = degrees(gps?.GPSLatitude);
  const lon = degrees(gps?.GPSLongitude);
  if (lat === undefined || lon === undefined) return undefined;
  const latitude = round((gps?.GPSLatitudeRef === 'S' ? -1 : 1) * lat);
  const longitude = round((gps?.GPSLongitudeRef === 'W' ? -1 : 1) * lon);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  const error = gps?.GPSHPositioningError;
  return typeof error === 'number' && Number.isFinite(error) && error >= 0 ? { latitude, longitude, accuracy: error } : { latitude, longitude };
}

const round = (value: number) => Math.round(value * 1e7) / 1e7;
