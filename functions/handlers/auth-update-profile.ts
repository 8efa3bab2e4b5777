import { accountMessages, profileInput } from '../../events/accounts/schemas';
import { DomainError } from '../../events/errors';
import { recordAccountChange } from '../accounts/record';
import { displayName } from '../accounts/sign-in';
import { publicUser, signedInUser } from '../accounts/users';
import { requestEmailVerification } from '../accounts/verification';
import { logger } from '../logger';
import { config } from '../config';
import { httpHandler } from '../http/handler';
import type { ViewWrite } from '../store/event-store';
import { stateKeys } from '../store/keys';
import { httpRoutes } from '../routes';

const fields = ['firstName', 'lastName', 'email', 'companyName', 'phone'] as const;

/** Updates names, e-mail (moving its uniqueness guard), company and phone; records what changed. */
export const handler = httpHandler(httpRoutes.updateProfile, { body: profileInput }, async ({ body, principal, requestId }) => {
  const user = await signedInUser(principal.userId);
  const changes = Object.fromEntries(
    fields.filter((field) => (user[field] ?? null) !== body[field]).map((field) => [field, { from: user[field] ?? null, to: body[field] }]),
  );
  if (!Object.keys(changes).length) return publicUser(user);

  const TableName = config().stateTable;
  const now = new Date().toISOString();
  // A new e-mail is unproved until its own link is opened (projects already assigned stay).
  const updated = { ...user, ...body, updatedAt: now, isEmailVerified: changes.email ? false : user.isEmailVerified };
  const writes: ViewWrite[] = [
    {
      item: {
        Update: {
          TableName,
          Key: stateKeys.user(user.id),
          UpdateExpression: 'SET firstName = :firstName, lastName = :lastName, email = :email, companyName = :companyName, phone = :phone, isEmailVerified = :verified, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: {
            ':firstName': body.firstName,
            ':lastName': body.lastName,
            ':email': body.email,
            ':companyName': body.companyName,
            ':phone': body.phone,
            ':verified': updated.isEmailVerified,
            ':now': now,
          },
        },
      },
    },
  ];
  if (changes.email) {
    writes.push(
      { item: { Delete: { TableName, Key: stateKeys.email(user.email), ConditionExpression: 'userId = :me', ExpressionAttributeValues: { ':me': user.id } } } },
      {
        item: { Put: { TableName, Item: { ...stateKeys.email(body.email), userId: user.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
        onConditionFailed: () => new DomainError('conflict', accountMessages.emailTaken, { email: [accountMessages.emailTaken] }),
      },
    );
  }
  await recordAccountChange({
    userId: user.id,
    actor: { id: user.id, role: user.role, name: displayName(updated) },
    requestId,
    event: { type: 'ProfileUpdated', data: { userId: user.id, changes } },
    writes,
  });
  if (changes.email) {
    await requestEmailVerification(updated, requestId).catch((error: Error) => logger.error('verification mail failed', { requestId, userId: user.id, error }));
  }
  return publicUser(updated);
});
