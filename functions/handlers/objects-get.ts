import * as z from 'zod/mini';
import { notFound } from '../../events/errors';
import { binaryReply } from '../http/responses';
import { httpHandler } from '../http/handler';
import { photoFor, photoRecordPreload } from '../objects/serve-photo';
import { httpRoutes } from '../routes';

/**
 * A published photo, `/objects/<key>` (`?size=thumb`: its thumbnail), to the people of its
 * project only (functions/objects/serve-photo.ts): the local gateway and CloudFront's
 * `/objects/*` behaviour both send the request here. The bytes come with the answer (never a
 * redirect to S3), kept in the viewer's own cache only.
 */
const query = z.object({ size: z.optional(z.literal('thumb', "size must be 'thumb'")) });
/** Any key: one that names no photo is answered 403 like any other path (serve-photo.ts), not 400. */
const params = z.object({ key: z.string() });

// The photo's record is read with the session, in one round trip.
export const handler = httpHandler(httpRoutes.getObject, { query, params, preload: photoRecordPreload }, async ({ principal, query, params, event, preloaded }) => {
  const photo = await photoFor(principal, event.rawPath, query.size === 'thumb', { key: params.key, item: preloaded[0] });
  if (!photo) throw notFound('Photo');
  return binaryReply(photo.bytes, photo.contentType, { 'cache-control': 'private, max-age=3600', ...(photo.etag ? { etag: photo.etag } : {}) });
});
