import { randomBytes } from 'node:crypto';
import { PUBLISHED_PREFIX, publishedKeyOf } from '../../events/uploads/object-paths';

/**
 * Object keys of the uploads bucket. Two prefixes, never mixed:
 *   uploads/<userId>/<token>   a pending upload: private, handed out to one person, removed by
 *                              the bucket's lifecycle rule if never published;
 *   objects/<token>.<ext>      a published photo: served by CloudFront (locally the gateway) at
 *                              the same path, `/objects/<token>.<ext>`.
 * Tokens are 192 random bits, so keys cannot be guessed.
 */

export const UPLOADS_PREFIX = 'uploads/';
export { PUBLISHED_PREFIX };
/**
 * Issue 30: what is served under `objects/` is a re-encoded copy without metadata; the original
 * as uploaded is kept under `originals/` (never served: the evidence its hash proves) and the
 * small version under `thumbnails/`, each named after the served copy's key.
 */
export const ORIGINALS_PREFIX = 'originals/';
export const THUMBNAILS_PREFIX = 'thumbnails/';

const afterPublishedPrefix = (publishedKey: string) => publishedKey.slice(PUBLISHED_PREFIX.length);
export const originalKeyOf = (publishedKey: string): string => `${ORIGINALS_PREFIX}${afterPublishedPrefix(publishedKey)}`;
export const thumbnailKeyOf = (publishedKey: string): string => `${THUMBNAILS_PREFIX}${afterPublishedPrefix(publishedKey)}.webp`;

const newToken = () => randomBytes(24).toString('base64url');
const TOKEN = '[A-Za-z0-9_-]{32}';
const USER_ID = '[A-Za-z0-9-]{1,64}';
const uploadKeyAtEnd = new RegExp(`/(${UPLOADS_PREFIX}(${USER_ID})/${TOKEN})$`);

export const newUploadKey = (userId: string, token = newToken()): string => `${UPLOADS_PREFIX}${userId}/${token}`;

export const newPublishedKey = (extension: string, token = newToken()): string => `${PUBLISHED_PREFIX}${token}.${extension}`;

/** The token of an upload key (`uploads/<userId>/<token>`): its photo is published under the same token, so publishes of one upload racing each other write one object. */
export const tokenOfUploadKey = (uploadKey: string): string => uploadKey.slice(uploadKey.lastIndexOf('/') + 1);

/** Where a published object is served: its key as a path. */
export const objectPathOf = (publishedKey: string): string => `/${publishedKey}`;

/** A presigned URL without its query (signature, expiry): the address of the object itself. */
export const withoutQuery = (url: string): string => url.replace(/[?#].*$/s, '');

/** Where a file posted with a presigned form to the bucket at `formURL` under `key` is stored. */
export const postedObjectLocation = (formURL: string, key: string): string => `${withoutQuery(formURL).replace(/\/+$/, '')}/${key}`;

export interface UploadReference {
  readonly key: string;
  readonly userId: string;
  /** The object's address without query, to compare with the address that was handed out. */
  readonly location: string;
}

/**
 * The pending upload an objectURL names, if it has the shape of one this app hands out: an
 * http(s) URL whose path ends with `uploads/<userId>/<token>`, with or without the presigned
 * query. Dot segments, percent-encoding and backslashes are refused outright rather than
 * resolved, so no spelling reaches another key. Whose upload it is, and whether the host and
 * bucket are ours, is for the caller to check against the upload's record.
 */
export function parseUploadURL(objectURL: string): UploadReference | undefined {
  const address = withoutQuery(objectURL);
  if (/\.\.|%|\\|\s/.test(address)) return undefined;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return undefined;
  const match = uploadKeyAtEnd.exec(url.pathname);
  if (!match) return undefined;
  return { key: match[1]!, userId: match[2]!, location: `${url.origin}${url.pathname}` };
}

/** The key a `/objects/...` request path (query ignored) names, for the local gateway to serve as CloudFront does. */
export const servedObjectKey = (requestPath: string): string | undefined => publishedKeyOf(withoutQuery(requestPath));
