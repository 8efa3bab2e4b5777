import { createHash, randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../adapters/aws-clients';
import { config } from '../config';
import type { ViewWrite } from '../store/event-store';
import { stateKeys } from '../store/keys';

/**
 * Password reset tokens: 256 random bits, sent only by e-mail; stored as their SHA-256 so a
 * database reader cannot use them. One hour, single use (usedAt), removed by TTL.
 */

export const RESET_TOKEN_LIFETIME_SECONDS = 60 * 60;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token, and the write that stores it (committed with the account event). */
export function newResetToken(userId: string, now = new Date()): { token: string; expiresAt: Date; write: ViewWrite } {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_LIFETIME_SECONDS * 1000);
  const item = {
    ...stateKeys.resetToken(hashToken(token)),
    gsi1pk: stateKeys.userTokens(userId),
    gsi1sk: now.toISOString(),
    userId,
    createdAt: now.toISOString(),
    usedAt: null,
    expiresAt: Math.floor(expiresAt.getTime() / 1000),
  };
  return { token, expiresAt, write: { item: { Put: { TableName: config().stateTable, Item: item } } } };
}

/** The user a token resets, if it exists, has not expired and was not used. */
export async function findUsableResetToken(token: string, now = new Date()): Promise<{ userId: string; key: ReturnType<typeof stateKeys.resetToken> } | undefined> {
  const key = stateKeys.resetToken(hashToken(token));
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: key, ConsistentRead: true }));
  if (!Item || Item.usedAt || Item.expiresAt * 1000 <= now.getTime()) return undefined;
  return { userId: Item.userId, key };
}
