import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DeleteConnectionCommand, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { dynamo } from '../adapters/dynamo';
import { websocketManagement } from '../adapters/websocket-management';
import { config } from '../config';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { stateTable } from '../tables';
import { logger } from '../logger';

/**
 * WebSocket connections per project, and pushing a message to all of them through the API
 * Gateway management API. A connection that is gone is forgotten on the spot.
 */

/** API Gateway closes a WebSocket after 2 hours at most; the record expires with it. */
const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

export interface ConnectionOwner {
  readonly projectId: string;
  readonly userId: string;
  /** The session that opened it: signing out closes it, as does any end of the user's sessions. */
  readonly sessionId: string;
  /** A contractor's company (issue 31): a colleague follows the project as one of its contractors. */
  readonly tenantId?: string;
}

export async function saveConnection(connectionId: string, owner: ConnectionOwner, now = new Date()): Promise<void> {
  const expiresAt = Math.floor(now.getTime() / 1000) + CONNECTION_TTL_SECONDS;
  // Filed under its user too (base table, read strongly), so a credential change finds every one.
  await dynamo().send(
    new PutCommand({
      TableName: config().stateTable,
      Item: { ...stateKeys.userConnection(owner.userId, connectionId), connectionId, sessionId: owner.sessionId, expiresAt },
    }),
  );
  await dynamo().send(
    new PutCommand({
      TableName: config().stateTable,
      Item: {
        ...stateKeys.connection(connectionId),
        gsi1pk: stateKeys.projectConnections(owner.projectId),
        gsi1sk: connectionId,
        connectionId,
        // Which WebSocket API holds it: one in AWS, but two local gateways may share a database.
        endpoint: config().wsManagementEndpoint,
        ...owner,
        connectedAt: now.toISOString(),
        expiresAt,
      },
    }),
  );
}

export async function deleteConnection(connectionId: string): Promise<void> {
  const TableName = config().stateTable;
  const { Attributes } = await dynamo().send(new DeleteCommand({ TableName, Key: stateKeys.connection(connectionId), ReturnValues: 'ALL_OLD' }));
  if (Attributes?.userId) await dynamo().send(new DeleteCommand({ TableName, Key: stateKeys.userConnection(Attributes.userId as string, connectionId) }));
}

/**
 * Closes the user's open WebSockets: those `of` one session (it signed out), or all but those of
 * session `except` (the others ended with a credential change), or every one. A socket opened by
 * a session that no longer counts must not go on hearing the project's notices.
 */
export async function closeUserConnections(userId: string, which: { of?: string; except?: string } = {}): Promise<number> {
  const TableName = config().stateTable;
  const key = stateKeys.userConnection(userId, '');
  const { Items = [] } = await dynamo().send(
    new QueryCommand({ TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': key.pk }, ConsistentRead: true }),
  );
  const closing = Items.filter((item) => (which.of === undefined || item.sessionId === which.of) && (which.except === undefined || item.sessionId !== which.except));
  await Promise.all(closing.map((item) => dropConnection(item.connectionId as string)));
  return closing.length;
}

/** The open connections of a project, each with the user who opened it. */
export async function projectConnections(projectId: string): Promise<{ connectionId: string; userId: string; tenantId?: string }[]> {
  const nowSeconds = Date.now() / 1000;
  const endpoint = config().wsManagementEndpoint;
  const items = await queryAll<{ connectionId: string; userId: string; tenantId?: string; expiresAt: number; endpoint?: string }>({
    IndexName: stateTable.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': stateKeys.projectConnections(projectId) },
  });
  // Expired records can linger until DynamoDB's TTL sweep removes them.
  return items.filter((item) => item.expiresAt > nowSeconds && item.endpoint === endpoint).map(({ connectionId, userId, tenantId }) => ({ connectionId, userId, ...(tenantId ? { tenantId } : {}) }));
}

/** Closes a connection whose user may no longer follow its project, and forgets it. */
export async function dropConnection(connectionId: string): Promise<void> {
  const client = websocketManagement();
  await client?.send(new DeleteConnectionCommand({ ConnectionId: connectionId })).catch((error: unknown) => {
    if (!(error instanceof GoneException)) throw error;
  });
  await deleteConnection(connectionId);
}

/** Sends to one connection; false when it is gone (and then its record is deleted). */
export async function postToConnection(connectionId: string, message: unknown): Promise<boolean> {
  const client = websocketManagement();
  if (!client) throw new Error('WS_MANAGEMENT_ENDPOINT is not configured');
  try {
    await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify(message) }));
    return true;
  } catch (error) {
    if (!(error instanceof GoneException)) throw error;
    logger.info('connection gone', { connectionId });
    await deleteConnection(connectionId);
    return false;
  }
}

/** Sends to each connection; returns how many got it and how many were gone. */
export async function postToConnections(connectionIds: readonly string[], message: unknown): Promise<{ sent: number; gone: number }> {
  const results = await Promise.all(connectionIds.map((id) => postToConnection(id, message)));
  const sent = results.filter(Boolean).length;
  return { sent, gone: results.length - sent };
}
