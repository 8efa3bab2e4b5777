import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role, User } from '../../events/accounts/schemas';
import { unauthenticated } from '../../events/errors';
import { dynamo } from '../adapters/aws-clients';
import { config } from '../config';
import { stateKeys } from '../store/keys';

/** Accounts in the state table: the user record and its e-mail guard. */

export interface UserRecord extends User {
  readonly passwordHash: string;
}

export async function findUserById(userId: string): Promise<UserRecord | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.user(userId), ConsistentRead: true }));
  return Item as UserRecord | undefined;
}

/** The signed-in user's record; 401 if the account is gone (deleted in another tab, say). */
export async function signedInUser(userId: string): Promise<UserRecord> {
  const user = await findUserById(userId);
  if (!user) throw unauthenticated('Please sign in to continue.');
  return user;
}

export async function findUserByEmail(email: string): Promise<UserRecord | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.email(email), ConsistentRead: true }));
  return Item ? findUserById(Item.userId) : undefined;
}

/** The user as the API shows it (no hash, no keys). */
export function publicUser(record: UserRecord): User {
  return {
    id: record.id,
    email: record.email,
    firstName: record.firstName,
    lastName: record.lastName,
    role: record.role,
    companyName: record.companyName ?? null,
    phone: record.phone ?? null,
    isEmailVerified: record.isEmailVerified,
    isActive: record.isActive,
    lastLoginAt: record.lastLoginAt ?? null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

export function newUserRecord(input: {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: Role;
  companyName: string | null;
  phone: string | null;
  now: string;
}): UserRecord & { pk: string; sk: string } {
  const { now, ...fields } = input;
  return {
    ...stateKeys.user(input.id),
    ...fields,
    isEmailVerified: false,
    isActive: true,
    lastLoginAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

export async function recordLogin(userId: string, at: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: config().stateTable,
      Key: stateKeys.user(userId),
      UpdateExpression: 'SET lastLoginAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
}
