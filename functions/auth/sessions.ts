import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../adapters/aws-clients';
import { config } from '../config';
import { stateKeys } from '../store/keys';
import { signSessionToken, verifySessionToken, type Principal } from './session-token';

/** Session records: the server-side half of a session, so that it can be revoked. */

export interface SessionRecord {
  readonly sessionId: string;
  readonly userId: string;
  readonly expiresAt: Date;
  readonly ipAddress?: string;
  readonly userAgent?: string;
}

export async function createSession(principal: Principal, record: SessionRecord): Promise<string> {
  const now = new Date().toISOString();
  await dynamo().send(
    new PutCommand({
      TableName: config().stateTable,
      Item: {
        ...stateKeys.session(record.sessionId),
        userId: record.userId,
        ipAddress: record.ipAddress,
        userAgent: record.userAgent,
        createdAt: now,
        lastAccessedAt: now,
        expiresAt: Math.floor(record.expiresAt.getTime() / 1000),
      },
    }),
  );
  return signSessionToken(principal, record.expiresAt);
}

export async function revokeSession(sessionId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: config().stateTable, Key: stateKeys.session(sessionId) }));
}

/** The principal of a valid token whose session record still exists and has not expired. */
export async function authenticate(token: string | undefined): Promise<Principal | undefined> {
  if (!token) return undefined;
  const principal = await verifySessionToken(token);
  if (!principal) return undefined;
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().stateTable, Key: stateKeys.session(principal.sessionId) }),
  );
  const live = Item && Item.userId === principal.userId && Item.expiresAt * 1000 > Date.now();
  return live ? principal : undefined;
}
