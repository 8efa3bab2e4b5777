import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { postToConnection } from '../live/connections';

/**
 * Messages from browsers. The only one is a keep-alive `{"type":"ping"}` (API Gateway drops a
 * connection after 10 idle minutes), answered with `{"type":"pong"}`.
 */
export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  let message: unknown;
  try {
    message = JSON.parse(event.body ?? '');
  } catch {
    return { statusCode: 400, body: 'Messages must be JSON' };
  }
  if (typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'ping') {
    await postToConnection(event.requestContext.connectionId, { type: 'pong' });
  }
  return { statusCode: 200 };
}
