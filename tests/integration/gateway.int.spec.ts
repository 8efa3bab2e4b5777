import { randomUUID } from 'node:crypto';
import { inject, describe, expect, it, afterEach, vi } from 'vitest';
import WebSocket from 'ws';
import { streamStart } from '../../events/envelope';
import { GetConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../../functions/adapters/s3';
import { websocketManagement } from '../../functions/adapters/websocket-management';
import { config } from '../../functions/config';
import { postToConnection, postToConnections, projectConnections, saveConnection } from '../../functions/live/connections';

const projectConnectionIds = async (projectId: string) => (await projectConnections(projectId)).map(({ connectionId }) => connectionId);
const postToProject = async (projectId: string, message: unknown) => postToConnections(await projectConnectionIds(projectId), message);
import { signIn } from '../support/session';
import { signedUp } from '../support/accounts';

/** A contractor signed in through the API with a new project of theirs. */
async function projectMember() {
  const { api, user } = await signedUp('contractor');
  const project = await api.post('/api/projects', { name: 'Socket House', address: '1 Wire Way', clientName: 'Sam' });
  return { cookie: api.cookie!, projectId: project.body.id as string, api, tenantId: user.id };
}
import { storeWith, testMeta, uniqueId } from '../support/store';
import { note } from '../support/test-catalogue';

/** The local API Gateway over real HTTP and WebSockets, as a browser and an operator see it. */

const { url } = inject('localCloud');
const wsUrl = (projectId: string) => `${url.replace(/^http/, 'ws')}/ws?projectId=${encodeURIComponent(projectId)}`;

const sockets: WebSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate();
});

/** Opens a socket and collects what it receives; rejects with the HTTP status if refused. */
function connect(projectId: string, cookie?: string) {
  const socket = new WebSocket(wsUrl(projectId), { headers: cookie ? { cookie } : {} });
  sockets.push(socket);
  const received: unknown[] = [];
  socket.on('error', () => {}); // a refused handshake is reported through `opened`
  socket.on('message', (data) => received.push(JSON.parse(data.toString())));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    socket.once('error', reject);
  });
  /** The first message received that matches (notices of the project's creation may come first). */
  const next = async (matches: (message: any) => boolean = () => true, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = received.findIndex(matches);
      if (index >= 0) return received.splice(index, 1)[0];
      if (Date.now() > deadline) return undefined;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { socket, opened, next };
}

const closed = (socket: WebSocket) => new Promise<void>((resolve) => (socket.readyState === WebSocket.CLOSED ? resolve() : socket.once('close', () => resolve())));

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
    value = await read();
  }
  return value;
}

describe('HTTP API', () => {
  it('reports every local service up on /api/health', async () => {
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Up or down per service, nothing more: latencies and errors are for the log.
    expect(await response.json()).toEqual({ status: 'ok', services: { dynamodb: 'up', s3: 'up', ses: 'up', websocket: 'up' } });
  });

  it('answers 503 "degraded" naming the service that is down, and only the log says why', async () => {
    const { handler } = await import('../../functions/handlers/health');
    const { buildHttpEvent } = await import('../../infra/local/gateway/http-api');
    const { httpRoutes } = await import('../../functions/routes');
    const bucket = process.env.UPLOADS_BUCKET;
    process.env.UPLOADS_BUCKET = 'no-such-bucket';
    const printed: string[] = [];
    // The log, whichever way the logger writes (JSON to stdout, readable lines to stderr).
    const spies = [
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (printed.push(String(chunk)), true)),
      vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (printed.push(String(chunk)), true)),
      ...(['log', 'warn', 'info'] as const).map((level) => vi.spyOn(console, level).mockImplementation((line) => void printed.push(String(line)))),
    ];
    try {
      const event = buildHttpEvent({ method: 'GET', url: '/api/health', headers: {} }, httpRoutes.health, {});
      const result = (await handler(event, { awsRequestId: 'health-test' } as never)) as { statusCode: number; body: string };
      expect(result.statusCode).toBe(503);
      // The public learns which service is down, not why: no error, latency, bucket or endpoint.
      expect(JSON.parse(result.body)).toEqual({ status: 'degraded', services: { dynamodb: 'up', s3: 'down', ses: 'up', websocket: 'up' } });
      expect(result.body).not.toMatch(/no-such-bucket|error|latency|http|127\.0\.0\.1|localhost/i);
      // The operator finds the detail in the log line of that request.
      const detail = printed.join('\n').split('\n').find((line) => /health/.test(line) && /s3\W+status\W+down\W+latencyMs\W+\d+\W+error/.test(line));
      expect(detail, printed.join('\n')).toBeDefined();
    } finally {
      for (const spy of spies) spy.mockRestore();
      process.env.UPLOADS_BUCKET = bucket;
    }
  });

  it('answers 404 in JSON for a path or method the manifest does not have', async () => {
    for (const [method, path] of [['GET', '/api/nothing-here'], ['DELETE', '/api/health']]) {
      const response = await fetch(`${url}${path}`, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not Found' });
    }
  });
});

describe('/objects/*', () => {
  it('sends them to the photo route, as CloudFront does (issue 30): a file of the bucket no photo record names is served to no one, and a path that is no photo path is 404', async () => {
    const key = `objects/${uniqueId('photo')}.txt`;
    await s3().send(new PutObjectCommand({ Bucket: config().uploadsBucket, Key: key, Body: 'tile sample', ContentType: 'text/plain' }));
    const response = await fetch(`${url}/${key}`);
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain('tile sample');
    // Photos are one segment under objects/ (private-photos.int.spec.ts serves them to their project's people).
    expect((await fetch(`${url}/objects/test/missing.txt`)).status).toBe(404);
  });
});

describe('WebSocket API', () => {
  it("refuses a connection without a session, without a project id, or to someone else's project", async () => {
    const mine = await projectMember();
    await expect(connect(mine.projectId).opened).rejects.toThrow('refused with 401');
    const other = await projectMember();
    await expect(connect(mine.projectId, other.cookie).opened).rejects.toThrow('refused with 403');
    // A well-formed id of no project of theirs: 403; an id of the wrong shape: 400 before any lookup.
    await expect(connect(randomUUID(), other.cookie).opened).rejects.toThrow('refused with 403');
    await expect(connect(uniqueId('project'), other.cookie).opened).rejects.toThrow('refused with 400');
    const { cookie } = await signIn();
    const noProject = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`, { headers: { cookie } });
    sockets.push(noProject);
    noProject.on('error', () => {});
    await expect(
      new Promise((resolve, reject) => {
        noProject.once('open', resolve);
        noProject.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
      }),
    ).rejects.toThrow('refused with 400');
  });

  it('delivers what a handler posts through the management API to every connection of the project', async () => {
    const { projectId, cookie, api } = await projectMember();
    const otherProject = (await api.post('/api/projects', { name: 'Other', address: '2 Wire Way', clientName: 'Sam' })).body.id;
    const [first, second, elsewhere] = [connect(projectId, cookie), connect(projectId, cookie), connect(otherProject, cookie)];
    await Promise.all([first.opened, second.opened, elsewhere.opened]);

    expect(await postToProject(projectId, { type: 'chat_message', projectId })).toEqual({ sent: 2, gone: 0 });
    const isChat = (message: { type: string }) => message.type === 'chat_message';
    expect(await first.next(isChat)).toEqual({ type: 'chat_message', projectId });
    expect(await second.next(isChat)).toEqual({ type: 'chat_message', projectId });
    expect(await elsewhere.next(isChat, 300)).toBeUndefined();
  });

  it('answers a ping with a pong through $default', async () => {
    const { projectId, cookie } = await projectMember();
    const client = connect(projectId, cookie);
    await client.opened;
    client.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await client.next((message) => message.type === 'pong')).toEqual({ type: 'pong' });
  });

  it('takes the GoneException path for a closed connection and forgets it', async () => {
    const { projectId, cookie } = await projectMember();
    const client = connect(projectId, cookie);
    await client.opened;
    const [connectionId] = await projectConnectionIds(projectId);
    expect(connectionId).toBeDefined();
    const info = await websocketManagement()!.send(new GetConnectionCommand({ ConnectionId: connectionId }));
    expect(info.ConnectedAt).toBeInstanceOf(Date);
    expect(info.Identity?.SourceIp).toMatch(/127\.0\.0\.1/);

    client.socket.close();
    await closed(client.socket);
    expect(await postToConnection(connectionId!, { type: 'late' })).toBe(false);
    expect(await waitFor(() => projectConnectionIds(projectId), (ids) => ids.length === 0)).toEqual([]);

    // A record left behind by a connection that vanished without $disconnect is cleaned up on first post.
    await saveConnection('vanishedConnId=', { projectId, userId: 'someone', sessionId: 'no-session' });
    expect(await postToProject(projectId, { type: 'chat_message' })).toEqual({ sent: 0, gone: 1 });
    expect(await projectConnectionIds(projectId)).toEqual([]);
  });

  it("pushes a project_event to the project's browsers when an event is appended (stream → browser notifier)", async () => {
    const { projectId, cookie, tenantId } = await projectMember();
    const client = connect(projectId, cookie);
    await client.opened;

    const streamId = uniqueId('item');
    // The project's own tenant: the browser notifier notifies only the people of the project (its contractor, its client).
    await storeWith().append({ streamId, expected: streamStart, events: [note('tile chosen')], tenantId, projectId, meta: testMeta() });
    expect(await client.next((message) => message.streamId === streamId)).toEqual({ type: 'project_event', projectId, streamId, version: 1, eventType: 'NoteAdded' });
  });
});
