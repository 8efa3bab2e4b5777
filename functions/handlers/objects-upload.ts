import { httpHandler } from '../http/handler';
import { requestUpload } from '../objects/uploads';
import { httpRoutes } from '../routes';

/**
 * A presigned form to POST one photo with, bound to the caller (spec section 7: no body, answers
 * uploadURL, and here the form's fields beside it); for members of a project only.
 */
export const handler = httpHandler(httpRoutes.requestUpload, {}, async ({ principal }) => requestUpload(principal));
