import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod/mini';
import { accountMessages, type profileInput, type Role, type User } from '../../events/accounts/schemas';
import { DomainError, unauthenticated } from '../../events/errors';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { userStreamId } from '../../events/streams';
import { streamHeadOf, type StreamHead, type ViewWrite } from '../store/event-store';
import { stateKeys } from '../store/keys';

/**
 * Accounts in the state table: the user record and its e-mail guard. The writes that change them
 * are built here and committed by the caller with the account event they go with.
 */

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

/** An account route's preload (see httpHandler's `preload`): the caller's user record and their account's stream head, read with the session. */
export const accountPreload = (_params: unknown, _body: unknown, { userId }: { readonly userId: string }) => [stateKeys.user(userId), stateKeys.streamHead(userStreamId(userId))];

/** What accountPreload read: the signed-in user's record (401 if the account is gone, deleted in another tab, say) and the account's head. */
export function preloadedAccount(preloaded: readonly (Record<string, unknown> | undefined)[]): { user: UserRecord; head: StreamHead } {
  const [record, head] = preloaded;
  if (!record) throw unauthenticated('Please sign in to continue.');
  return { user: record as unknown as UserRecord, head: streamHeadOf(head) };
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
  await dynamo().send(new UpdateCommand(userUpdate(userId, { lastLoginAt: at }).item.Update!));
}

/**
 * Sets `fields` of the user record, only if the record exists (and, with `expectedEmail`, still
 * has that e-mail); `onConditionFailed` is the error to answer when it does not.
 */
function userUpdate(
  userId: string,
  fields: Record<string, unknown>,
  options: { expectedEmail?: string; onConditionFailed?: () => Error } = {},
): ViewWrite {
  const names = Object.keys(fields);
  const expected = options.expectedEmail === undefined ? {} : { ':expectedEmail': options.expectedEmail };
  return {
    item: {
      Update: {
        TableName: config().stateTable,
        Key: stateKeys.user(userId),
        UpdateExpression: `SET ${names.map((name) => `${name} = :${name}`).join(', ')}`,
        ConditionExpression: options.expectedEmail === undefined ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND email = :expectedEmail',
        ExpressionAttributeValues: { ...Object.fromEntries(names.map((name) => [`:${name}`, fields[name]])), ...expected },
      },
    },
    ...(options.onConditionFailed && { onConditionFailed: options.onConditionFailed }),
  };
}

/** The new password hash (change or reset). */
export const passwordWrite = (userId: string, passwordHash: string, now: string, onConditionFailed?: () => Error): ViewWrite =>
  userUpdate(userId, { passwordHash, updatedAt: now }, { onConditionFailed });

/** The account proved it reads its e-mail: only while the record still has the e-mail the link was sent to. */
export const emailVerifiedWrite = (user: UserRecord, now: string, onConditionFailed: () => Error): ViewWrite =>
  userUpdate(user.id, { isEmailVerified: true, updatedAt: now }, { expectedEmail: user.email, onConditionFailed });

/** A profile change; a new e-mail moves the e-mail guard, refused (409) when another account has it. */
export function profileWrites(user: UserRecord, profile: z.infer<typeof profileInput>, isEmailVerified: boolean, now: string): ViewWrite[] {
  const { firstName, lastName, email, companyName, phone } = profile;
  const writes = [userUpdate(user.id, { firstName, lastName, email, companyName, phone, isEmailVerified, updatedAt: now })];
  if (email === user.email) return writes;
  const TableName = config().stateTable;
  return [
    ...writes,
    { item: { Delete: { TableName, Key: stateKeys.email(user.email), ConditionExpression: 'userId = :me', ExpressionAttributeValues: { ':me': user.id } } } },
    {
      item: { Put: { TableName, Item: { ...stateKeys.email(email), userId: user.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      onConditionFailed: () => new DomainError('conflict', accountMessages.emailTaken, { email: [accountMessages.emailTaken] }),
    },
  ];
}

/** The user record and its e-mail guard go; the e-mail can then be registered again. */
export function accountDeletionWrites(user: UserRecord): ViewWrite[] {
  const TableName = config().stateTable;
  return [
    { item: { Delete: { TableName, Key: stateKeys.user(user.id) } } },
    { item: { Delete: { TableName, Key: stateKeys.email(user.email) } } },
  ];
}
