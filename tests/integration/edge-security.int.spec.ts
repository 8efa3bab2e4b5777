import { randomUUID } from 'node:crypto';
import { connect as tcpConnect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { LOGIN_LIMITS } from '../../functions/limits';
import { s3 } from '../../functions/adapters/s3';
import { config, envNames } from '../../functions/config';
import { clientAddress, ORIGIN_VERIFY_HEADER } from '../../functions/http/client-address';
import { MAX_JSON_DEPTH, MAX_STRING_LENGTH } from '../../functions/http/input-guard';
import { API_CONTENT_SECURITY_POLICY } from '../../functions/http/security-headers';
import { httpRoutes, type HttpRoute } from '../../functions/routes';
import { PASSWORD, signedUp, uniqueEmail } from '../support/accounts';
import { ApiClient, loopbackAddressFor, send } from '../support/api-client';
import { awayFromWindowEdge } from '../support/throttle-windows';

/**
 * The HTTP edge against an attacker, through the local gateway on the real emulators: cross-site
 * "simple" requests (415, nothing changed), hostile input (400 naming the field, before any
 * schema), the security headers of every answer, WebSocket origins, and a caller address no
 * header can forge. The route tables are generated from the manifest: a new route is covered.
 */

const { url } = inject('localCloud');
const routes = Object.entries(httpRoutes as Record<string, HttpRoute>);
const writeRoutes = routes.filter(([, route]) => route.method !== 'GET');

let contractor: Awaited<ReturnType<typeof signedUp>>;
/** For the routes only a client may call (approve, decline): anyone else is refused before the body is read. */
let client: Awaited<ReturnType<typeof signedUp>>;
let projectId: string;

beforeAll(async () => {
  [contractor, client] = await Promise.all([signedUp('contractor'), signedUp('client')]);
  const project = await contractor.api.post('/api/projects', { name: 'Edge House', address: '1 Edge Way', clientName: 'Sam' });
  expect(project.status).toBe(201);
  projectId = project.body.id;
});

/** The route's path with every parameter filled with the contractor's project id. */
const pathOf = (route: HttpRoute) => route.path.replace(/\{\w+\}/g, () => projectId);

const projectCount = async () => ((await contractor.api.get('/api/projects')).body as unknown[]).length;

describe('cross-site requests: state-changing routes take application/json only', () => {
  const simpleBodies = [
    ['text/plain', 'text/plain', '{"name":"Forged","address":"x","clientName":"y","email":"a@b.co","password":"p"}'],
    ['form-encoded', 'application/x-www-form-urlencoded', 'name=Forged&address=x&clientName=y&email=a%40b.co&password=p'],
    ['multipart', 'multipart/form-data; boundary=XyZ', '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nForged\r\n--XyZ--\r\n'],
  ] as const;

  it.each(writeRoutes.flatMap(([name, route]) => simpleBodies.map(([kind, type, body]) => [name, route.method, kind, route, type, body] as const)))(
    '%s (%s) answers 415 to a %s body',
    async (_name, _method, _kind, route, type, body) => {
      const answer = await send(`${url}${pathOf(route)}`, {
        method: route.method,
        headers: { 'content-type': type, cookie: contractor.api.cookie! },
        body,
      });
      expect(answer.status).toBe(415);
      expect(JSON.parse(answer.text).message).toMatch(/is not accepted: send the body as application\/json/);
      expect(answer.setCookies).toEqual([]);
    },
  );

  it('answers 415 to a body without a content type, and lets a write without body nor content type through', async () => {
    const answer = await send(`${url}/api/projects`, { method: 'POST', headers: { cookie: contractor.api.cookie! }, body: '{"name":"No type"}' });
    expect(answer).toMatchObject({ status: 415 });
    expect(JSON.parse(answer.text).message).toBe('A request body needs Content-Type: application/json');
    // As the web app sends them: logout, upload request, PDF export have neither.
    const upload = await send(`${url}/api/objects/upload`, { method: 'POST', headers: { cookie: contractor.api.cookie! } });
    expect(upload.status).toBe(200);
    const logout = await send(`${url}/api/auth/logout`, { method: 'POST' });
    expect(logout.status).toBe(200);
  });

  it('creates no session from a form-encoded or text/plain login, and no project from a form POST', async () => {
    const person = await signedUp('contractor');
    const before = await projectCount();
    for (const [, type] of simpleBodies) {
      const login = await send(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: type === 'text/plain' ? JSON.stringify({ email: person.user.email, password: PASSWORD }) : `email=${encodeURIComponent(person.user.email)}&password=${encodeURIComponent(PASSWORD)}`,
      });
      expect(login.status).toBe(415);
      expect(login.setCookies).toEqual([]);
      const create = await send(`${url}/api/projects`, {
        method: 'POST',
        headers: { 'content-type': type, cookie: contractor.api.cookie! },
        body: 'name=Forged&address=x&clientName=y',
      });
      expect(create.status).toBe(415);
    }
    expect(await projectCount()).toBe(before);
    // The JSON login still works, so the 415s were the content type's doing.
    expect((await new ApiClient(randomUUID()).post('/api/auth/login', { email: person.user.email, password: PASSWORD })).status).toBe(200);
  });
});

describe('hostile input: 400 naming the field before any schema, on every write route', () => {
  const deep = (levels: number): unknown => (levels === 0 ? 'x' : { a: deep(levels - 1) });
  const hostileBodies: [string, unknown, string, RegExp][] = [
    ['a NUL in a value', { details: 'tile\u0000grout' }, 'details', /control characters/],
    ['a control character in a nested value', { cabinetDetails: { style: 'shaker\u001b[31m' } }, 'cabinetDetails.style', /control characters/],
    ['DEL in an array entry', { links: ['https://ok.example', 'x\u007f'] }, 'links.1', /control characters/],
    ['a control character in a key', { 'na\u0001me': 'x' }, 'na\\u0001me', /name must not contain control characters/],
    ['a lone surrogate', { message: 'tile \ud800' }, 'message', /valid Unicode text/],
    ['JSON nested too deep', deep(MAX_JSON_DEPTH + 1), 'body', /nested more than 16 levels/],
    ['a string over the absolute ceiling', { notes: 'x'.repeat(MAX_STRING_LENGTH + 1) }, 'notes', /at most 10000 characters/],
    ['too many keys', Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, i])), 'body', /at most 100 keys/],
    ['too many array entries', { rooms: Array.from({ length: 1001 }, () => 1) }, 'rooms', /at most 1000 entries/],
  ];

  it.each(writeRoutes.flatMap(([name, route]) => hostileBodies.map(([kind, body, field, message]) => [name, kind, route, body, field, message] as const)))(
    '%s: %s',
    async (_name, _kind, route, body, field, message) => {
      const caller = route.access === 'client' ? client : contractor;
      const answer = await caller.api.request(route.method, pathOf(route), body);
      expect(answer.status).toBe(400);
      expect(answer.body.fieldErrors[field]).toEqual([expect.stringMatching(message)]);
      expect(answer.body.message).toMatch(new RegExp(`^${field.replace(/[.\\]/g, '\\$&')}: `));
    },
  );

  it.each(routes.filter(([, route]) => route.path.includes('{')))('%s: a path id with a control character or too long answers 400 naming it', async (_name, route) => {
    const param = /\{(\w+)\}/.exec(route.path)![1]!;
    const withNul = await contractor.api.request(route.method, route.path.replace(/\{\w+\}/g, 'a%00b'), route.method === 'GET' ? undefined : {});
    expect(withNul.status).toBe(400);
    expect(withNul.body.fieldErrors[param]).toEqual(['must not contain control characters']);
    const long = await contractor.api.request(route.method, route.path.replace(/\{\w+\}/g, 'a'.repeat(3000)), route.method === 'GET' ? undefined : {});
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors[param]).toEqual(['must be at most 200 characters']);
  });

  it('checks query strings: a control character answers 400 naming the parameter', async () => {
    const answer = await contractor.api.get(`/api/projects/${projectId}/chat?before=%01`);
    expect(answer).toMatchObject({ status: 400, body: { fieldErrors: { before: ['must not contain control characters'] } } });
  });

  it('answers 400, never 500, to 3000-character ids and e-mail addresses on the routes that look them up', async () => {
    const long = 'a'.repeat(3000);
    const answers = await Promise.all([
      new ApiClient().post('/api/auth/login', { email: `${long}@example.com`, password: 'whatever' }),
      new ApiClient().post('/api/auth/forgot-password', { email: `${long}@example.com` }),
      contractor.api.put('/api/auth/profile', { firstName: 'A', lastName: 'B', email: `${long}@example.com` }),
      contractor.api.get(`/api/projects/${long}/stats`),
      contractor.api.get(`/api/rooms/${long}`),
      contractor.api.put(`/api/checklist-items/${long}`, { itemName: 'x' }),
      contractor.api.post('/api/chat', { projectId: long, message: 'hi' }),
      contractor.api.post('/api/rooms', { projectId: long, name: 'Kitchen' }),
    ]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  });
});

describe('security headers on every answer', () => {
  const expectBaseHeaders = (headers: Headers) => {
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // Plain http on this machine: no HSTS (CloudFront adds it in AWS).
    expect(headers.get('strict-transport-security')).toBeNull();
  };

  it.each([
    ['a JSON answer', '/api/health', 200],
    ['a validation error', '/api/projects/a%00b/stats', 400],
    ["the gateway's own 404", '/api/no-such-route', 404],
  ])('API: %s carries the API policy (loads nothing)', async (_kind, path, status) => {
    const response = await fetch(`${url}${path}`);
    expect(response.status).toBe(status);
    expectBaseHeaders(response.headers);
    expect(response.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
  });

  it('API: a 415 refusal carries them too', async () => {
    const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(response.status).toBe(415);
    expectBaseHeaders(response.headers);
  });

  it.each(['/', '/projects/some-project', '/login'])('web app: %s (index.html) carries the app policy', async (path) => {
    const response = await fetch(`${url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expectBaseHeaders(response.headers);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    // The browser PUTs photos straight to the S3 emulator, and opens /ws here.
    const connect = /connect-src ([^;]+)/.exec(csp)![1]!.split(' ');
    expect(connect).toEqual(expect.arrayContaining(["'self'", new URL(inject('localCloud').env.AWS_ENDPOINT_URL_S3!).origin, `ws://${new URL(url).host}`]));
  });

  it('web app: its scripts and styles carry them too', async () => {
    const html = await (await fetch(url)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const response = await fetch(`${url}${script}`);
    expect(response.status).toBe(200);
    expectBaseHeaders(response.headers);
  });

  it('/objects/*: a photo refused (issue 30: private to its project) and a path that is none carry them', async () => {
    const key = `objects/${randomUUID().replace(/-/g, '')}.txt`;
    await s3().send(new PutObjectCommand({ Bucket: config().uploadsBucket, Key: key, Body: 'sample', ContentType: 'text/plain' }));
    // No photo record names it, and nobody is signed in: refused, with the headers (a served photo's: private-photos.int.spec.ts).
    const refused = await fetch(`${url}/${key}`);
    expect(refused.status).toBe(403);
    expectBaseHeaders(refused.headers);
    const missing = await fetch(`${url}/objects/`);
    expect(missing.status).toBe(404);
    expectBaseHeaders(missing.headers);
  });
});

describe('WebSocket $connect: only the app’s own origin', () => {
  const sockets: WebSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.terminate();
  });

  /** Resolves with 'open' or the refusing HTTP status. */
  function handshake(origin: string | undefined): Promise<'open' | number> {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?projectId=${encodeURIComponent(projectId)}`, {
      headers: { cookie: contractor.api.cookie! },
      ...(origin ? { origin } : {}),
    });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve('open'));
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('error', reject);
    });
  }

  it('refuses a foreign origin with 403, even with a valid session cookie', async () => {
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', `http://localhost:${Number(new URL(url).port) + 1}`, 'null']) {
      expect(await handshake(origin), origin).toBe(403);
    }
  });

  it('answers 400, not 500, to a project id that is too long or has control characters', async () => {
    const open = (id: string) =>
      new Promise<'open' | number>((resolve, reject) => {
        const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?projectId=${encodeURIComponent(id)}`, { headers: { cookie: contractor.api.cookie! } });
        sockets.push(socket);
        socket.once('open', () => resolve('open'));
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.once('error', reject);
      });
    expect(await open('p'.repeat(3000))).toBe(400);
    expect(await open('a\u0000b')).toBe(400);
  });

  it("accepts the app's own origin, in both forms of the local address, and a client without Origin (no browser)", async () => {
    const own = new URL(url);
    expect(await handshake(own.origin)).toBe('open');
    expect(await handshake(`http://127.0.0.1:${own.port}`)).toBe('open');
    expect(await handshake(undefined)).toBe('open');
  });
});

describe('sign-in throttling counts the address no header can forge', () => {
  it('ignores a client-sent x-viewer-address and x-forwarded-for: failures still count against the connection', async () => {
    await awayFromWindowEdge();
    const address = loopbackAddressFor(randomUUID());
    const attacker = new ApiClient(address);
    for (let attempt = 0; attempt < LOGIN_LIMITS.address; attempt++) {
      const forged = `203.0.113.${attempt}`;
      const answer = await attacker.request('POST', '/api/auth/login', { email: uniqueEmail('spray'), password: 'guess guess' }, {
        'x-viewer-address': forged,
        'x-forwarded-for': forged,
      });
      expect(answer.status).toBe(401);
    }
    const person = await signedUp('contractor');
    const blocked = await attacker.request('POST', '/api/auth/login', { email: person.user.email, password: PASSWORD }, { 'x-viewer-address': '198.51.100.7' });
    expect(blocked.status).toBe(429);
    // Another connection's address is not affected.
    expect((await new ApiClient(randomUUID()).post('/api/auth/login', { email: person.user.email, password: PASSWORD })).status).toBe(200);
  });

  it('trusts x-viewer-address only beside the secret origin header CloudFront sends', () => {
    const event = (headers: Record<string, string>) =>
      ({ headers, requestContext: { http: { sourceIp: '10.0.0.1' } } }) as unknown as APIGatewayProxyEventV2;
    const previous = process.env[envNames.originSecret];
    try {
      delete process.env[envNames.originSecret];
      expect(clientAddress(event({ 'x-viewer-address': '198.51.100.7', [ORIGIN_VERIFY_HEADER]: 'anything' }))).toBe('10.0.0.1');
      process.env[envNames.originSecret] = 'the-secret-cloudfront-sends';
      expect(clientAddress(event({ 'x-viewer-address': '198.51.100.7', [ORIGIN_VERIFY_HEADER]: 'the-secret-cloudfront-sends' }))).toBe('198.51.100.7');
      expect(clientAddress(event({ 'x-viewer-address': '198.51.100.7', [ORIGIN_VERIFY_HEADER]: 'a-guess' }))).toBe('10.0.0.1');
      expect(clientAddress(event({ 'x-viewer-address': '198.51.100.7' }))).toBe('10.0.0.1');
      expect(clientAddress(event({ [ORIGIN_VERIFY_HEADER]: 'the-secret-cloudfront-sends' }))).toBe('10.0.0.1');
    } finally {
      if (previous === undefined) delete process.env[envNames.originSecret];
      else process.env[envNames.originSecret] = previous;
    }
  });
});

describe('exposure: the local cloud listens on loopback only', () => {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;
  const reachable = (host: string, port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = tcpConnect({ host, port, timeout: 2000 });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => (socket.destroy(), resolve(false)));
    });

  it.skipIf(!external)('the gateway, s3rver and the SES emulator answer on 127.0.0.1, not on this machine\'s network address', async () => {
    const { env, sesEndpoint } = inject('localCloud');
    for (const endpoint of [url, env.AWS_ENDPOINT_URL_S3!, sesEndpoint]) {
      const port = Number(new URL(endpoint).port);
      expect(await reachable('127.0.0.1', port), endpoint).toBe(true);
      expect(await reachable(external!, port), `${endpoint} on ${external}`).toBe(false);
    }
  });
});
