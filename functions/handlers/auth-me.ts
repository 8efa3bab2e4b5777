import { publicUser, signedInUser } from '../auth/users';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.me, {}, async ({ principal }) => publicUser(await signedInUser(principal.userId)));
