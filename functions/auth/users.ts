import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod/mini';
import { accountMessages } from '../../events/accounts/messages';
import type { profileInput, User } from '../../events/accounts/schemas';
import type { Role } from '../../events/accounts/roles';
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

export interface UserRecord extends Omit<User, 'linkSignInOnly'> {
  /** null once a password set before the address was proved was dropped (see emailVerifiedWrite). */
  readonly passwordHash: string | null;
  /**
   * Architecture invariant 11: counts the account's credential changes (password, e-mail, first
   * proof of its address, 'this was not me'). A session or a mailed link carries the value it was
   * issued under and is worth nothing once it moved. Absent on records made before: 0.
   */
  readonly authEpoch?: number;
  /** Whether whoever set the password had proved the account's address (a reset link, or a change after a proof). */
  readonly passwordProved?: boolean;
}

export const epochOf = (user: Pick<UserRecord, 'authEpoch'>): number => user.authEpoch ?? 0;

/** The condition that the account's epoch is still `epoch` (`:epoch`); a record made before epochs has none, which counts as 0. */
export const epochHolds = (epoch: number): string => (epoch === 0 ? '(attribute_not_exists(authEpoch) OR authEpoch = :epoch)' : 'authEpoch = :epoch');

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
    linkSignInOnly: record.passwordHash === null,
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
    authEpoch: 0,
    passwordProved: false,
    isEmailVerified: false,
    isActive: true,
    lastLoginAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Sets `fields` of the user record, only if the record exists (and, with `expectedEmail`, still
 * has that e-mail); `onConditionFailed` is the error to answer when it does not. `bumpEpoch`
 * moves the account's credential epoch on, only from the value the caller read (`epochOf`): of
 * two changes racing, the second fails instead of keeping a credential the first one ended.
 */
function userUpdate(
  userId: string,
  fields: Record<string, unknown>,
  options: { expectedEmail?: string; onConditionFailed?: () => Error; bumpEpoch?: { from: number }; expectedEpoch?: number } = {},
): ViewWrite {
  const names = Object.keys(fields);
  const values: Record<string, unknown> = Object.fromEntries(names.map((name) => [`:${name}`, fields[name]]));
  const sets = names.map((name) => `${name} = :${name}`);
  const conditions = ['attribute_exists(pk)'];
  if (options.expectedEmail !== undefined) {
    conditions.push('email = :expectedEmail');
    values[':expectedEmail'] = options.expectedEmail;
  }
  const epoch = options.bumpEpoch?.from ?? options.expectedEpoch;
  if (epoch !== undefined) {
    conditions.push(epochHolds(epoch));
    values[':epoch'] = epoch;
  }
  if (options.bumpEpoch) {
    sets.push('authEpoch = :nextEpoch');
    values[':nextEpoch'] = options.bumpEpoch.from + 1;
  }
  return {
    item: {
      Update: {
        TableName: config().stateTable,
        Key: stateKeys.user(userId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeValues: values,
      },
    },
    ...(options.onConditionFailed && { onConditionFailed: options.onConditionFailed }),
  };
}

/**
 * A new password (change, reset, or set after a link): set by someone who proved the address,
 * and every session and link issued before it is dead (the epoch moves on from `epoch`).
 */
export const passwordWrite = (userId: string, passwordHash: string, now: string, epoch: number, onConditionFailed?: () => Error): ViewWrite =>
  userUpdate(userId, { passwordHash, passwordProved: true, updatedAt: now }, { onConditionFailed, bumpEpoch: { from: epoch } });

/**
 * The account proved it reads its e-mail: only while the record still has the e-mail the link was
 * sent to and the credentials (epoch) the link was issued under. The first proof of the address on
 * the account ends everything its unproved creator held (invariant 11): the epoch moves on, so
 * every session ends, and a password set before the proof is dropped (`firstProofDrops`).
 */
export function emailVerifiedWrite(user: UserRecord, now: string, onConditionFailed: () => Error): ViewWrite {
  const drops = firstProofDrops(user);
  return userUpdate(
    user.id,
    { isEmailVerified: true, updatedAt: now, ...(drops.passwordCleared ? { passwordHash: null } : {}) },
    { expectedEmail: user.email, onConditionFailed, ...(drops.sessionsEnded ? { bumpEpoch: { from: epochOf(user) } } : { expectedEpoch: epochOf(user) }) },
  );
}

/** What proving the address now ends: sessions when it was not proved yet; the password too when whoever set it had not proved it. */
export function firstProofDrops(user: UserRecord): { sessionsEnded: boolean; passwordCleared: boolean } {
  const first = !user.isEmailVerified;
  return { sessionsEnded: first, passwordCleared: first && user.passwordHash !== null && !user.passwordProved };
}

/**
 * A profile change; a new e-mail moves the e-mail guard, refused (409) when another account has
 * it, and ends every session and link issued under the old address (the epoch moves on).
 */
export function profileWrites(user: UserRecord, profile: z.infer<typeof profileInput>, isEmailVerified: boolean, now: string): ViewWrite[] {
  const { firstName, lastName, email, companyName, phone } = profile;
  const moved = email !== user.email;
  const writes = [userUpdate(user.id, { firstName, lastName, email, companyName, phone, isEmailVerified, updatedAt: now }, moved ? { bumpEpoch: { from: epochOf(user) } } : {})];
  if (!moved) return writes;
  return [...writes, ...emailGuardMove(user.id, user.email, email)];
}

/** Moves the uniqueness guard of an account's e-mail from one address to another; 409 when another account has the new one. */
export function emailGuardMove(userId: string, from: string, to: string): ViewWrite[] {
  const TableName = config().stateTable;
  return [
    { item: { Delete: { TableName, Key: stateKeys.email(from), ConditionExpression: 'userId = :me', ExpressionAttributeValues: { ':me': userId } } } },
    {
      item: { Put: { TableName, Item: { ...stateKeys.email(to), userId }, ConditionExpression: 'attribute_not_exists(pk)' } },
      onConditionFailed: () => new DomainError('conflict', accountMessages.emailTaken, { email: [accountMessages.emailTaken] }),
    },
  ];
}

/**
 * 'This was not me' (invariant 11): every session and link ends, the password is dropped (the
 * owner signs in by link or resets it), and the e-mail goes back to `restoreEmail` when a change
 * moved it away (the owner proved that address by opening the notice's link).
 */
export function notMeWrites(user: UserRecord, restoreEmail: string | null, now: string, onConditionFailed: () => Error): ViewWrite[] {
  const fields = { passwordHash: null, updatedAt: now, ...(restoreEmail ? { email: restoreEmail, isEmailVerified: true } : {}) };
  const writes = [userUpdate(user.id, fields, { onConditionFailed, bumpEpoch: { from: epochOf(user) } })];
  return restoreEmail ? [...writes, ...emailGuardMove(user.id, user.email, restoreEmail)] : writes;
}

/** The user record and its e-mail guard go; the e-mail can then be registered again. */
export function accountDeletionWrites(user: UserRecord): ViewWrite[] {
  const TableName = config().stateTable;
  return [
    { item: { Delete: { TableName, Key: stateKeys.user(user.id) } } },
    { item: { Delete: { TableName, Key: stateKeys.email(user.email) } } },
  ];
}
