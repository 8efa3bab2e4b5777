import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { saveConnection } from '../adapters/connections';
import { authenticate } from '../auth/sessions';
import { SESSION_COOKIE, readCookie } from '../auth/session-token';
import { logger } from '../logger';
import { getSummary, isMember } from '../projects/read';

/**
 * $connect on /ws?projectId=…: only the project's contractor or assigned client (by session
 * cookie) may connect; the connection is filed under its project so the projector can reach it.
 */

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined>;
  headers?: Record<string, string | undefined>;
};

const refuse = (statusCode: number, message: string): APIGatewayProxyResultV2 => ({ statusCode, body: JSON.stringify({ message }) });

export async function handler(event: ConnectEvent): Promise<APIGatewayProxyResultV2> {
  const projectId = event.queryStringParameters?.projectId;
  if (!projectId) return refuse(400, 'projectId: a project id is required');
  const cookie = event.headers?.cookie ?? event.headers?.Cookie;
  const principal = await authenticate(readCookie(cookie ? [cookie] : [], SESSION_COOKIE));
  if (!principal) return refuse(401, 'Please sign in to continue.');
  const project = await getSummary(projectId);
  if (!project || !isMember(project, principal)) return refuse(403, 'Not a project of yours');
  await saveConnection(event.requestContext.connectionId, { projectId, userId: principal.userId });
  logger.info('connected', { connectionId: event.requestContext.connectionId, projectId, userId: principal.userId });
  return { statusCode: 200 };
}
