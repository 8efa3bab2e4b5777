import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import sirv from 'sirv';
import { handleApiRequest } from './http-api';
import { createWebSocketApi } from './websocket-api';

/**
 * The local API Gateway and CloudFront in one server, on one address:
 *   /api/*           the HTTP API (route manifest)
 *   /ws              the WebSocket API
 *   /@connections/*  the WebSocket management API
 *   /objects/*       the uploads bucket (read-only, like CloudFront's behaviour)
 *   everything else  the built web app, index.html for client-side routes
 */

export interface GatewayOptions {
  readonly port: number;
  readonly webDir?: string;
  /** `http://s3-host:port/bucket`, for /objects/*. */
  readonly objectsOrigin: string;
}

export async function startGateway(options: GatewayOptions) {
  const websocket = createWebSocketApi();
  const web = options.webDir && existsSync(options.webDir) ? sirv(options.webDir, { single: true, dev: false, etag: true }) : undefined;

  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    const served = (async () => {
      if (path.startsWith('/api/')) return handleApiRequest(req, res);
      if (await websocket.handleManagement(req, res)) return;
      if (path.startsWith('/objects/') && (req.method === 'GET' || req.method === 'HEAD')) {
        const upstream = await fetch(`${options.objectsOrigin}${path}`, { method: req.method });
        res.writeHead(upstream.status, {
          'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
          ...(upstream.headers.get('content-length') ? { 'content-length': upstream.headers.get('content-length')! } : {}),
        });
        if (upstream.body && req.method === 'GET') Readable.fromWeb(upstream.body as never).pipe(res);
        else res.end();
        return;
      }
      if (web) {
        return web(req, res, () => {
          res.writeHead(404).end('Not Found');
        });
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('The web app is not built: run `npm run build:web`.');
    })();
    served.catch((error) => {
      console.error('[gateway]', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal Server Error' }));
    });
  });

  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/ws') return socket.destroy();
    websocket.handleUpgrade(req, socket, head).catch((error) => {
      console.error('[gateway] upgrade failed:', error);
      socket.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '0.0.0.0', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    url: `http://localhost:${port}`,
    port,
    openWebSockets: websocket.openConnections,
    stop: () =>
      new Promise<void>((resolve) => {
        websocket.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
