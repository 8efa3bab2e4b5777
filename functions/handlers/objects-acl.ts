import { httpHandler } from '../http/handler';
import { publishInput } from '../../events/uploads/photo-rules';
import { publishUpload } from '../objects/publish';
import { httpRoutes } from '../routes';

/**
 * Publishes the caller's upload as a photo (spec section 7: objectURL and visibility 'public',
 * answers objectPath), after checking its size and that its bytes are an image.
 */
export const handler = httpHandler(httpRoutes.publishObject, { body: publishInput }, async ({ body, caller }) => publishUpload(caller, body));
