import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { envNames } from '../../functions/config';
import { handler as connect } from '../../functions/handlers/ws-connect';
import { handler as health } from '../../functions/handlers/health';
import { DIRECT_CALL_REFUSED, ORIGIN_VERIFY_HEADER } from '../../functions/http/client-address';
import { httpHandler, type HandledRoute } from '../../functions/http/handler';
import { httpRoutes } from '../../functions/routes';
import { buildHttpEvent } from '../../infra/local/gateway/http-api';

/**
 * Nothing reaches the API around CloudFront's WAF. In AWS the functions get ORIGIN_SECRET, the
 * value CloudFront alone adds as x-origin-verify (infra/constructs/site.ts); a request to the
 * execute-api address without it is refused before any handler code runs. The local cloud sets
 * no secret (every other test goes through its gateway unguarded).
 */

const SECRET = 'the-value-only-cloudfront-sends-0123456789';
const context = { awsRequestId: 'origin-guard', functionName: 'test', getRemainingTimeInMillis: () => 30_000 } as Context;
const previous = process.env[envNames.originSecret];
afterEach(() => {
  if (previous === undefined) delete process.env[envNames.originSecret];
  else process.env[envNames.originSecret] = previous;
});

/** The event API Gateway hands over for a request with these headers (the local gateway itself drops x-origin-verify). */
function eventFor(route: HandledRoute, headers: Record<string, string>, body?: string) {
  const event = buildHttpEvent({ method: route.method, url: route.path, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? Buffer.from(body) : undefined }, route, {});
  event.headers = { ...event.headers, ...headers };
  return event;
}

const healthCall = async (headers: Record<string, string>) => (await health(eventFor(httpRoutes.health, headers), context)) as APIGatewayProxyStructuredResultV2;

describe('requests that went around CloudFront (AWS: ORIGIN_SECRET set)', () => {
  it('HTTP: refused with 403 naming the header, before the handler runs; with the secret, answered', async () => {
    process.env[envNames.originSecret] = SECRET;
    let ran = 0;
    const route = { method: 'POST', path: '/api/things', handler: 'test', access: 'public' } as const;
    const probe = httpHandler(route, {}, async () => (ran++, { ok: true }));
    const direct = (headers: Record<string, string>) => probe(eventFor(route, headers, '{}'), context) as Promise<APIGatewayProxyStructuredResultV2>;

    for (const headers of [{}, { [ORIGIN_VERIFY_HEADER]: 'a-guess' }, { [ORIGIN_VERIFY_HEADER]: `${SECRET}x` }] as Record<string, string>[]) {
      const answer = await direct(headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(answer.body!)).toEqual({ message: DIRECT_CALL_REFUSED, fieldErrors: { [ORIGIN_VERIFY_HEADER]: [DIRECT_CALL_REFUSED] } });
    }
    expect(ran).toBe(0);
    expect((await direct({ [ORIGIN_VERIFY_HEADER]: SECRET })).statusCode).toBe(200);
    expect(ran).toBe(1);

    // A real route: the health check answers only CloudFront's requests.
    expect((await healthCall({})).statusCode).toBe(403);
    expect((await healthCall({ [ORIGIN_VERIFY_HEADER]: SECRET })).statusCode).toBe(200);
  });

  it('WebSocket: a handshake without the header is refused; with it, the usual checks follow', async () => {
    process.env[envNames.originSecret] = SECRET;
    const handshake = (headers: Record<string, string>) =>
      connect({ headers, queryStringParameters: { projectId: 'not-an-id' }, requestContext: { connectionId: 'origin-guard=' } } as never) as Promise<APIGatewayProxyStructuredResultV2>;
    expect(await handshake({})).toMatchObject({ statusCode: 403, body: JSON.stringify({ message: DIRECT_CALL_REFUSED }) });
    expect((await handshake({ [ORIGIN_VERIFY_HEADER]: 'a-guess' })).statusCode).toBe(403);
    // API Gateway may pass the header name as CloudFront wrote it, in any case.
    expect((await handshake({ 'X-Origin-Verify': SECRET })).statusCode).toBe(400);
  });

  it('is off on the local cloud (no secret): the same requests are served', async () => {
    delete process.env[envNames.originSecret];
    expect((await healthCall({})).statusCode).toBe(200);
  });
});
