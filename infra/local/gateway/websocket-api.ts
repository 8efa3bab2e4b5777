import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { webSocketRoutes } from '../../../functions/routes';
import { invoke } from './lambda';

/**
 * The WebSocket API at /ws ($connect, $disconnect, $default) and its management endpoint
 * (`POST|GET|DELETE /@connections/{id}`), which `@aws-sdk/client-apigatewaymanagementapi`
 * talks to exactly as it would to API Gateway.
 */

interface Connection {
  readonly socket: WebSocket;
  readonly connectedAt: number;
  lastActiveAt: number;
  readonly sourceIp: string;
  readonly userAgent: string;
}

type Result = { statusCode?: number; body?: string } | undefined;

export function createWebSocketApi() {
  const server = new WebSocketServer({ noServer: true });
  const connections = new Map<string, Connection>();

  const eventFor = (connectionId: string, routeKey: string, eventType: string, extra: Record<string, unknown> = {}) => ({
    requestContext: {
      routeKey,
      eventType,
      connectionId,
      requestId: randomUUID(),
      extendedRequestId: randomUUID(),
      messageId: eventType === 'MESSAGE' ? randomUUID() : undefined,
      apiId: 'local',
      domainName: 'localhost',
      stage: 'local',
      connectedAt: connections.get(connectionId)?.connectedAt ?? Date.now(),
      requestTimeEpoch: Date.now(),
      messageDirection: 'IN',
    },
    isBase64Encoded: false,
    ...extra,
  });

  /** $connect decides whether the upgrade is accepted, as on API Gateway. */
  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // API Gateway's connection ids are 16 base64-ish characters ending in '='.
    const connectionId = randomBytes(11).toString('base64url').slice(0, 15) + '=';
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]));
    let result: Result;
    try {
      result = await invoke<Result>(
        webSocketRoutes.$connect.handler,
        eventFor(connectionId, '$connect', 'CONNECT', {
          headers,
          queryStringParameters: Object.fromEntries(url.searchParams),
        }),
      );
    } catch (error) {
      console.error('[gateway] $connect failed:', error);
      result = { statusCode: 500 };
    }
    const status = result?.statusCode ?? 200;
    if (status !== 200) {
      socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 403 ? 'Forbidden' : 'Refused'}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      return;
    }
    server.handleUpgrade(req, socket, head, (ws) => {
      const connection: Connection = {
        socket: ws,
        connectedAt: Date.now(),
        lastActiveAt: Date.now(),
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      };
      connections.set(connectionId, connection);
      ws.on('message', (data) => {
        connection.lastActiveAt = Date.now();
        invoke(webSocketRoutes.$default.handler, eventFor(connectionId, '$default', 'MESSAGE', { body: data.toString() })).catch((error) =>
          console.error('[gateway] $default failed:', error),
        );
      });
      ws.on('close', () => {
        connections.delete(connectionId);
        invoke(webSocketRoutes.$disconnect.handler, eventFor(connectionId, '$disconnect', 'DISCONNECT')).catch((error) =>
          console.error('[gateway] $disconnect failed:', error),
        );
      });
    });
  }

  /** The management API. Returns false when the path is not one of its own. */
  async function handleManagement(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const match = /^\/(?:@|%40)connections\/([^/?]+)/.exec(req.url ?? '');
    if (!match) return false;
    const connectionId = decodeURIComponent(match[1]!);
    const connection = connections.get(connectionId);
    if (!connection || connection.socket.readyState !== connection.socket.OPEN) {
      // The SDK reads the error type from this header and throws GoneException.
      res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      res.end(JSON.stringify({ message: `Connection ${connectionId} is gone` }));
      return true;
    }
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      connection.socket.send(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200).end();
    } else if (req.method === 'DELETE') {
      connection.socket.close(1000);
      res.writeHead(204).end();
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          connectedAt: new Date(connection.connectedAt).toISOString(),
          lastActiveAt: new Date(connection.lastActiveAt).toISOString(),
          identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
        }),
      );
    }
    return true;
  }

  function close() {
    for (const { socket } of connections.values()) socket.terminate();
    server.close();
  }

  return { handleUpgrade, handleManagement, close, openConnections: () => connections.size };
}
