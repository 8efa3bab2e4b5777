import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import { accountDecider } from '../../events/accounts/account';
import { accountMessages } from '../../events/accounts/messages';
import type { registerInput } from '../../events/accounts/schemas';
import { DomainError } from '../../events/errors';
import { findUserByEmail, newUserRecord, type UserRecord } from '../auth/users';
import { accountOf, runCommands } from '../commands/run-commands';
import { config } from '../config';
import { REGISTRATION_LIMITS, REGISTRATION_NOTICES_PER_ADDRESS_PER_HOUR } from '../limits';
import { logger } from '../logger';
import { stateKeys } from '../store/keys';
import { newTenantItem, tenantName } from '../tenants/tenant-record';
import { sendRegistrationAttemptNotice } from './mailer';
import { hashPassword } from './passwords';
import { accountActor } from './sign-in';
import { claimAttempt, releaseAttempt, takeHourlyAllowance } from './throttle';
import { assertVerificationMailAllowed, requestEmailVerification } from './verification';

/**
 * Creates the account (the e-mail guard makes e-mails unique, case-insensitively) and mails a
 * link that proves the e-mail. A mail that fails does not undo the account: Resend is there for
 * that. The caller signs the new account in; `verificationLink` is the mailed link, if it went.
 *
 * The spec signs the new account in at once, so a taken address must still be refused (409);
 * issue 27 keeps that refusal from being an oracle for free: attempts are claimed per e-mail and
 * per caller's address before trying (as sign-in's), a refusal keeps its claim (429 past
 * REGISTRATION_LIMITS), and the address's owner is told someone tried.
 */
export async function register(input: z.output<typeof registerInput>, address: string, requestId: string): Promise<{ user: UserRecord; verificationLink?: string }> {
  const claims = [`register-address:${address}`, `register-email:${input.email}`];
  if (!(await claimAttempt(claims[0]!, REGISTRATION_LIMITS.address)) || !(await claimAttempt(claims[1]!, REGISTRATION_LIMITS.email))) {
    throw new DomainError('rate_limited', accountMessages.tooManyRegistrations);
  }
  const TableName = config().stateTable;
  const user = newUserRecord({
    id: randomUUID(),
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    companyName: input.companyName,
    phone: input.phone,
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
      // A contractor who signs up starts a company (issue 31): its tenant record, with the account or not at all.
      ...(user.role === 'contractor' ? [{ item: { Put: { TableName, Item: newTenantItem(user.id, tenantName(user), user.createdAt), ConditionExpression: 'attribute_not_exists(pk)' } } }] : []),
    ],
  });
  await Promise.all(claims.map((subject) => releaseAttempt(subject)));
  const verificationLink = await requestEmailVerification(user, requestId).catch((error: Error) => {
    logger.error('verification mail failed', { requestId, userId: user.id, error });
    return undefined;
  });
  return { user, verificationLink };
}

/** Tells the owner of a taken address that someone tried to register it (once an hour at most); a failure is only logged. */
async function noticeToOwner(owner: { email: string; firstName: string }, requestId: string): Promise<void> {
  if (!(await takeHourlyAllowance(`registration-notice:${owner.email}`, REGISTRATION_NOTICES_PER_ADDRESS_PER_HOUR))) return;
  await sendRegistrationAttemptNotice(owner, `${config().appUrl}/login`).catch((error: Error) => logger.error('registration notice mail failed', { requestId, error }));
}
