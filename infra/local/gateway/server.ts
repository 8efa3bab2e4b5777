import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { PUBLISHED_PREFIX } from '../../../functions/objects/object-keys';
import { apiSecurityHeaders, appContentSecurityPolicy, originOf, securityHeaders } from '../../../functions/http/security-headers';
import { handleApiRequest } from './http-api';
import { handleOperatorRequest } from './operator-api';
import { webApp } from './web-app';
import { createWebSocketApi } from './websocket-api';

/**
 * The local API Gateway and CloudFront in one server, on one address:
 *   /api/*           the HTTP API (route manifest), answers of 1 KB and more compressed (http-api.ts)
 *   /operator/*      the operator API (issue 31), with the local operator key for IAM (operator-api.ts)
 *   /ws              the WebSocket API
 *   /@connections/*  the WebSocket management API
 *   /objects/*       published photos, to their project's people only (the photo route, as CloudFront's behaviour)
 *   everything else  the built web app, index.html for client-side routes, compressed and cached (web-app.ts)
 *
 * Every answer carries the security headers CloudFront's response headers policy adds in AWS
 * (functions/http/security-headers.ts), except Strict-Transport-Security: this is plain http on
 * this machine, where browsers ignore it anyway. API answers keep the API's own stricter policy.
 */

/** The gateway's address unless HOST says otherwise: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';

export interface GatewayOptions {
  readonly port: number;
  /** Address to listen on (default 127.0.0.1: nothing but this machine can reach the app). */
  readonly host?: string;
  readonly webDir?: string;
  /** `http://s3-host:port/bucket`: the origin browsers POST photos to (connect-src). */
  readonly objectsOrigin: string;
}

export async function startGateway(options: GatewayOptions) {
  const websocket = createWebSocketApi();
  const web = options.webDir && existsSync(options.webDir) ? webApp(options.webDir) : undefined;

  // Browsers PUT photos straight to the S3 emulator (presigned URLs), and open /ws on this address.
  const uploadOrigin = originOf(options.objectsOrigin);
  const appHeaders = (host: string | undefined) =>
    securityHeaders(appContentSecurityPolicy({ connectSources: [...(host && /^[\w.-]+(:\d+)?$/.test(host) ? [`ws://${host}`] : []), uploadOrigin] }));

  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    // Defaults for every answer; an answer's own headers (the API's) take precedence in writeHead.
    for (const [name, value] of Object.entries(appHeaders(req.headers.host))) res.setHeader(name, value);
    const served = (async () => {
      if (path.startsWith('/api/')) return handleApiRequest(req, res);
      if (path.startsWith('/operator/')) return handleOperatorRequest(req, res);
      if (await websocket.handleManagement(req, res)) return;
      if (path.startsWith(`/${PUBLISHED_PREFIX}`)) return serveObject(req, res);
      if (web) return web(req, res);
      res.writeHead(404, { 'content-type': 'text/plain' }).end('The web app is not built: run `npm run build:web`.');
    })();
    served.catch((error) => {
      console.error('[gateway]', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json', ...apiSecurityHeaders });
      res.end(JSON.stringify({ message: 'Internal Server Error' }));
    });
  });

  // Node closes a kept-alive connection after 5 s idle, and a client that sends its next request on
  // it just then reads ECONNRESET (a browser test's API call did, CI at 9fe6d60). API Gateway and
  // CloudFront keep idle connections about a minute: so does the gateway.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/ws') return socket.destroy();
    websocket.handleUpgrade(req, socket, head).catch((error) => {
      console.error('[gateway] upgrade failed:', error);
      socket.destroy();
    });
  });

  const host = options.host || DEFAULT_HOST;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    url: `http://${urlHost(host)}:${port}`,
    host,
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

/** How the app's address is written for a listening address: `localhost` for loopback and any-address. */
function urlHost(host: string): string {
  if (['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * `/objects/<key>` as CloudFront sends it in AWS (issue 30): to the photo route's function
 * (functions/handlers/objects-get.ts), which answers only the photo's project's people. GET or
 * HEAD only; a HEAD is the GET's answer without its body, as API Gateway's. Anything that is not
 * a plain key under `objects/` (the listing, traversal, encoded names) matches no route: 404.
 */
async function serveObject(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Method Not Allowed');
    return;
  }
  return handleApiRequest(req, res, { method: 'GET', withoutBody: req.method === 'HEAD' });
}
