import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DeleteConnectionCommand, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { dynamo } from './dynamo';
import { websocketManagement } from './websocket-management';
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
}

export async function saveConnection(connectionId: string, owner: ConnectionOwner, now = new Date()): Promise<void> {
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
        expiresAt: Math.floor(now.getTime() / 1000) + CONNECTION_TTL_SECONDS,
      },
    }),
  );
}

export async function deleteConnection(connectionId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: config().stateTable, Key: stateKeys.connection(connectionId) }));
}

/** The open connections of a project, each with the user who opened it. */
export async function projectConnections(projectId: string): Promise<{ connectionId: string; userId: string }[]> {
  const nowSeconds = Date.now() / 1000;
  const endpoint = config().wsManagementEndpoint;
  const items = await queryAll<{ connectionId: string; userId: string; expiresAt: number; endpoint?: string }>({
    IndexName: stateTable.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': stateKeys.projectConnections(projectId) },
  });
  // Expired records can linger until DynamoDB's TTL sweep removes them.
  return items.filter((item) => item.expiresAt > nowSeconds && item.endpoint === endpoint).map(({ connectionId, userId }) => ({ connectionId, userId }));
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
