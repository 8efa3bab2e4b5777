/**
 * The route manifest: the one place that says which routes exist, which handler module serves
 * each, and who may call it. The CDK stack makes one Lambda and one API Gateway route per entry;
 * the local gateway serves the same entries.
 *
 * A handler lives at `functions/handlers/<handler>.ts` and exports `handler`.
 */

export type Access = 'public' | 'authenticated' | 'contractor' | 'client';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRoute {
  readonly method: HttpMethod;
  /** API Gateway syntax: `/api/projects/{id}`. */
  readonly path: string;
  readonly handler: string;
  readonly access: Access;
}

export const httpRoutes = {
  health: { method: 'GET', path: '/api/health', handler: 'health', access: 'public' },
} as const satisfies Record<string, HttpRoute>;

export type RouteName = keyof typeof httpRoutes;

/** The WebSocket API's routes (served at `/ws` locally). */
export const webSocketRoutes = {
  $connect: { handler: 'ws-connect' },
  $disconnect: { handler: 'ws-disconnect' },
  $default: { handler: 'ws-default' },
} as const satisfies Record<string, { handler: string }>;

/** The consumer of the events table's stream (an event source mapping in AWS, a poller locally). */
export const projector = { handler: 'projector', batchSize: 100 } as const;

export const handlerModulePath = (handler: string): string => `functions/handlers/${handler}.ts`;
