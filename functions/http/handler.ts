import { createHash } from 'node:crypto';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { en } from 'zod/locales';
import type * as z from 'zod/mini';
import { DomainError, unauthenticated, forbidden } from '../../events/errors';
import { authenticate, type SignedIn } from '../auth/sessions';
import { SESSION_COOKIE, readCookie, type Principal } from '../auth/session-token';
import { config } from '../config';
import { logger } from '../logger';
import { recordRequest } from '../metrics';
import { admitEarly, admitFor, payerOf, TooManyRequests, type EarlyAdmission, type Payer } from '../usage/fair-share';
import { countUsage, requestUsage } from '../usage/usage-counters';
import { requestNotes, withRequestNotes } from '../request-usage';
import type { Access, HttpRoute, RouteName } from '../routes';
import { answerOfRecord, type IdempotencyKey } from '../store/event-store';
import { stateKeys } from '../store/keys';
import { refreshViewGeneration } from '../store/view-generation';
import { contractorRefusal, refuseClientOfHeldTenant } from '../tenants/tenant-access';
import { BASE_VERSION_HEADER, BASE_VERSION_MESSAGE, DEVICE_TIME_HEADER, DEVICE_TIME_MESSAGE, parseBaseVersion, parseDeviceTime } from '../../contract/headers';
import { guardJson, guardPathParameters, guardQuery, refuseContentType } from './input-guard';
import { cameThroughCloudFront, DIRECT_CALL_REFUSED, ORIGIN_VERIFY_HEADER } from './client-address';
import { compressedResult } from './compression';
import type { RouteAnswers } from '../../contract/answers';
import { errorReply, isReply, reply, toResult, type ErrorStatus, type Reply, type SuccessStatus } from './responses';

/**
 * The one way to write an HTTP handler: it refuses non-JSON bodies on state-changing routes (415,
 * before anything runs), checks every body, path parameter and query against the hostile-input
 * guard (input-guard.ts), parses and validates the request with zod, checks the caller against
 * the route's access from the manifest, reads the field-mode headers of a write (Idempotency-Key,
 * Device-Time, Base-Version: contract/headers.ts), answers a replayed Idempotency-Key with its
 * first answer, logs one structured line per request, and turns every error into a JSON answer
 * without a stack trace, with the security headers (security-headers.ts) on every answer.
 *
 * @example
 * export const handler = httpHandler(httpRoutes.createRoom, { body: createRoomBody }, async ({ body, principal }) => …);
 */

/** Bodies above this are refused with 413 before parsing (API Gateway's own limit is 10 MB). */
export const MAX_JSON_BODY_BYTES = 256 * 1024;
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

type PrincipalFor<A extends Access> = A extends 'public' ? SignedIn | undefined : SignedIn;
type Parsed<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export interface HttpRequest<A extends Access, B, Q, P> {
  readonly body: Parsed<B>;
  readonly query: Parsed<Q>;
  readonly params: Parsed<P>;
  readonly principal: PrincipalFor<A>;
  readonly requestId: string;
  /** Present on writes that carried an Idempotency-Key header. */
  readonly idempotency?: IdempotencyKey;
  /**
   * Who asks, as a command records it: the principal, the request, its Idempotency-Key, and the
   * Device-Time and Base-Version its headers gave (field mode, issue 29). Pass it on as `by`.
   */
  readonly caller: {
    readonly principal: PrincipalFor<A>;
    readonly requestId: string;
    readonly idempotency?: IdempotencyKey;
    readonly deviceTime?: string;
    readonly baseVersion?: number;
  };
  /** The items `preload` named, read with the session (in its order; undefined where none). */
  readonly preloaded: readonly (Record<string, unknown> | undefined)[];
  /** The project's summary, when the held-tenant check read it for a client (a route that preloaded a stream head): not to be read again. */
  readonly projectSummary?: Record<string, unknown>;
  readonly event: APIGatewayProxyEventV2;
}

/**
 * What a route's handler may answer: the route's answer in the contract (contract/answers.ts,
 * under the manifest's name), as it is or in a 2xx reply, or a refusal with its own body. A
 * server answer that drifts from the contract fails the type check.
 */
/** What httpHandler reads of its route: a manifest entry, or a route a test makes up, which has no name. */
export type HandledRoute = Pick<HttpRoute, 'method' | 'path' | 'access'> & { readonly name?: RouteName };

/** A manifest route's answer is the contract's (as is, or in a 2xx reply), or a refusal; a made-up route's is anything. */
export type HandlerAnswer<R extends HandledRoute> = R extends { readonly name: infer N extends RouteName }
  ? RouteAnswers[N] | Reply<SuccessStatus, RouteAnswers[N]> | Reply<ErrorStatus>
  : unknown;

export interface Schemas<B, Q, P> {
  readonly body?: B;
  readonly query?: Q;
  readonly params?: P;
  /**
   * State-table items the route reads whoever asks, named from its valid path parameters and
   * body, and the user id the session token claims: read in the same round trip as the session
   * (a write's stream head, its project's summary, the caller's account…), one step fewer. They
   * reach the handler only when the session is valid and its user is the one claimed.
   */
  readonly preload?: (params: Parsed<P>, body: Parsed<B>, caller: { readonly userId: string }) => readonly { pk: string; sk: string }[];
  /**
   * The route answers 201 Created with what the handler returns (else 200), so does a replay of
   * its Idempotency-Key, which the http layer answers from the key's record without running it.
   */
  readonly created?: true;
}

export function httpHandler<
  const R extends HandledRoute,
  B extends z.ZodMiniType | undefined = undefined,
  Q extends z.ZodMiniType | undefined = undefined,
  P extends z.ZodMiniType | undefined = undefined,
>(
  route: R,
  schemas: Schemas<B, Q, P>,
  handle: (request: HttpRequest<R['access'], B, Q, P>) => Promise<HandlerAnswer<R>>,
) {
  // Read once at start-up (a Lambda's init): a bad configuration, such as a missing or public
  // session key in AWS, stops the function before it answers anyone.
  config();
  const base = async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const started = performance.now();
    const requestId = event.requestContext?.requestId ?? context.awsRequestId;
    let principal: SignedIn | undefined;
    let payer: Payer | undefined;
    let early: EarlyAdmission | undefined;
    let result: APIGatewayProxyStructuredResultV2;
    try {
      // In AWS (ORIGIN_SECRET set) CloudFront adds the secret header after its WAF; a request
      // without it reached execute-api directly, around the WAF. Nothing runs for it.
      if (config().originSecret && !cameThroughCloudFront(event)) return finish(toResult(reply(403, { message: DIRECT_CALL_REFUSED, fieldErrors: { [ORIGIN_VERIFY_HEADER]: [DIRECT_CALL_REFUSED] } })));
      const refusal = route.method === 'GET' ? undefined : refuseContentType(event.headers?.['content-type'], Boolean(event.body));
      if (refusal) return finish(toResult(reply(415, { message: refusal, fieldErrors: { 'Content-Type': [refusal] } })));
      guardPathParameters(event.pathParameters);
      guardQuery(event.queryStringParameters);
      // Read before the session only to name what to preload; a bad body is refused after it, as before.
      const body = attempt(() => readJsonBody(event, schemas.body !== undefined));
      // A write's Idempotency-Key record is read with the session too: a replay costs one round trip.
      const recordKey = keyOfRecord(event);
      // Which generation of the read models is live (a GetItem at most once a second per process): preloads are keyed in it.
      await refreshViewGeneration();
      const signedIn = await authorize(route.access, event, (userId) => {
        // The tenant's token is taken with the session's read, from the token's claim (fair-share.ts); a known refusal answers at once.
        if (route.access !== 'public') early = admitEarly(route, userId);
        return [...preloadKeys(schemas, event, body, userId), ...(recordKey ? [stateKeys.idempotency(userId, recordKey)] : [])];
      });
      principal = signedIn.principal;
      const record = recordKey && principal ? signedIn.items.at(-1) : undefined;
      const preloaded = recordKey && principal ? signedIn.items.slice(0, -1) : signedIn.items;
      // A client on a project of a suspended tenant (issue 31): one read more, clients on project routes only.
      const projectSummary = route.access === 'public' ? undefined : await refuseClientOfHeldTenant(principal, preloaded);
      // Fair shares (issue 31): past its tenant's limit for this route group a request is refused before anything runs.
      // Public routes (signing in and out) have no bucket: the WAF's per-address rule and the sign-in throttles hold them.
      payer = route.access === 'public' ? undefined : payerOf(principal, preloaded);
      if (payer) await admitFor(route, payer, early);
      const parsedBody = parseInput('body', schemas.body, body());
      const idempotency = readIdempotencyKey(event, principal);
      const device = readDeviceHeaders(event);
      const success = schemas.created ? 201 : 200;
      // The first answer, as it was: whatever changed since (a deleted item) does not matter to it.
      const first = record && idempotency && answerOfRecord(record, idempotency, new Date());
      // The header tells an operator (and a test) that nothing ran: the answer is the record's.
      if (first) return finish(toResult(reply(success, first.response, { headers: { 'idempotent-replayed': 'true' } })));
      const request = {
        body: parsedBody,
        query: parseInput('query', schemas.query, event.queryStringParameters ?? {}),
        params: parseInput('path', schemas.params, event.pathParameters ?? {}),
        principal,
        requestId,
        idempotency,
        caller: { principal, requestId, ...(idempotency ? { idempotency } : {}), ...device },
        preloaded,
        ...(projectSummary ? { projectSummary } : {}),
        event,
      } as HttpRequest<R['access'], B, Q, P>;
      const answer = await handle(request);
      if (idempotency && isReply(answer) && answer.statusCode !== success && answer.statusCode < 300) {
        // A replay answered from the key's record would say `success`: the route should declare `created`.
        logger.warn('a keyed write answered a status its replay will not', { requestId, route: event.routeKey, status: answer.statusCode, replayStatus: success });
      }
      result = toResult(schemas.created && !isReply(answer) ? reply(success, answer) : answer);
    } catch (error) {
      if (error instanceof TooManyRequests) {
        payer = error.payer;
        return finish(toResult(reply(429, { message: error.message }, { headers: { 'retry-after': String(error.retryAfterSeconds) } })));
      }
      const { reply: answer, expected } = errorReply(error, requestId);
      if (!expected && answer.statusCode >= 500) logger.error('unhandled error', { requestId, error: error as Error });
      // A value no schema caught reached DynamoDB as a key: the caller's 400, but a schema to tighten.
      else if (!expected) logger.warn('input refused by DynamoDB', { requestId, route: event.routeKey, error: error as Error });
      result = toResult(answer);
    }
    return finish(result);

    async function finish(answer: APIGatewayProxyStructuredResultV2): Promise<APIGatewayProxyStructuredResultV2> {
      const done = compressedResult(answer, event.headers?.['accept-encoding']);
      // Quoted by users in bug reports; finds the request's log line.
      done.headers = { ...done.headers, 'x-request-id': requestId };
      logger.info('request', {
        requestId,
        route: event.routeKey,
        method: event.requestContext?.http?.method,
        path: event.rawPath,
        status: done.statusCode,
        durationMs: Math.round(performance.now() - started),
        userId: principal?.userId,
        userRole: principal?.role,
      });
      const status = done.statusCode ?? 200;
      const durationMs = performance.now() - started;
      recordRequest(route.path, status, durationMs, payer?.tenantId);
      // The tenant's monthly usage (what the cost report prices); counting never fails the answer.
      if (payer?.tenantId) {
        const responseBytes = done.body === undefined ? 0 : done.isBase64Encoded ? Math.floor((done.body.length * 3) / 4) : Buffer.byteLength(done.body);
        await countUsage(payer.tenantId, { ...requestUsage(route, status, durationMs), responseBytes, ...requestNotes() }).catch((error: Error) => logger.warn('usage not counted', { requestId, error }));
      }
      return done;
    }
  };
  // What the request uses on the way (its DynamoDB capacity, its mails) is noted for its tenant's usage.
  const noted = async (event: APIGatewayProxyEventV2, context: Context) => (await withRequestNotes(() => base(event, context))).value;
  return middy(noted).use(injectLambdaContext(logger, { resetKeys: true }));
}

async function authorize(access: Access, event: APIGatewayProxyEventV2, alsoRead: (userId: string) => readonly { pk: string; sk: string }[]) {
  const signedIn = await authenticate(readCookie(event.cookies, SESSION_COOKIE), alsoRead);
  if (access === 'public') return signedIn;
  if (!signedIn.principal) throw unauthenticated('Please sign in to continue.');
  if (access !== 'authenticated' && signedIn.principal.role !== access) {
    throw forbidden(`This is only available to ${access}s.`);
  }
  // A suspended tenant's contractors (issue 31): every route but the public ones (signing out among them).
  const held = contractorRefusal(signedIn.principal);
  if (held) throw held;
  return signedIn;
}

/** What the route preloads, from a path and body that pass its schemas (none otherwise: they get their 400 later). */
function preloadKeys<B extends z.ZodMiniType | undefined, Q, P extends z.ZodMiniType | undefined>(
  schemas: Schemas<B, Q, P>,
  event: APIGatewayProxyEventV2,
  body: () => unknown,
  userId: string,
): readonly { pk: string; sk: string }[] {
  if (!schemas.preload) return [];
  const params = schemas.params ? schemas.params.safeParse(event.pathParameters ?? {}) : { success: true, data: undefined };
  if (!params.success) return [];
  let parsedBody: { success: boolean; data?: unknown } = { success: true, data: undefined };
  try {
    if (schemas.body) parsedBody = schemas.body.safeParse(body() ?? {});
  } catch {
    return [];
  }
  return parsedBody.success ? schemas.preload(params.data as Parsed<P>, parsedBody.data as Parsed<B>, { userId }) : [];
}

/** Runs `read` now; the function returned answers its value, or throws its error, when asked. */
function attempt<T>(read: () => T): () => T {
  try {
    const value = read();
    return () => value;
  } catch (error) {
    return () => {
      throw error;
    };
  }
}

/**
 * The JSON body, checked by the hostile-input guard. A body sent to a route that takes none is
 * checked all the same (one rule for every request), then ignored.
 */
function readJsonBody(event: APIGatewayProxyEventV2, wanted: boolean): unknown {
  if (!event.body) return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(text) > MAX_JSON_BODY_BYTES) {
    throw new DomainError('too_large', `Request body is larger than ${MAX_JSON_BODY_BYTES / 1024} KB`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new DomainError('invalid', 'body: Request body is not valid JSON', { body: ['Request body is not valid JSON'] });
  }
  guardJson(parsed);
  return wanted ? parsed : undefined;
}

/**
 * zod/mini loads no messages: where a schema words none (a wrong type, an unknown key, a number
 * out of range) the API answers zod's English ones, as it always has. The web never meets these
 * (its forms send text), so only the Lambdas carry them (3 KB).
 */
const englishMessages = { error: en().localeError };

/** Validates one part of the request; a failure names every field and what is wrong with it. */
function parseInput(part: string, schema: z.ZodMiniType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value ?? {}, englishMessages);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : part;
    (fieldErrors[field] ??= []).push(issue.message);
  }
  const message = Object.entries(fieldErrors)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
  throw new DomainError('invalid', message, fieldErrors);
}

/** A write's Idempotency-Key, when it is well-formed (to read its record by; readIdempotencyKey refuses the others). */
function keyOfRecord(event: APIGatewayProxyEventV2): string | undefined {
  const key = event.headers?.['idempotency-key'];
  return key !== undefined && event.requestContext.http.method !== 'GET' && IDEMPOTENCY_KEY_PATTERN.test(key) ? key : undefined;
}

/**
 * A write's Device-Time and Base-Version (contract/headers.ts), each only when sent; a malformed
 * one is refused naming it, before anything runs.
 */
function readDeviceHeaders(event: APIGatewayProxyEventV2): { deviceTime?: string; baseVersion?: number } {
  if (event.requestContext.http.method === 'GET') return {};
  const fieldErrors: Record<string, string[]> = {};
  const sentTime = event.headers?.['device-time'];
  const sentVersion = event.headers?.['base-version'];
  const deviceTime = sentTime === undefined ? undefined : parseDeviceTime(sentTime);
  const baseVersion = sentVersion === undefined ? undefined : parseBaseVersion(sentVersion);
  if (sentTime !== undefined && deviceTime === undefined) fieldErrors[DEVICE_TIME_HEADER] = [DEVICE_TIME_MESSAGE];
  if (sentVersion !== undefined && baseVersion === undefined) fieldErrors[BASE_VERSION_HEADER] = [BASE_VERSION_MESSAGE];
  if (Object.keys(fieldErrors).length) {
    throw new DomainError('invalid', Object.entries(fieldErrors).map(([header, [message]]) => `${header}: ${message}`).join('; '), fieldErrors);
  }
  return { ...(deviceTime === undefined ? {} : { deviceTime }), ...(baseVersion === undefined ? {} : { baseVersion }) };
}

function readIdempotencyKey(event: APIGatewayProxyEventV2, principal: Principal | undefined): IdempotencyKey | undefined {
  const key = event.headers?.['idempotency-key'];
  if (key === undefined || event.requestContext.http.method === 'GET') return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new DomainError('invalid', 'Idempotency-Key: must be 1 to 255 visible ASCII characters', {
      'Idempotency-Key': ['must be 1 to 255 visible ASCII characters'],
    });
  }
  const { method, path, sourceIp } = event.requestContext.http;
  // A retry sends the same bytes, so the raw body is fingerprint enough.
  const requestHash = createHash('sha256').update(`${method} ${path}\n${event.body ?? ''}`).digest('hex');
  return { scope: principal?.userId ?? `ip:${sourceIp}`, key, requestHash };
}
