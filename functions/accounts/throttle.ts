import { BatchGetCommand, DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { accountMessages } from '../../events/accounts/schemas';
import { DomainError } from '../../events/errors';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { LOGIN_LIMITS } from '../limits';
import { stateKeys } from '../store/keys';

/**
 * Failed sign-ins, counted per e-mail and per address in fixed 15-minute windows. Past the
 * limit, sign-in answers 429 until the window ends, even with the right password.
 */

const WINDOW_SECONDS = 15 * 60;

const windowStart = (now: Date) => Math.floor(now.getTime() / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
const subjects = (email: string, address: string) => ({
  email: `login-email:${email.toLowerCase()}`,
  address: `login-address:${address}`,
});

export async function assertLoginAllowed(email: string, address: string, now = new Date()): Promise<void> {
  const window = windowStart(now);
  const { email: emailKey, address: addressKey } = subjects(email, address);
  const table = config().stateTable;
  const { Responses } = await dynamo().send(
    new BatchGetCommand({ RequestItems: { [table]: { Keys: [stateKeys.throttle(emailKey, window), stateKeys.throttle(addressKey, window)] } } }),
  );
  const failures = new Map((Responses?.[table] ?? []).map((item) => [item.pk as string, item.failures as number]));
  const overEmail = (failures.get(stateKeys.throttle(emailKey, window).pk) ?? 0) >= LOGIN_LIMITS.email;
  const overAddress = (failures.get(stateKeys.throttle(addressKey, window).pk) ?? 0) >= LOGIN_LIMITS.address;
  if (overEmail || overAddress) throw new DomainError('rate_limited', accountMessages.tooManyAttempts);
}

export async function recordLoginFailure(email: string, address: string, now = new Date()): Promise<void> {
  const window = windowStart(now);
  await Promise.all(
    Object.values(subjects(email, address)).map((subject) =>
      dynamo().send(
        new UpdateCommand({
          TableName: config().stateTable,
          Key: stateKeys.throttle(subject, window),
          UpdateExpression: 'ADD failures :one SET expiresAt = :expiresAt',
          ExpressionAttributeValues: { ':one': 1, ':expiresAt': window + WINDOW_SECONDS },
        }),
      ),
    ),
  );
}

/** A successful sign-in clears the e-mail's count (not the address's: one address, many tries). */
export async function clearLoginFailures(email: string, now = new Date()): Promise<void> {
  await dynamo().send(
    new DeleteCommand({ TableName: config().stateTable, Key: stateKeys.throttle(subjects(email, '').email, windowStart(now)) }),
  );
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
