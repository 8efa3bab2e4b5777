/**
 * Keys of the `state` table. Every id in a key ends with the `#` delimiter, so a begins_with
 * query for one tenant or project never matches another whose id merely starts the same way.
 */

const part = (kind: string, id: string): string => `${kind}#${id}#`;

export const stateKeys = {
  /** The recorded last position of an event stream (version and hash). */
  streamHead: (streamId: string) => ({ pk: part('stream', streamId), sk: 'head' }),
  /** A replayable response for an Idempotency-Key, per caller. */
  idempotency: (scope: string, key: string) => ({ pk: part('idempotency', scope), sk: part('key', key) }),
  /** A signed-in session (user_sessions); deleting it revokes the session cookie. */
  session: (sessionId: string) => ({ pk: part('session', sessionId), sk: 'session' }),
  /** A WebSocket connection; gsi1 lists a project's connections. */
  connection: (connectionId: string) => ({ pk: part('connection', connectionId), sk: 'connection' }),
  projectConnections: (projectId: string) => part('project-connections', projectId),
} as const;
