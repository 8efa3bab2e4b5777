import * as z from 'zod/mini';
import { uuid } from '../ids';

/**
 * The photo upload exchange (spec sections 3, 5, 7 and 9), shared by the API and the web app:
 * POST /api/objects/upload answers `{ uploadURL, fields }`; the browser POSTs the file there; PUT
 * /api/objects/acl publishes it and answers `{ objectPath }`. The domain (no AWS imports): the web bundles this too.
 */

/** Spec sections 5 and 9: one file, at most 10 MB. */
export const MAX_PHOTO_BYTES = 10_485_760;

export const photoMessages = {
  tooLarge: `Photos must be at most 10 MB (${MAX_PHOTO_BYTES} bytes).`,
  notAnImage: 'Only images can be uploaded: JPEG, PNG, WebP, GIF or HEIC.',
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

export interface PublishAnswer {
  readonly objectPath: string;
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
});

export type PublishInput = z.input<typeof publishInput>;
