import * as z from 'zod/mini';
import { notFound } from '../../events/errors';
import { binaryReply } from '../http/responses';
import { httpHandler } from '../http/handler';
import { photoFor } from '../objects/serve-photo';
import { httpRoutes } from '../routes';

/**
 * A published photo, `/objects/<key>` (`?size=thumb`: its thumbnail), to the people of its
 * project only (functions/objects/serve-photo.ts): the local gateway and CloudFront's
 * `/objects/*` behaviour both send the request here. The bytes come with the answer (never a
 * redirect to S3), kept in the viewer's own cache only.
 */
const query = z.object({ size: z.optional(z.literal('thumb', "size must be 'thumb'")) });

export const handler = httpHandler(httpRoutes.getObject, { query }, async ({ principal, query, event }) => {
  const photo = await photoFor(principal, event.rawPath, query.size === 'thumb');
  if (!photo) throw notFound('Photo');
  return binaryReply(photo.bytes, photo.contentType, { 'cache-control': 'private, max-age=3600', ...(photo.etag ? { etag: photo.etag } : {}) });
});
