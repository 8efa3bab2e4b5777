import { randomUUID } from 'node:crypto';
import { accountMessages, registerInput } from '../../events/accounts/schemas';
import { DomainError } from '../../events/errors';
import { hashPassword } from '../accounts/passwords';
import { recordAccountChange } from '../accounts/record';
import { displayName, signedInReply } from '../accounts/sign-in';
import { newUserRecord } from '../accounts/users';
import { assignWaitingProjects } from '../projects/client-match';
import { config } from '../config';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';
import { stateKeys } from '../store/keys';

/** Creates the account (the e-mail guard makes e-mails unique, case-insensitively) and signs in. */
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
  await recordAccountChange({
    userId: user.id,
    actor: { id: user.id, role: user.role, name: displayName(user) },
    requestId,
    event: {
      type: 'UserRegistered',
      data: { userId: user.id, email: user.email, role: user.role, firstName: user.firstName, lastName: user.lastName, companyName: user.companyName, phone: user.phone },
    },
    writes: [
      { item: { Put: { TableName, Item: user, ConditionExpression: 'attribute_not_exists(pk)' } } },
      {
        item: { Put: { TableName, Item: { ...stateKeys.email(user.email), userId: user.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
        onConditionFailed: () => new DomainError('conflict', accountMessages.emailTaken, { email: [accountMessages.emailTaken] }),
      },
    ],
  });
  if (user.role === 'client') await assignWaitingProjects(user);
  return signedInReply(201, user, event);
});
