import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { accountMessages } from '../../events/accounts/messages';
import { DomainError } from '../../events/errors';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { LOGIN_LIMITS } from '../limits';
import { stateKeys } from '../store/keys';

/**
 * Failed sign-ins (and refused registrations), counted per e-mail and per address in fixed
 * 15-minute windows. Past the limit, sign-in answers 429 until the window ends, even with the
 * right password. Hourly allowances of mail and exports below.
 */

const WINDOW_SECONDS = 15 * 60;

const windowStart = (now: Date) => Math.floor(now.getTime() / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
const subjects = (email: string, address: string) => ({
  email: `login-email:${email.toLowerCase()}`,
  address: `login-address:${address}`,
});

/**
 * Claims one attempt for the e-mail and for the caller's address before the password is checked:
 * a conditional ADD each, refused once the window's count reached the limit. Claimed, not read
 * and then written, so 40 guesses racing for one account get no more than the limit's answers
 * that are not 429, from any number of addresses. A right password gives both back
 * (releaseLoginAttempt); a wrong one keeps both.
 */
export async function claimLoginAttempt(email: string, address: string, now = new Date()): Promise<void> {
  const { email: emailKey, address: addressKey } = subjects(email, address);
  // One after the other: a caller over its own limit spends nothing of the account's.
  if (!(await claimAttempt(addressKey, LOGIN_LIMITS.address, now))) throw new DomainError('rate_limited', accountMessages.tooManyAttempts);
  if (!(await claimAttempt(emailKey, LOGIN_LIMITS.email, now))) throw new DomainError('rate_limited', accountMessages.tooManyAttempts);
}

/**
 * One more attempt for `subject` in the current 15-minute window, if fewer than `limit` were
 * made; false when the window's allowance is spent (registration counts its refusals with it too).
 */
export async function claimAttempt(subject: string, limit: number, now = new Date()): Promise<boolean> {
  const window = windowStart(now);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config().stateTable,
        Key: stateKeys.throttle(subject, window),
        UpdateExpression: 'ADD failures :one SET expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(failures) OR failures < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expiresAt': window + WINDOW_SECONDS },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Gives back an attempt claimed for `subject` (it succeeded: only failures count). */
export async function releaseAttempt(subject: string, now = new Date()): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: config().stateTable,
      Key: stateKeys.throttle(subject, windowStart(now)),
      UpdateExpression: 'ADD failures :minusOne',
      ConditionExpression: 'failures > :zero',
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
    }),
  ).catch((error: Error) => {
    if (error.name !== 'ConditionalCheckFailedException') throw error;
  });
}

/**
 * A successful sign-in clears the e-mail's count and gives back the address's claim (one address,
 * many people: only its failures count).
 */
export async function releaseLoginAttempt(email: string, address: string, now = new Date()): Promise<void> {
  const { email: emailKey, address: addressKey } = subjects(email, address);
  await Promise.all([
    dynamo().send(new DeleteCommand({ TableName: config().stateTable, Key: stateKeys.throttle(emailKey, windowStart(now)) })),
    releaseAttempt(addressKey, now),
  ]);
}

/**
 * Counts one more use of `subject` (e.g. `reset-email:<address>`) in the current clock hour;
 * false when the hour's allowance is spent. One atomic ADD, so racing requests count once each.
 */
export async function takeHourlyAllowance(subject: string, limit: number, now = new Date()): Promise<boolean> {
  const hour = Math.floor(now.getTime() / 1000 / 3600) * 3600;
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: config().stateTable,
      Key: stateKeys.throttle(subject.toLowerCase(), hour),
      UpdateExpression: 'ADD sent :one SET expiresAt = :expiresAt',
      ExpressionAttributeValues: { ':one': 1, ':expiresAt': hour + 3600 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return (Attributes?.sent as number) <= limit;
}
