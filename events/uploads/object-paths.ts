/**
 * Published photos live in the uploads bucket under `objects/` and are served at the same path,
 * `/objects/<key>` (CloudFront in AWS, the local gateway locally). The one rule for which paths
 * name such an object: what the API accepts as an image reference, what the web app and the PDF
 * show, and what the gateway serves. Plain segments only: no listing (`/objects/` alone), no dot
 * segments or hidden names, no percent-encoding (so no encoded traversal or slash), no empty segments.
 */

export const PUBLISHED_PREFIX = 'objects/';
export const MAX_OBJECT_PATH_LENGTH = 1024;

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** The bucket key a `/objects/…` path names (`objects/abc.png`), or undefined when it names none. */
export function publishedKeyOf(path: string): string | undefined {
  if (!path.startsWith(`/${PUBLISHED_PREFIX}`) || path.length > MAX_OBJECT_PATH_LENGTH || path.includes('..')) return undefined;
  const rest = path.slice(1 + PUBLISHED_PREFIX.length);
  if (!rest || !rest.split('/').every((segment) => SEGMENT.test(segment))) return undefined;
  return path.slice(1);
}

/**
 * Where a published photo's small version is served (issue 30): the checklist draws this, the
 * full image is the object path itself. Made from the photo at upload (or on first request for
 * photos published before thumbnails existed).
 */
export const thumbnailPathOf = (objectPath: string): string => `${objectPath}?size=thumb`;
