import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../functions/adapters/dynamo';
import { authenticate } from '../../functions/auth/sessions';
import { config } from '../../functions/config';
import { handler as loginHandler } from '../../functions/handlers/auth-login';
import { handler as createItemHandler } from '../../functions/handlers/item-create';
import { handler as patchItemHandler } from '../../functions/handlers/item-update';
import { handler as createProjectHandler } from '../../functions/handlers/project-create';
import { httpRoutes, type HttpRoute } from '../../functions/routes';
import { stateKeys } from '../../functions/store/keys';
import { addUsage, usageOfMonth } from '../../functions/usage/usage-counters';
import { buildHttpEvent } from '../../infra/local/gateway/http-api';
import { PASSWORD, signedUp } from '../support/accounts';

/**
 * What the common requests cost in DynamoDB capacity, where a unit was spent twice before
 * (issue 32; `npm run bench:capacity` prints every request's units and where they go). The calls
 * are counted on the handlers' own client, in this process. DynamoDB Local reports a single
 * write's units by DynamoDB's rules, not a transaction's: transactions are judged by their items.
 */

interface Call {
  operation: string;
  input: Record<string, any>;
  /** Units by table or `table/index`, as DynamoDB Local reports them. */
  units: Record<string, number>;
}

/** The DynamoDB calls `work` makes on the handlers' client, with the units each consumed. */
async function callsOf(work: () => Promise<unknown>): Promise<Call[]> {
  const calls: Call[] = [];
  const name = `capacity-${randomUUID()}`;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, any>;
      input.ReturnConsumedCapacity = 'INDEXES';
      const result = await next(args);
      const units: Record<string, number> = {};
      for (const entry of [(result.output as { ConsumedCapacity?: any }).ConsumedCapacity ?? []].flat()) {
        const table = String(entry.TableName).replace(/^.*-(\w+)$/, '$1');
        units[table] = entry.Table?.CapacityUnits ?? entry.CapacityUnits ?? 0;
        for (const [index, consumed] of Object.entries(entry.GlobalSecondaryIndexes ?? {})) units[`${table}/${index}`] = (consumed as { CapacityUnits: number }).CapacityUnits;
      }
      calls.push({ operation: (context.commandName ?? '').replace('Command', ''), input, units });
      return result;
    },
    { step: 'initialize', name },
  );
  try {
    await work();
  } finally {
    dynamo().middlewareStack.remove(name);
  }
  return calls;
}

describe("a tenant's monthly usage", () => {
  // A month no request of this run counts into.
  const month = '2032-03';

  it('costs one write unit a count once the month is listed: no index write for the counters', async () => {
    const tenantId = `tenant-${randomUUID()}`;
    await addUsage(tenantId, month, { requests: 1, durationMs: 12 });
    const calls = await callsOf(() => addUsage(tenantId, month, { requests: 1, durationMs: 30, dynamoWriteUnits: 3 }));
    expect(calls.map((call) => [call.operation, call.units])).toEqual([['UpdateItem', { state: 1 }]]);
    // Still listed for the cost report, counters and all.
    expect((await usageOfMonth(month)).get(tenantId)).toMatchObject({ requests: 2, durationMs: 42, dynamoWriteUnits: 3 });
  });
});

/** The keys a call read by key (GetItem, BatchGetItem). */
const keysRead = (calls: Call[]) => calls.flatMap((call) => (call.input.Key ? [call.input.Key] : Object.values(call.input.RequestItems ?? {}).flatMap((request: any) => request.Keys ?? [])));
const sessionToken = (api: { cookie: string | undefined }) => api.cookie!.split(';')[0]!.split('=').slice(1).join('=');

describe('a session', () => {
  it("is read without a tenant record for a client (they own none, and a read of nothing is a unit all the same); a contractor's comes with it", async () => {
    const client = await signedUp('client');
    const contractor = await signedUp('contractor');
    let principal: unknown;
    const clientReads = keysRead(await callsOf(async () => (principal = (await authenticate(sessionToken(client.api))).principal)));
    expect(principal).toMatchObject({ userId: client.user.id, role: 'client' });
    expect(clientReads).toHaveLength(2);
    expect(clientReads).not.toContainEqual(stateKeys.tenant(client.user.id));
    const contractorCalls = await callsOf(async () => (principal = (await authenticate(sessionToken(contractor.api))).principal));
    expect(principal).toMatchObject({ userId: contractor.user.id, role: 'contractor', tenantStatus: 'active' });
    expect(contractorCalls).toHaveLength(1);
    expect(keysRead(contractorCalls)).toContainEqual(stateKeys.tenant(contractor.user.id));
  });
});

/** Runs a handler in this process (so its calls are counted) as the gateway would. */
async function invoke(handler: (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>, route: Pick<HttpRoute, 'method' | 'path'>, path: string, body: unknown, cookie?: string, params: Record<string, string> = {}) {
  const event = buildHttpEvent({ method: route.method, url: path, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: Buffer.from(JSON.stringify(body)) }, route, params);
  return (await handler(event, { awsRequestId: randomUUID() } as Context)) as APIGatewayProxyStructuredResultV2;
}

/** Each write a call made to the item `key` (`UpdateItem`, or a transaction's `Update`, `ConditionCheck`…). */
const writesTo = (calls: Call[], key: { pk: string; sk: string }) =>
  calls.flatMap((call) => {
    const same = (other: Record<string, unknown> | undefined) => other?.pk === key.pk && other?.sk === key.sk;
    if (call.input.TransactItems) return (call.input.TransactItems as Record<string, any>[]).flatMap((entry) => Object.entries(entry).filter(([, body]) => same(body.Key ?? body.Item)).map(([kind]) => `${call.operation} ${kind}`));
    return ['PutItem', 'UpdateItem', 'DeleteItem'].includes(call.operation) && same(call.input.Key ?? call.input.Item) ? [call.operation] : [];
  });

describe('signing in', () => {
  it("writes the account once: the time of the sign-in rides on the session's transaction, which checks the account's credentials", async () => {
    // A password set before the address is proved stays until then: an account not yet proved signs in with it.
    const { user } = await signedUp('contractor');
    let answer: APIGatewayProxyStructuredResultV2 | undefined;
    const calls = await callsOf(async () => (answer = await invoke(loginHandler, httpRoutes.login, '/api/auth/login', { email: user.email, password: PASSWORD })));
    expect(answer?.statusCode).toBe(200);
    expect(writesTo(calls, stateKeys.user(user.id))).toEqual(['TransactWriteItems Update']);
    const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.user(user.id), ConsistentRead: true }));
    expect(Item?.lastLoginAt).toBe(JSON.parse(answer!.body!).lastLoginAt);
  });
});

const newProject = async (api: { post: (path: string, body: unknown) => Promise<{ status: number; body: any }> }) => {
  const answer = await api.post('/api/projects', { name: 'Capacity House', address: '1 Unit Road', clientName: 'Chris Owner' });
  expect(answer.status).toBe(201);
  return answer.body as { id: string };
};
const roomsOf = async (api: { get: (path: string) => Promise<{ body: any }> }, projectId: string) => (await api.get(`/api/projects/${projectId}/rooms`)).body as { id: string }[];

describe('adding an item', () => {
  it("checks that its room is still there by its room's counters' update, with no ConditionCheck beside it", async () => {
    const { api } = await signedUp('contractor');
    const project = await newProject(api);
    const [room] = await roomsOf(api, project.id);
    let answer: APIGatewayProxyStructuredResultV2 | undefined;
    const calls = await callsOf(async () => (answer = await invoke(createItemHandler, httpRoutes.createItem, '/api/checklist-items', { roomId: room!.id, category: 'standard', name: 'Towel bar' }, api.cookie)));
    expect(answer?.statusCode).toBe(201);
    const transaction = calls.find((call) => call.operation === 'TransactWriteItems')!;
    const kinds = (transaction.input.TransactItems as Record<string, any>[]).map((entry) => Object.keys(entry)[0]);
    expect(kinds).not.toContain('ConditionCheck');
    expect(writesTo([transaction], stateKeys.projectRoom(project.id, room!.id))).toEqual(['TransactWriteItems Update']);
  });

  it('lands in no room deleted after its access check, before its transaction', async () => {
    const { api } = await signedUp('contractor');
    const project = await newProject(api);
    const bedroom = (await api.post('/api/rooms', { projectId: project.id, type: 'bedroom' })).body as { id: string };
    const name = `deleter-${randomUUID()}`;
    // Just before the item's transaction, the room goes (through the gateway: its own process and client).
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'TransactWriteItemsCommand') {
          dynamo().middlewareStack.remove(name);
          expect((await api.delete(`/api/rooms/${bedroom.id}`)).status).toBe(200);
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    let answer: APIGatewayProxyStructuredResultV2;
    try {
      answer = await invoke(createItemHandler, httpRoutes.createItem, '/api/checklist-items', { roomId: bedroom.id, category: 'standard', name: 'Late lamp' }, api.cookie);
    } finally {
      dynamo().middlewareStack.remove(name);
    }
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    const { Items } = await dynamo().send(new QueryCommand({ TableName: config().stateTable, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': stateKeys.roomPointer(bedroom.id).pk }, ConsistentRead: true }));
    expect(Items).toEqual([]);
  });
});

describe("a client's toggle", () => {
  it("reads the project's summary once: the paused-tenant check hands over the summary it read", async () => {
    const contractor = await signedUp('contractor');
    const client = await signedUp('client');
    const answer = await contractor.api.post('/api/projects', { name: 'Capacity House', address: '1 Unit Road', clientName: 'Chris Owner', clientEmail: client.user.email });
    expect(answer.status).toBe(201);
    const project = answer.body as { id: string };
    const [room] = await roomsOf(contractor.api, project.id);
    const [item] = (await contractor.api.get(`/api/rooms/${room!.id}/items`)).body as { id: string }[];
    let toggled: APIGatewayProxyStructuredResultV2 | undefined;
    const calls = await callsOf(async () => (toggled = await invoke(patchItemHandler, httpRoutes.patchItem, `/api/checklist-items/${item!.id}`, { clientCompleted: true }, client.api.cookie, { id: item!.id })));
    expect(toggled?.statusCode).toBe(200);
    expect(JSON.parse(toggled!.body!)).toMatchObject({ id: item!.id, clientCompleted: true });
    expect(keysRead(calls).filter((key) => key.pk === stateKeys.projectSummary(project.id).pk && key.sk === 'summary')).toHaveLength(1);
  });
});

describe('creating a project', () => {
  it("reads the owner's tenant record once: its active projects counter comes with the session's read", async () => {
    const { api, user } = await signedUp('contractor');
    // The first one counts the tenant's projects into its record (once); the second finds the counter there.
    const first = await newProject(api);
    let answer: APIGatewayProxyStructuredResultV2 | undefined;
    const calls = await callsOf(async () => (answer = await invoke(createProjectHandler, httpRoutes.createProject, '/api/projects', { name: 'Capacity House', address: '1 Unit Road', clientName: 'Chris Owner' }, api.cookie)));
    expect(answer?.statusCode).toBe(201);
    expect(keysRead(calls).filter((key) => key.pk === stateKeys.tenant(user.id).pk)).toEqual([stateKeys.tenant(user.id)]);
    // And the project counts against the plan as before.
    const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.tenant(user.id), ConsistentRead: true }));
    expect(Item?.activeProjects).toBe(2);
    expect(((await api.get('/api/projects')).body as { id: string }[]).map((project) => project.id).sort()).toEqual([first.id, JSON.parse(answer!.body!).id].sort());
  });
});
