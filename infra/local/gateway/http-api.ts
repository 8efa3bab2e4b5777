import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { apiSecurityHeaders } from '../../../functions/http/security-headers';
import { httpRoutes, type HttpRoute } from '../../../functions/routes';
import { invoke } from './lambda';

/**
 * The HTTP API: matches a request against the route manifest, builds the payload-format-2.0
 * event API Gateway would send, invokes the route's handler and writes its answer back.
 */

/** API Gateway's own limit on a request body. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  readonly route: HttpRoute;
  readonly pattern: RegExp;
  readonly paramNames: string[];
}

const compiled: CompiledRoute[] = Object.values(httpRoutes as Record<string, HttpRoute>).map((route) => {
  const paramNames: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(param[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), paramNames };
})
  // Like API Gateway, the most specific route wins: /api/projects/with-stats before /api/projects/{id}.
  .sort((a, b) => a.paramNames.length - b.paramNames.length);

export function matchRoute(method: string, path: string) {
  for (const { route, pattern, paramNames } of compiled) {
    if (route.method !== method) continue;
    const match = pattern.exec(path);
    if (match) {
      try {
        const params = Object.fromEntries(paramNames.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
        return { route, params };
      } catch {
        return undefined; // malformed %-escape: no route can match it
      }
    }
  }
  return undefined;
}

/** The gateway's own answers (no route, too large, the Lambda failed), with the API's security headers. */
export function sendJson(res: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(json)), ...apiSecurityHeaders }).end(json);
}

/**
 * Headers a client may not set, because something in front of the API sets them in AWS: the
 * viewer's address (a CloudFront Function), CloudFront's secret origin header, proxies' chains.
 * The local gateway has nothing in front of it: the caller's address is the socket's (`sourceIp`).
 */
const DROPPED_HEADERS = new Set(['x-viewer-address', 'x-forwarded-for', 'x-origin-verify', 'forwarded', 'x-real-ip']);

async function readBody(req: IncomingMessage): Promise<Buffer | 'too_large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return 'too_large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/;

export interface HttpRequestInput {
  readonly method: string;
  /** Path and query string, as on the request line. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body?: Buffer;
  readonly sourceIp?: string;
}

/** The payload-format-2.0 event API Gateway sends for this request on this route. */
export function buildHttpEvent(input: HttpRequestInput, route: Pick<HttpRoute, 'method' | 'path'>, params: Record<string, string>): APIGatewayProxyEventV2 {
  const url = new URL(input.url, 'http://localhost');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) {
    // HTTP APIs hand cookies over separately, in `cookies`.
    if (value !== undefined && name !== 'cookie' && !DROPPED_HEADERS.has(name)) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const body = input.body ?? Buffer.alloc(0);
  const isText = TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
  const now = new Date();
  const routeKey = `${route.method} ${route.path}`;
  const cookie = input.headers.cookie;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: (Array.isArray(cookie) ? cookie.join('; ') : cookie)?.split(/;\s*/).filter(Boolean),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: input.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: input.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
  };
}

/** `as`: the photo route answers a HEAD with its GET's headers, no body (functions/handlers/objects-get.ts). */
export async function handleApiRequest(req: IncomingMessage, res: ServerResponse, as: { method: string; withoutBody: boolean } = { method: req.method ?? 'GET', withoutBody: false }): Promise<void> {
  const method = as.method;
  const matched = matchRoute(method, new URL(req.url ?? '/', 'http://localhost').pathname);
  if (!matched) return sendJson(res, 404, { message: 'Not Found' });
  const body = await readBody(req);
  if (body === 'too_large') return sendJson(res, 413, { message: 'Request Entity Too Large' });
  const event = buildHttpEvent(
    // The caller's address is the connection's, never a header's (see DROPPED_HEADERS).
    { method, url: req.url ?? '/', headers: req.headers, body, sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') },
    matched.route,
    matched.params,
  );
  let result: APIGatewayProxyResultV2;
  try {
    result = await invoke<APIGatewayProxyResultV2>(matched.route.handler, event);
  } catch (error) {
    // What API Gateway answers when the Lambda itself fails.
    console.error(`[gateway] ${event.routeKey} failed:`, error);
    return sendJson(res, 500, { message: 'Internal Server Error' });
  }
  writeResult(res, result, as.withoutBody);
}

function writeResult(res: ServerResponse, result: APIGatewayProxyResultV2, withoutBody = false) {
  if (typeof result === 'string' || result === undefined || result === null || !('statusCode' in result)) {
    return sendJson(res, 200, result ?? null);
  }
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
  // As API Gateway sends it (the function compressed the body when the caller accepts it).
  const status = result.statusCode ?? 200;
  if (status !== 204 && status !== 304) headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(status, headers).end(withoutBody ? undefined : body);
}
