import { randomUUID } from 'node:crypto';
import { accountMessages, registerInput } from '../../events/accounts/schemas';
import { DomainError } from '../../events/errors';
import { hashPassword } from '../accounts/passwords';
import { accountDecider } from '../../events/accounts/account';
import { accountOf, runCommands } from '../commands/run-commands';
import { accountActor, signedInReply } from '../accounts/sign-in';
import { newUserRecord } from '../accounts/users';
import { requestEmailVerification } from '../accounts/verification';
import { logger } from '../logger';
import { config } from '../config';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';
import { stateKeys } from '../store/keys';

/**
 * Creates the account (the e-mail guard makes e-mails unique, case-insensitively), signs in, and
 * mails a link that proves the e-mail. A mail that fails does not undo the account: Resend is
 * there for that.
 */
export const handler = httpHandler(httpRoutes.register, { body: registerInput }, async ({ body, event, requestId }) => {
  const TableName = config().stateTable;
  const user = newUserRecord({
    id: randomUUID(),
    email: body.email,
    passwordHash: await hashPassword(body.password),
    firstName: body.firstName,
    lastName: body.lastName,
    role: body.role,
    companyName: body.companyName,
    phone: body.phone,
    now: new Date().toISOString(),
  });
  await runCommands(accountDecider, accountOf(user.id), [{ type: 'record', event: {
      type: 'UserRegistered',
      data: { userId: user.id, email: user.email, role: user.role, firstName: user.firstName, lastName: user.lastName, companyName: user.companyName, phone: user.phone },
    } }], {
    by: accountActor(user, requestId),
    writes: [
      { item: { Put: { TableName, Item: user, ConditionExpression: 'attribute_not_exists(pk)' } } },
      {
        item: { Put: { TableName, Item: { ...stateKeys.email(user.email), userId: user.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
        onConditionFailed: () => new DomainError('conflict', accountMessages.emailTaken, { email: [accountMessages.emailTaken] }),
      },
    ],
  });
  const verificationLink = await requestEmailVerification(user, requestId).catch((error: Error) => {
    logger.error('verification mail failed', { requestId, userId: user.id, error });
    return undefined;
  });
  // On the local cloud the link comes back too, as the reset link does (spec: development help).
  return signedInReply(201, user, event, config().mode === 'local' && verificationLink ? { verificationLink } : {});
});
