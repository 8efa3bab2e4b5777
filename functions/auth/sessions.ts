import { randomUUID } from 'node:crypto';
import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { roles } from '../../events/accounts/roles';
import { unauthenticated } from '../../events/errors';
import { epochHolds } from '../auth/users';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import type { ViewWrite } from '../store/event-store';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { updateIfPresent } from '../store/update-if-present';
import { getStateItems } from '../store/view-table';
import { getTenant, tenantOf } from '../tenants/tenant-record';
import type { PlanName, TenantStatus } from '../../events/tenants/plans';
import { stateTable } from '../tables';
import { SESSION_LIFETIME_SECONDS, signSessionToken, verifySessionToken, type Principal } from './session-token';

/**
 * Session records (user_sessions): the server-side half of a session, so that it can be revoked.
 * gsi1 lists a user's sessions, for signing out everywhere after a password change.
 */

export interface SessionOrigin {
  readonly ipAddress?: string;
  readonly userAgent?: string;
}

/** A signed-in caller, with the display name their events carry (kept on the session record) and when a mailed link opened the session. */
export type SignedIn = Principal & {
  readonly displayName?: string;
  readonly provedAt?: string;
  /**
   * A contractor's tenant (issue 31): the company whose projects they work on, the id events
   * carry as `tenantId`. The owner's is their own user id; a colleague's is on their account.
   */
  readonly tenantId?: string;
  /** A contractor's tenant's status (issue 31): a tenant that is not active has its contractors refused (functions/tenants/tenant-access.ts). */
  readonly tenantStatus?: TenantStatus;
  /** A contractor's tenant's plan, read with its status (the rate limiter's and quotas' figures come from it). */
  readonly tenantPlan?: PlanName;
};

/** How long after a mailed link was opened its session may set a new password or e-mail without the current password. */
export const LINK_PROOF_SECONDS = 15 * 60;

/**
 * Records a new session for the user and returns its signed token. The session carries the
 * account's credential epoch the caller checked the credential against (`epoch`, invariant 11),
 * and is written only if the account still has it: a password changed, or the address proved by
 * someone else, between checking and signing in leaves no session. `provedByLink`: it was opened
 * by a mailed link just now (see LINK_PROOF_SECONDS). `loggedInAt`: a sign-in, recorded on the
 * account (lastLoginAt) by the write that checks its epoch, not by a write of its own.
 */
export async function createSession(
  user: { userId: string; role: Principal['role']; displayName?: string; epoch: number; provedByLink?: boolean; loggedInAt?: string },
  origin: SessionOrigin = {},
  now = new Date(),
): Promise<{ token: string; principal: Principal }> {
  const principal: Principal = { userId: user.userId, role: user.role, sessionId: randomUUID() };
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000);
  const TableName = config().stateTable;
  const put = {
      TableName,
      Item: {
        ...stateKeys.session(principal.sessionId),
        gsi1pk: stateKeys.userSessions(user.userId),
        gsi1sk: principal.sessionId,
        sessionId: principal.sessionId,
        userId: user.userId,
        // The role a request acts with comes from here, not from the token's claims.
        role: user.role,
        // The name this session's events carry, so a write need not read the user record for it.
        displayName: user.displayName,
        ipAddress: origin.ipAddress,
        userAgent: origin.userAgent,
        epoch: user.epoch,
        ...(user.provedByLink ? { provedAt: now.toISOString() } : {}),
        createdAt: now.toISOString(),
        lastAccessedAt: now.toISOString(),
        expiresAt: Math.floor(expiresAt.getTime() / 1000),
      },
  };
  const account = { TableName, Key: stateKeys.user(user.userId), ConditionExpression: `attribute_exists(pk) AND ${epochHolds(user.epoch)}`, ExpressionAttributeValues: { ':epoch': user.epoch } };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: put },
          user.loggedInAt
            ? { Update: { ...account, UpdateExpression: 'SET lastLoginAt = :at', ExpressionAttributeValues: { ...account.ExpressionAttributeValues, ':at': user.loggedInAt } } }
            : { ConditionCheck: account },
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw unauthenticated('Your sign-in details changed meanwhile. Please sign in again.');
    throw error;
  }
  return { token: await signSessionToken(principal, expiresAt), principal };
}

/**
 * Keeps the session making a credential change signed in: it takes the account's new epoch in the
 * change's transaction, while every other session stays on the old one and so has ended.
 */
export const sessionEpochWrite = (sessionId: string, epoch: number): ViewWrite => ({
  item: {
    Update: {
      TableName: config().stateTable,
      Key: stateKeys.session(sessionId),
      UpdateExpression: 'SET epoch = :epoch',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':epoch': epoch },
    },
  },
  onConditionFailed: () => unauthenticated('Please sign in to continue.'),
});

/** Whether the session was opened by a mailed link within LINK_PROOF_SECONDS (it may then set a password or e-mail without the current password). */
export const provedByLinkJustNow = (session: SignedIn, now = Date.now()): boolean =>
  session.provedAt !== undefined && now - Date.parse(session.provedAt) <= LINK_PROOF_SECONDS * 1000;

export async function revokeSession(sessionId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: config().stateTable, Key: stateKeys.session(sessionId) }));
}

/** The ids of the user's sessions (gsi1). */
export async function userSessionIds(userId: string): Promise<string[]> {
  const sessions = await queryAll<{ sessionId: string }>({
    IndexName: stateTable.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': stateKeys.userSessions(userId) },
  });
  return sessions.map((session) => session.sessionId);
}

/**
 * Deletes the records of every session of the user but `keep`. After a credential change the
 * epoch has already ended them (authenticate refuses a session of an older epoch); this is
 * housekeeping, and the count says how many there were.
 */
export async function revokeUserSessions(userId: string, keep?: string): Promise<number> {
  const revoked = (await userSessionIds(userId)).filter((sessionId) => sessionId !== keep);
  await Promise.all(revoked.map(revokeSession));
  return revoked.length;
}

/** Gives these sessions (a user's, after a profile change) their new display name. */
export async function renameSessions(sessionIds: readonly string[], displayName: string): Promise<void> {
  // One signed out meanwhile: nothing to rename.
  await Promise.all(
    sessionIds.map((sessionId) => updateIfPresent({ Key: stateKeys.session(sessionId), UpdateExpression: 'SET displayName = :name', ExpressionAttributeValues: { ':name': displayName } })),
  );
}

/**
 * The principal of a valid token whose session record still exists and has not expired. The
 * token only names the session: who the caller is and the role they act with are read from the
 * server's records, so a token re-signed with a leaked key grants nothing a session does not.
 *
 * `alsoRead`: items of the state table the request will need (e.g. the stream head of the item a
 * PATCH names, or the account of the user the token claims), read in the same round trip as the
 * session. They are returned only when the caller is signed in as the user claimed.
 */
export async function authenticate(
  token: string | undefined,
  alsoRead: (claimedUserId: string) => readonly { pk: string; sk: string }[] = () => [],
): Promise<{ principal?: SignedIn; items: (Record<string, unknown> | undefined)[] }> {
  const none = { items: [] };
  if (!token) return none;
  const claimed = await verifySessionToken(token);
  if (!claimed) return none;
  // The account comes in the same round trip: a session is worth only the credentials it was issued under (invariant 11).
  // So is the tenant record of the company an owner owns (its id is theirs): a suspended tenant's sessions are refused at no extra round trip.
  // Not a client's (the token names the role it was issued for): they own none, and reading an item that is not there costs a read unit all the same.
  const ownTenantKeys = claimed.role === 'contractor' ? [stateKeys.tenant(claimed.userId)] : [];
  const [Item, account, ...read] = await getStateItems([stateKeys.session(claimed.sessionId), stateKeys.user(claimed.userId), ...ownTenantKeys, ...alsoRead(claimed.userId)]);
  const ownTenant = ownTenantKeys.length ? read[0] : undefined;
  const items = read.slice(ownTenantKeys.length);
  if (!Item || !account || Item.userId !== claimed.userId || (Item.expiresAt as number) * 1000 <= Date.now()) return none;
  if (((Item.epoch as number | undefined) ?? 0) !== ((account.authEpoch as number | undefined) ?? 0)) return none;
  const role = roleSchema.safeParse(Item.role ?? account.role);
  if (!role.success) return none;
  // Sessions recorded before the name was kept with them leave it to the command to read.
  const displayName = Item.displayName as string | undefined;
  const provedAt = Item.provedAt as string | undefined;
  const tenantId = role.data === 'contractor' ? ((account.tenantId as string | undefined) ?? (Item.userId as string)) : undefined;
  // A colleague's tenant is known only from their account: one read more, for colleagues only.
  const tenant = tenantId === undefined ? undefined : tenantId === claimed.userId && ownTenantKeys.length ? tenantOf(tenantId, ownTenant) : await getTenant(tenantId);
  return {
    principal: { userId: Item.userId as string, role: role.data, sessionId: claimed.sessionId, ...(displayName ? { displayName } : {}), ...(provedAt ? { provedAt } : {}), ...(tenantId ? { tenantId } : {}), ...(tenant ? { tenantStatus: tenant.status, tenantPlan: tenant.plan } : {}) },
    items,
  };
}

// Sessions recorded before the role was kept with them fall back to the account's role.
const roleSchema = z.enum(roles);
