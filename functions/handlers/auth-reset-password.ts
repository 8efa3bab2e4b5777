import { resetPasswordInput } from '../../events/accounts/schemas';
import { resetPassword } from '../accounts/password-reset';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/** Sets a new password with a mailed reset link's token (see resetPassword); every session ends. */
export const handler = httpHandler(httpRoutes.resetPassword, { body: resetPasswordInput }, async ({ body, requestId }) => {
  await resetPassword(body.token, body.password, requestId);
  return { message: 'Your password has been reset. You can now sign in.' };
});
