import { registerInput } from '../../events/accounts/schemas';
import { register } from '../accounts/registration';
import { signedInReply } from '../accounts/sign-in';
import { clientAddress } from '../http/client-address';
import { config } from '../config';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/**
 * Creates the account (see register: 409 for a taken e-mail, 429 past the limits), signs it in,
 * and mails a link that proves the e-mail.
 */
export const handler = httpHandler(httpRoutes.register, { body: registerInput }, async ({ body, event, requestId }) => {
  const { user, verificationLink } = await register(body, clientAddress(event), requestId);
  // On the local cloud the link comes back too, as the reset link does (spec: development help).
  return signedInReply(201, user, event, config().mode === 'local' && verificationLink ? { verificationLink } : {});
});
