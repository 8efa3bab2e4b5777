import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { saveConnection } from '../adapters/connections';
import { authenticate } from '../auth/sessions';
import { SESSION_COOKIE, readCookie } from '../auth/session-token';
import { config } from '../config';
import { cameThroughCloudFront, DIRECT_CALL_REFUSED } from '../http/client-address';
import { uuid } from '../../events/ids';
import { logger } from '../logger';
import { getSummary, isMember } from '../projects/read';

/**
 * $connect on /ws?projectId=…: only the project's contractor or assigned client (by session
 * cookie) may connect; the connection is filed under its project so the projector can reach it.
 *
 * A browser sends our cookie with a WebSocket handshake to us whichever page opens it, so a
 * foreign site could listen to a signed-in person's project (cross-site WebSocket hijacking).
 * Browsers always send `Origin` on a handshake: one that is not the app's own is refused (403).
 * A handshake without `Origin` comes from no browser (a script with its own cookie, our tests'
 * `ws` client) and carries no one else's session: it is allowed, and the cookie decides.
 */

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined>;
  headers?: Record<string, string | undefined>;
};

const refuse = (statusCode: number, message: string): APIGatewayProxyResultV2 => ({ statusCode, body: JSON.stringify({ message }) });

/**
 * The app's own origin (from APP_URL). On the local cloud also the same address written the
 * other way (`localhost` ⇄ `127.0.0.1`) and the address the request was made to (its Host
 * header, e.g. the machine's LAN name with HOST=0.0.0.0): a page served by the gateway itself.
 */
export function isOwnOrigin(origin: string, host: string | undefined): boolean {
  const { appUrl, mode } = config();
  let own: URL;
  let given: URL;
  try {
    own = new URL(appUrl);
    given = new URL(origin);
  } catch {
    return false;
  }
  if (given.origin === own.origin) return true;
  if (mode !== 'local') return false;
  const loopback = ['localhost', '127.0.0.1'];
  if (given.protocol === own.protocol && given.port === own.port && loopback.includes(given.hostname) && loopback.includes(own.hostname)) return true;
  return host !== undefined && given.origin === `${given.protocol}//${host}`;
}

export async function handler(event: ConnectEvent): Promise<APIGatewayProxyResultV2> {
  // As for HTTP (functions/http/handler.ts): in AWS a handshake without CloudFront's secret header went around its WAF.
  const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  if (config().originSecret && !cameThroughCloudFront({ headers })) return refuse(403, DIRECT_CALL_REFUSED);
  const origin = event.headers?.origin ?? event.headers?.Origin;
  if (origin !== undefined && !isOwnOrigin(origin, event.headers?.host ?? event.headers?.Host)) {
    logger.warn('foreign origin refused', { connectionId: event.requestContext.connectionId, origin: origin.slice(0, 200) });
    return refuse(403, 'This address may not open a connection to the app');
  }
  // The same id rule as everywhere else (events/ids.ts): never a DynamoDB key error.
  const parsed = uuid('projectId').safeParse(event.queryStringParameters?.projectId ?? '');
  if (!parsed.success) return refuse(400, `projectId: ${parsed.error.issues[0]?.message ?? 'a project id is required'}`);
  const projectId = parsed.data;
  const cookie = event.headers?.cookie ?? event.headers?.Cookie;
  const { principal } = await authenticate(readCookie(cookie ? [cookie] : [], SESSION_COOKIE));
  if (!principal) return refuse(401, 'Please sign in to continue.');
  const project = await getSummary(projectId);
  if (!project || !isMember(project, principal)) return refuse(403, 'Not a project of yours');
  await saveConnection(event.requestContext.connectionId, { projectId, userId: principal.userId, sessionId: principal.sessionId });
  logger.info('connected', { connectionId: event.requestContext.connectionId, projectId, userId: principal.userId });
  return { statusCode: 200 };
}
