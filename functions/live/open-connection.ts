import { uuid } from '../../events/ids';
import { authenticate, type SignedIn } from '../auth/sessions';
import { SESSION_COOKIE, readCookie } from '../auth/session-token';
import { config } from '../config';
import { logger } from '../logger';
import { saveConnection } from './connections';

/** A WebSocket handshake, as it reached $connect. */
export interface Handshake {
  readonly connectionId: string;
  readonly origin: string | undefined;
  readonly host: string | undefined;
  readonly cookie: string | undefined;
  readonly projectId: string | undefined;
}

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

/**
 * Files the connection under its project so the projector can reach it, if someone who
 * `mayFollow` the project (by session cookie: its contractor or assigned client) opened it;
 * otherwise why not (a status and message).
 *
 * A browser sends our cookie with a WebSocket handshake to us whichever page opens it, so a
 * foreign site could listen to a signed-in person's project (cross-site WebSocket hijacking).
 * Browsers always send `Origin` on a handshake: one that is not the app's own is refused (403).
 * A handshake without `Origin` comes from no browser (a script with its own cookie, our tests'
 * `ws` client) and carries no one else's session: it is allowed, and the cookie decides.
 */
export async function openConnection(
  handshake: Handshake,
  mayFollow: (projectId: string, signedIn: SignedIn) => Promise<boolean>,
): Promise<{ refused?: { statusCode: 400 | 401 | 403; message: string } }> {
  const { connectionId, origin } = handshake;
  if (origin !== undefined && !isOwnOrigin(origin, handshake.host)) {
    logger.warn('foreign origin refused', { connectionId, origin: origin.slice(0, 200) });
    return { refused: { statusCode: 403, message: 'This address may not open a connection to the app' } };
  }
  // The same id rule as everywhere else (events/ids.ts): never a DynamoDB key error.
  const parsed = uuid('projectId').safeParse(handshake.projectId ?? '');
  if (!parsed.success) return { refused: { statusCode: 400, message: `projectId: ${parsed.error.issues[0]?.message ?? 'a project id is required'}` } };
  const projectId = parsed.data;
  const { principal } = await authenticate(readCookie(handshake.cookie ? [handshake.cookie] : [], SESSION_COOKIE));
  if (!principal) return { refused: { statusCode: 401, message: 'Please sign in to continue.' } };
  if (!(await mayFollow(projectId, principal))) return { refused: { statusCode: 403, message: 'Not a project of yours' } };
  await saveConnection(connectionId, { projectId, userId: principal.userId, sessionId: principal.sessionId, ...(principal.tenantId ? { tenantId: principal.tenantId } : {}) });
  logger.info('connected', { connectionId, projectId, userId: principal.userId });
  return {};
}
