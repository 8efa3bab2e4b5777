import { randomUUID } from 'node:crypto';
import { accountMessages, registerInput } from '../../events/accounts/schemas';
import { DomainError } from '../../events/errors';
import { hashPassword } from '../accounts/passwords';
import { accountDecider } from '../../events/accounts/account';
import { accountOf, runCommands } from '../commands/run-commands';
import { sendRegistrationAttemptNotice } from '../accounts/mailer';
import { accountActor, signedInReply } from '../accounts/sign-in';
import { claimAttempt, releaseAttempt, takeHourlyAllowance } from '../accounts/throttle';
import { findUserByEmail, newUserRecord } from '../accounts/users';
import { assertVerificationMailAllowed, requestEmailVerification } from '../accounts/verification';
import { clientAddress } from '../http/client-address';
import { logger } from '../logger';
import { config } from '../config';
import { httpHandler } from '../http/handler';
import { REGISTRATION_LIMITS, REGISTRATION_NOTICES_PER_ADDRESS_PER_HOUR } from '../limits';
import { httpRoutes } from '../routes';
import { stateKeys } from '../store/keys';

/**
 * Creates the account (the e-mail guard makes e-mails unique, case-insensitively), signs in, and
 * mails a link that proves the e-mail. A mail that fails does not undo the account: Resend is
 * there for that.
 *
 * The spec signs the new account in at once, so a taken address must still be refused (409);
 * issue 27 keeps that refusal from being an oracle for free: attempts are claimed per e-mail and
 * per caller's address before trying (as sign-in's), a refusal keeps its claim (429 past
 * REGISTRATION_LIMITS), and the address's owner is told someone tried.
 */
export const handler = httpHandler(httpRoutes.register, { body: registerInput }, async ({ body, event, requestId }) => {
  const claims = [`register-address:${clientAddress(event)}`, `register-email:${body.email}`];
  if (!(await claimAttempt(claims[0]!, REGISTRATION_LIMITS.address)) || !(await claimAttempt(claims[1]!, REGISTRATION_LIMITS.email))) {
    throw new DomainError('rate_limited', accountMessages.tooManyRegistrations);
  }
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
  const owner = await findUserByEmail(user.email);
  if (owner) {
    await noticeToOwner(owner, requestId);
    throw new DomainError('conflict', accountMessages.emailTaken, { email: [accountMessages.emailTaken] });
  }
  await assertVerificationMailAllowed(user.email);
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
  await Promise.all(claims.map((subject) => releaseAttempt(subject)));
  const verificationLink = await requestEmailVerification(user, requestId).catch((error: Error) => {
    logger.error('verification mail failed', { requestId, userId: user.id, error });
    return undefined;
  });
  // On the local cloud the link comes back too, as the reset link does (spec: development help).
  return signedInReply(201, user, event, config().mode === 'local' && verificationLink ? { verificationLink } : {});
});

/** Tells the owner of a taken address that someone tried to register it (once an hour at most); a failure is only logged. */
async function noticeToOwner(owner: { email: string; firstName: string }, requestId: string): Promise<void> {
  if (!(await takeHourlyAllowance(`registration-notice:${owner.email}`, REGISTRATION_NOTICES_PER_ADDRESS_PER_HOUR))) return;
  await sendRegistrationAttemptNotice(owner, `${config().appUrl}/login`).catch((error: Error) => logger.error('registration notice mail failed', { requestId, error }));
}
