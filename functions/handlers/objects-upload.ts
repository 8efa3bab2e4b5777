import { httpHandler } from '../http/handler';
import { requestUpload } from '../objects/uploads';
import { httpRoutes } from '../routes';

/** A presigned URL to PUT one photo to, bound to the caller (spec section 7: no body, answers uploadURL). */
export const handler = httpHandler(httpRoutes.requestUpload, {}, async ({ principal }) => requestUpload(principal.userId));
