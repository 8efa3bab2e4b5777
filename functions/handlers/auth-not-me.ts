import { accountMessages, notMeInput } from '../../events/accounts/schemas';
import { redeemNotMe } from '../accounts/not-me';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/** 'This was not me' (the link in the notice of a password or e-mail change): ends everything the account had; no sign-in needed. */
export const handler = httpHandler(httpRoutes.notMe, { body: notMeInput }, async ({ body, requestId }) => {
  await redeemNotMe(body.token, requestId);
  return { message: accountMessages.sessionsEnded };
});
