import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { DomainError, notFound } from '../../events/errors';
import { signSessionToken, SESSION_COOKIE } from '../../functions/auth/session-token';
import { dynamo } from '../../functions/adapters/dynamo';
import { config } from '../../functions/config';
import { httpHandler, MAX_JSON_BODY_BYTES, type HandledRoute } from '../../functions/http/handler';
import { MAX_JSON_DEPTH, MAX_PATH_PARAM_LENGTH } from '../../functions/http/input-guard';
import { binaryReply, reply } from '../../functions/http/responses';
import { API_CONTENT_SECURITY_POLICY } from '../../functions/http/security-headers';
import type { Access, HttpRoute } from '../../functions/routes';
import { runCommand, loadByFolding } from '../../functions/commands/run-commands';
import { buildHttpEvent } from '../../infra/local/gateway/http-api';
import { signIn } from '../support/session';
import { storeWith, testMeta } from '../support/store';
import { note } from '../support/test-catalogue';

/**
 * The handler toolkit every route is written with, exercised on handlers defined here and
 * invoked with the events the gateway builds, against the local cloud's DynamoDB.
 */

const route = <A extends Access>(access: A, method: HttpRoute['method'] = 'POST') => ({ method, path: '/api/things/{id}', handler: 'test', access }) as const;

const context = { awsRequestId: 'test-request', functionName: 'test', getRemainingTimeInMillis: () => 30_000 } as Context;

async function call(
  handler: (event: never, context: Context) => Promise<unknown>,
  request: { method?: string; url?: string; body?: string; cookie?: string; headers?: Record<string, string>; routeDef?: HandledRoute; params?: Record<string, string> },
) {
  const routeDef = request.routeDef ?? route('public');
  const event = buildHttpEvent(
    {
      method: request.method ?? routeDef.method,
      url: request.url ?? '/api/things/42',
      headers: { 'content-type': 'application/json', ...request.headers, ...(request.cookie ? { cookie: request.cookie } : {}) },
      body: request.body === undefined ? undefined : Buffer.from(request.body),
    },
    routeDef,
    request.params ?? { id: '42' },
  );
  const result = (await handler(event as never, context)) as APIGatewayProxyStructuredResultV2;
  const parse = (text: string) => {
    try {
      return JSON.parse(text);
    } catch {
      return text; // a file's base64
    }
  };
  return { status: result.statusCode, body: result.body ? parse(result.body) : undefined, headers: result.headers ?? {} };
}

const thingBody = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required')),
  email: z.email('Invalid email address'),
  count: z.optional(z.number().check(z.int(), z.lte(300, 'At most 300'))),
});

describe('request validation', () => {
  const handler = httpHandler(route('public'), { body: thingBody, params: z.object({ id: z.string() }) }, async ({ body, params }) => ({ ...body, id: params.id }));

  it('passes a valid body and the path parameters to the handler', async () => {
    const answer = await call(handler, { body: JSON.stringify({ name: 'Tile', email: 'a@b.co' }) });
    expect(answer).toMatchObject({ status: 200, body: { name: 'Tile', email: 'a@b.co', id: '42' } });
  });

  it('answers 400 naming every bad field with its message', async () => {
    const answer = await call(handler, { body: JSON.stringify({ name: '  ', email: 'nope', count: 301 }) });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ name: ['Name is required'], email: ['Invalid email address'], count: ['At most 300'] });
    expect(answer.body.message).toBe('name: Name is required; email: Invalid email address; count: At most 300');
  });

  it('answers 400 for a missing body, naming the missing fields', async () => {
    const answer = await call(handler, {});
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fieldErrors)).toEqual(['name', 'email']);
  });

  it('answers 400 for a body that is not JSON, and 413 for one that is too large', async () => {
    expect(await call(handler, { body: '{"name":' })).toMatchObject({ status: 400, body: { message: 'body: Request body is not valid JSON' } });
    const huge = JSON.stringify({ name: 'x'.repeat(MAX_JSON_BODY_BYTES), email: 'a@b.co' });
    expect((await call(handler, { body: huge })).status).toBe(413);
  });
});

describe('access', () => {
  const whoAmI = (access: Access) => httpHandler(route(access, 'GET'), {}, async ({ principal }) => ({ userId: principal?.userId ?? null }));

  it('lets anyone call a public route', async () => {
    expect(await call(whoAmI('public'), { method: 'GET' })).toMatchObject({ status: 200, body: { userId: null } });
  });

  it('answers 401 without a session, with a forged token, and after the session is revoked', async () => {
    const handler = whoAmI('authenticated');
    expect((await call(handler, { method: 'GET' })).status).toBe(401);

    const session = await signIn('client');
    expect(await call(handler, { method: 'GET', cookie: session.cookie })).toMatchObject({ status: 200, body: { userId: session.principal.userId } });

    // Signed with the right key but for a session that was never recorded.
    const unrecorded = await signSessionToken({ ...session.principal, sessionId: 'never-issued' }, new Date(Date.now() + 60_000));
    expect((await call(handler, { method: 'GET', cookie: `${SESSION_COOKIE}=${unrecorded}` })).status).toBe(401);
    expect((await call(handler, { method: 'GET', cookie: `${SESSION_COOKIE}=not-a-jwt` })).status).toBe(401);

    await session.signOut();
    expect(await call(handler, { method: 'GET', cookie: session.cookie })).toMatchObject({ status: 401, body: { message: 'Please sign in to continue.' } });
  });

  it('answers 403 to the wrong role', async () => {
    const client = await signIn('client');
    const contractor = await signIn('contractor');
    expect((await call(whoAmI('contractor'), { method: 'GET', cookie: client.cookie })).status).toBe(403);
    expect((await call(whoAmI('contractor'), { method: 'GET', cookie: contractor.cookie })).status).toBe(200);
    expect((await call(whoAmI('client'), { method: 'GET', cookie: contractor.cookie })).status).toBe(403);
  });
});

describe('errors', () => {
  it.each([
    [notFound('Project'), 404, 'Project not found'],
    [new DomainError('conflict', 'Someone else changed this'), 409, 'Someone else changed this'],
    [new DomainError('too_large', 'Too big'), 413, 'Too big'],
    [new DomainError('rate_limited', 'Too many attempts'), 429, 'Too many attempts'],
  ])('maps a domain error to its status: %s', async (error, status, message) => {
    const handler = httpHandler(route('public', 'GET'), {}, async () => {
      throw error;
    });
    expect(await call(handler, { method: 'GET' })).toMatchObject({ status, body: { message } });
  });

  it('answers 500 with a plain message and the request id, never the stack or the cause', async () => {
    const handler = httpHandler(route('public', 'GET'), {}, async () => {
      throw new Error('connection string postgres://secret@db');
    });
    const answer = await call(handler, { method: 'GET' });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ message: 'Something went wrong on our side. Please try again.', requestId: expect.any(String) });
    expect(JSON.stringify(answer.body)).not.toContain('secret');
  });

  it('lets a handler choose its status, headers and cookies', async () => {
    const handler = httpHandler(route('public', 'GET'), {}, async () => reply(201, { ok: true }, { headers: { location: '/x' } }));
    expect(await call(handler, { method: 'GET' })).toMatchObject({ status: 201, body: { ok: true }, headers: { location: '/x' } });
  });
});

describe('Idempotency-Key header', () => {
  const store = storeWith();
  // It answers 201 Created, so does a replay answered from the key's record (which runs nothing).
  const appendNote = httpHandler(route('authenticated'), { body: z.object({ text: z.string() }), created: true }, async ({ body, principal, idempotency, params }) => {
    const streamId = `note#${principal.userId}`;
    const outcome = await runCommand(store, {
      streamId,
      tenantId: principal.userId,
      meta: testMeta({ actorId: principal.userId }),
      load: () => loadByFolding(store, streamId, 0, (count: number) => count + 1),
      decide: () => [note(body.text)],
      evolve: (count: number) => count + 1,
      respond: (count: number) => ({ notes: count, path: params }),
      idempotency,
    });
    return reply(201, outcome.result, outcome.replayed ? { headers: { 'idempotent-replayed': 'true' } } : {});
  });

  it('replays the first answer to a retried write and appends once', async () => {
    const session = await signIn();
    const send = (text: string, key = 'k-1') => call(appendNote, { routeDef: route('authenticated'), cookie: session.cookie, body: JSON.stringify({ text }), headers: { 'idempotency-key': key } });
    const first = await send('hello');
    const retry = await send('hello');
    expect(first).toMatchObject({ status: 201, body: { notes: 1 } });
    expect(retry).toMatchObject({ status: 201, body: { notes: 1 }, headers: { 'idempotent-replayed': 'true' } });
    expect(await store.readStream(`note#${session.principal.userId}`)).toHaveLength(1);

    expect((await send('a different body')).status).toBe(422);
    expect((await send('hello', 'k-2')).body).toMatchObject({ notes: 2 });
    expect((await send('hello', 'bad key with spaces')).status).toBe(400);
  });

  it('keeps the keys of different callers apart', async () => {
    const [alice, bob] = [await signIn(), await signIn()];
    for (const session of [alice, bob]) {
      const answer = await call(appendNote, { routeDef: route('authenticated'), cookie: session.cookie, body: '{"text":"hi"}', headers: { 'idempotency-key': 'shared' } });
      expect(answer).toMatchObject({ status: 201, body: { notes: 1 } });
      expect(answer.headers['idempotent-replayed']).toBeUndefined();
    }
  });
});


describe('hostile input guard (before the schema)', () => {
  const handler = httpHandler(route('public'), { body: z.object({ text: z.string().check(z.maxLength(50_000)), nested: z.optional(z.unknown()) }) }, async ({ body }) => body);
  const nested = (levels: number): unknown => (levels === 0 ? 1 : [nested(levels - 1)]);

  it('accepts tab, line feed and carriage return, and JSON nested up to the limit', async () => {
    const body = { text: 'a\tb\nc\r\nd', nested: nested(MAX_JSON_DEPTH - 1) };
    expect(await call(handler, { body: JSON.stringify(body) })).toMatchObject({ status: 200, body });
  });

  it('refuses control characters, deep nesting and oversized strings even where the schema would accept them', async () => {
    expect(await call(handler, { body: JSON.stringify({ text: 'a\u0000b' }) })).toMatchObject({
      status: 400,
      body: { message: 'text: must not contain control characters', fieldErrors: { text: ['must not contain control characters'] } },
    });
    expect(await call(handler, { body: JSON.stringify({ text: 'x', nested: nested(MAX_JSON_DEPTH) }) })).toMatchObject({ status: 400, body: { fieldErrors: { body: [expect.stringContaining('nested')] } } });
    expect(await call(handler, { body: JSON.stringify({ text: 'x'.repeat(10_001) }) })).toMatchObject({ status: 400, body: { fieldErrors: { text: ['must be at most 10000 characters'] } } });
    // A lone surrogate (JSON can carry one; hashes and UTF-8 cannot): the field, not a 500 later.
    expect(await call(handler, { body: '{"text":"a\\ud800b"}' })).toMatchObject({ status: 400, body: { fieldErrors: { text: ['must be valid Unicode text'] } } });
    expect(await call(handler, { body: JSON.stringify({ text: 'brick 🧱 wall' }) })).toMatchObject({ status: 200 });
    // Deeper than any recursion limit: still a plain 400.
    expect((await call(handler, { body: '['.repeat(100_000) + ']'.repeat(100_000) })).status).toBe(400);
  });

  it('checks path parameters and the query, naming the parameter', async () => {
    const get = httpHandler(route('public', 'GET'), {}, async () => ({ ok: true }));
    expect(await call(get, { method: 'GET', params: { id: 'a\u0001' } })).toMatchObject({ status: 400, body: { fieldErrors: { id: ['must not contain control characters'] } } });
    expect(await call(get, { method: 'GET', params: { id: 'a'.repeat(MAX_PATH_PARAM_LENGTH + 1) } })).toMatchObject({ status: 400, body: { fieldErrors: { id: [`must be at most ${MAX_PATH_PARAM_LENGTH} characters`] } } });
    expect(await call(get, { method: 'GET', url: '/api/things/42?sort=%7F' })).toMatchObject({ status: 400, body: { fieldErrors: { sort: ['must not contain control characters'] } } });
  });
});

describe('content type of writes', () => {
  const write = httpHandler(route('public', 'PUT'), { body: z.object({ a: z.optional(z.number()) }) }, async () => ({ ok: true }));

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json-patch+json'])('answers 415 to %s', async (type) => {
    const answer = await call(write, { body: '{"a":1}', headers: { 'content-type': type } });
    expect(answer.status).toBe(415);
    expect(answer.body.fieldErrors['Content-Type']).toEqual([expect.stringContaining('is not accepted')]);
  });

  it('takes application/json with a charset, and no body without a content type; GETs are not checked', async () => {
    expect((await call(write, { body: '{"a":1}', headers: { 'content-type': 'Application/JSON; charset=utf-8' } })).status).toBe(200);
    const event = buildHttpEvent({ method: 'PUT', url: '/api/things/42', headers: {} }, route('public', 'PUT'), { id: '42' });
    expect(((await write(event as never, context)) as APIGatewayProxyStructuredResultV2).statusCode).toBe(200);
    const get = httpHandler(route('public', 'GET'), {}, async () => ({ ok: true }));
    expect((await call(get, { method: 'GET', headers: { 'content-type': 'text/plain' } })).status).toBe(200);
  });
});

describe("DynamoDB's refusals of a key value", () => {
  const lookUp = httpHandler(route('public', 'GET'), {}, async () => {
    await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: { pk: 'user#' + 'a'.repeat(3000), sk: 'x' } }));
    return { found: false };
  });
  const emptyKey = httpHandler(route('public', 'GET'), {}, async () => {
    await dynamo().send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: config().stateTable, Item: { pk: '', sk: 'x' } } }] }));
    return { written: true };
  });

  it('are the caller\'s 400, whatever route: never a 500', async () => {
    for (const handler of [lookUp, emptyKey]) {
      const answer = await call(handler, { method: 'GET' });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/too long or empty/);
    }
  });

  it('other DynamoDB validation errors (our bugs) stay 500s', async () => {
    const bug = httpHandler(route('public', 'GET'), {}, async () => {
      await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: { pk: 'x' } }));
      return {};
    });
    expect((await call(bug, { method: 'GET' })).status).toBe(500);
  });
});

describe('security headers of API answers', () => {
  it.each([
    ['a JSON answer', async () => ({ ok: true }), 200],
    ['an error', async () => { throw notFound('Thing'); }, 404],
    ['a crash', async () => { throw new Error('boom'); }, 500],
    ['a file', async () => binaryReply(new Uint8Array([37, 80, 68, 70]), 'application/pdf', { 'content-security-policy': 'weaker' }), 200],
  ] as const)('%s carries CSP, nosniff and Referrer-Policy', async (_kind, handle, status) => {
    const answer = await call(httpHandler(route('public', 'GET'), {}, handle), { method: 'GET' });
    expect(answer.status).toBe(status);
    expect(answer.headers).toMatchObject({
      'content-security-policy': API_CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
  });
});
