import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import type { ViewWrite } from '../store/event-store';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { stateTable } from '../tables';

/**
 * Tokens sent only by e-mail: password reset (password_reset_tokens) and e-mail verification
 * (email_verification_tokens), one shape for both. 256 random bits; stored as their SHA-256 so a
 * database reader cannot use them; single use (usedAt); removed by TTL once expired, and with
 * the user (gsi1) when they name one.
 */

type Key = { pk: string; sk: string };

export interface TokenKind {
  readonly key: (tokenHash: string) => Key;
  readonly lifetimeSeconds: number;
}

export const resetTokens: TokenKind = { key: stateKeys.resetToken, lifetimeSeconds: 60 * 60 };
/** 'This was not me', mailed with the notice of a change: the owner may read it days later. */
export const notMeTokens: TokenKind = { key: stateKeys.notMeToken, lifetimeSeconds: 7 * 24 * 60 * 60 };
/** Invitations wait in an inbox for days; so may a new account's confirmation. */
export const verificationTokens: TokenKind = { key: stateKeys.verificationToken, lifetimeSeconds: 7 * 24 * 60 * 60 };

/** What a verification token proves: that whoever holds it reads `email`; `projectId` for an invitation. */
export interface VerificationFields {
  readonly email: string;
  readonly userId: string | null;
  readonly projectId: string | null;
  /** The account's credential epoch when mailed to an account (not with an invitation). */
  readonly epoch?: number;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token, and the write that stores it (committed with the event it goes with, or alone). */
export function newMailedToken(
  kind: TokenKind,
  fields: { userId: string | null } & Record<string, string | number | null>,
  now = new Date(),
): { token: string; expiresAt: Date; write: ViewWrite } {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + kind.lifetimeSeconds * 1000);
  const item = {
    ...kind.key(hashToken(token)),
    ...(fields.userId
      ? { gsi1pk: stateKeys.userTokens(fields.userId), gsi1sk: now.toISOString() }
      : typeof fields.projectId === 'string'
        ? { gsi1pk: stateKeys.projectInvitations(fields.projectId), gsi1sk: now.toISOString() }
        : {}),
    ...fields,
    createdAt: now.toISOString(),
    usedAt: null,
    expiresAt: Math.floor(expiresAt.getTime() / 1000),
  };
  return { token, expiresAt, write: { item: { Put: { TableName: config().stateTable, Item: item } } } };
}

/** Stores a new token on its own (no event goes with it) and answers the token. */
export async function storeMailedToken(kind: TokenKind, fields: Parameters<typeof newMailedToken>[1]): Promise<string> {
  const { token, write } = newMailedToken(kind, fields);
  await dynamo().send(new PutCommand(write.item.Put!));
  return token;
}

/** A reset link is worth only the credentials it was issued under (`epoch`, invariant 11). */
export const newResetToken = (userId: string, epoch: number, now = new Date()) => newMailedToken(resetTokens, { userId, epoch }, now);

/**
 * Whether a link mailed to an account was issued under its current credentials (invariant 11):
 * any password or e-mail change, or the address's first proof, moves the account's epoch on and
 * kills it. Links mailed before epochs existed carry none: 0.
 */
export const issuedUnder = (record: { epoch?: number }, epoch: number): boolean => (record.epoch ?? 0) === epoch;

export const newVerificationToken = (fields: VerificationFields, now = new Date()) =>
  newMailedToken(verificationTokens, { ...fields, email: fields.email.toLowerCase() }, now);

/** A token's record if it exists, has not expired and was not used (TTL deletes lag, so expiry is checked here). */
export async function findUsableToken<T>(kind: TokenKind, token: string, now = new Date()): Promise<{ record: T; key: Key } | undefined> {
  const key = kind.key(hashToken(token));
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: key, ConsistentRead: true }));
  if (!Item || Item.usedAt || Item.expiresAt * 1000 <= now.getTime()) return undefined;
  return { record: Item as T, key };
}

/** Marks the token used, only if nobody did first (two requests racing with one link). */
export function spendToken(key: Key, now: string, onConditionFailed: () => Error): ViewWrite {
  return {
    item: {
      Update: {
        TableName: config().stateTable,
        Key: key,
        UpdateExpression: 'SET usedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND usedAt = :unused',
        ExpressionAttributeValues: { ':now': now, ':unused': null },
      },
    },
    onConditionFailed,
  };
}

/** Deletes every token that names the user (reset and verification), as the account goes. */
export const deleteUserTokens = (userId: string) => deleteTokensListedAs(stateKeys.userTokens(userId));

/** Deletes the project's invitations not yet taken up (they hold the client's e-mail), as the client is erased. */
export const deleteInvitationTokens = (projectId: string) => deleteTokensListedAs(stateKeys.projectInvitations(projectId));

async function deleteTokensListedAs(gsi1pk: string): Promise<void> {
  const tokens = await queryAll<Key>({
    IndexName: stateTable.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi1pk },
  });
  const TableName = config().stateTable;
  await Promise.all(tokens.map((token) => dynamo().send(new DeleteCommand({ TableName, Key: { pk: token.pk, sk: token.sk } }))));
}
