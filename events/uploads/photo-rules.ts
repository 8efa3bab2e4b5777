import * as z from 'zod/mini';
import { uuid } from '../ids';

/**
 * The photo upload exchange (spec sections 3, 5, 7 and 9), shared by the API and the web app:
 * POST /api/objects/upload answers `{ uploadURL, fields }`; the browser POSTs the file there; PUT
 * /api/objects/acl publishes it and answers `{ objectPath, thumbnailPath, evidence }` (issue 30). The domain (no AWS imports): the web bundles this too.
 */

/** Spec sections 5 and 9: one file, at most 10 MB. */
export const MAX_PHOTO_BYTES = 10_485_760;

export const photoMessages = {
  tooLarge: `Photos must be at most 10 MB (${MAX_PHOTO_BYTES} bytes).`,
  notAnImage: 'Only images can be uploaded: JPEG, PNG, WebP, GIF or HEIC.',
  /** sharp's prebuilt libvips cannot decode HEIC, so it cannot be re-encoded without its metadata (GPS): refused rather than served as is. */
  heic: "HEIC photos can't be added yet: their location data can't be removed. Choose the photo again from the Photos library (it is sent as JPEG), or set the camera to Most Compatible.",
  bytesMismatch: "The upload did not arrive whole (its size differs from the file's). Please upload the photo again.",
  projectRequired: 'projectId or itemId is required: the project the photo belongs to.',
  refusedMeanwhile: 'This upload was refused while it was being published. Please upload the photo again.',
} as const;

/**
 * Where and how to send one photo: a form POST (multipart/form-data) to `uploadURL` with every
 * field of `fields`, then a `Content-Type` field with the file's image/* type, then the file as
 * `file`. The signed policy in the fields caps the size at MAX_PHOTO_BYTES and the type to
 * image/*. The photo lands at `uploadURL` + '/' + `fields.key`: name that address to publish it.
 */
export interface UploadAnswer {
  readonly uploadURL: string;
  readonly fields: Readonly<Record<string, string>>;
}

/** Where a place is, in degrees (WGS 84), with the browser's accuracy in metres when it gave one. */
export interface PhotoLocation {
  readonly latitude: number;
  readonly longitude: number;
  readonly accuracy?: number;
}

/**
 * Where the capture time came from: the photo's own EXIF DateTimeOriginal, the device's word for
 * it (the file's lastModified, sent as `capturedAt`), or the server's clock at publishing.
 */
export const capturedAtSources = ['exif', 'device', 'server'] as const;
export type CapturedAtSource = (typeof capturedAtSources)[number];

/**
 * What the server recorded of the original file at publishing (issue 30), also in the
 * PhotoPublished event: the SHA-256 of the original's bytes (hex), its size and type, when it was
 * taken and, only when the person ticked 'Include location', where.
 */
export interface PhotoEvidence {
  readonly sha256: string;
  readonly bytes: number;
  readonly contentType: string;
  readonly capturedAt: string;
  readonly capturedAtSource: CapturedAtSource;
  readonly location: PhotoLocation | null;
}

/**
 * A published photo: `objectPath` is the full image (a re-encoded copy without metadata),
 * `thumbnailPath` its small version; both are served to the project's people only. Publishing the
 * same upload again answers exactly this again.
 */
export interface PublishAnswer {
  readonly objectPath: string;
  readonly thumbnailPath: string;
  readonly evidence: PhotoEvidence;
}

/** Longer than any URL this app hands out; a longer one is refused before it is parsed. */
const MAX_OBJECT_URL_LENGTH = 2048;

export const publishInput = z.object({
  objectURL: z
    .string('objectURL is required')
    .check(z.minLength(1, 'objectURL is required'), z.maxLength(MAX_OBJECT_URL_LENGTH, `must be at most ${MAX_OBJECT_URL_LENGTH} characters`)),
  visibility: z.literal('public', "must be 'public'"),
  /** The item the photo is for: the publication is recorded in its history. */
  itemId: z.optional(uuid('itemId')),
  /** The project the photo is for (with `itemId`, the item's project): one of the two is required. */
  projectId: z.optional(uuid('projectId')),
  /** The file's size as the browser knew it: a stored upload of another size (a cut-off POST) is refused. */
  bytes: z.optional(z.number('bytes must be a number').check(z.int('bytes must be a whole number'), z.gte(1, 'bytes must be at least 1'), z.lte(MAX_PHOTO_BYTES, photoMessages.tooLarge))),
  /** When the device says the photo was taken (e.g. the file's lastModified): used when the photo has no EXIF time. */
  capturedAt: z.optional(z.iso.datetime({ offset: true, message: 'capturedAt must be an ISO date and time' })),
  /** 'Include location' (default off): without it no place is recorded, whatever the photo or the browser says. */
  includeLocation: z.optional(z.boolean('includeLocation must be true or false')),
  /** The browser's geolocation, used with includeLocation when the photo has no GPS of its own. */
  location: z.optional(
    z.strictObject({
      latitude: z.number('latitude must be a number').check(z.gte(-90, 'latitude must be between -90 and 90'), z.lte(90, 'latitude must be between -90 and 90')),
      longitude: z.number('longitude must be a number').check(z.gte(-180, 'longitude must be between -180 and 180'), z.lte(180, 'longitude must be between -180 and 180')),
      accuracy: z.optional(z.number('accuracy must be a number').check(z.gte(0, 'accuracy must be at least 0'), z.lte(100_000, 'accuracy must be at most 100000'))),
    }),
  ),
});

export type PublishInput = z.input<typeof publishInput>;
