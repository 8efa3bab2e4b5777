/**
 * `npm run bench:capacity`: the DynamoDB read and write units the common requests consume, and
 * where each unit goes — table or index, which call (the first frame of our code that made it),
 * which item (its key with ids blanked) — through the real handlers on the local cloud, with
 * `ReturnConsumedCapacity: 'INDEXES'` on every call of both of the handlers' clients. The events
 * stream's processors run (the notifier and the usage metering), so what a write costs after its
 * answer is counted too, apart. Prints; asserts nothing.
 *
 * DynamoDB Local reports capacity by DynamoDB's rules (4 KB a read unit, half for an eventually
 * consistent read; 1 KB a write unit, twice in a transaction; an index write for each index whose
 * keys or projected attributes change). Locally the request's usage is written once per request;
 * in AWS it is gathered per tenant for 10 s per instance (functions/usage/usage-counters.ts):
 * those rows say "metering".
 *
 * `BENCH_SAVE=FILE` keeps the totals as JSON; `BENCH_AGAINST=FILE` prints them beside a saved run
 * (e.g. the same bench run in a worktree of the commit before).
 */

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalCloud } from '../infra/local/cloud';
import { eventsTable, indexesOf, keysTable, stateTable, type TableDefinition } from '../functions/tables';
import { registered, signedInApi } from './signed-in-api';
// The clients are created on first use, after the cloud has set the environment.
import { dynamo, meteringDynamo } from '../functions/adapters/dynamo';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
/** How long the stream's processors are given to handle a request's events before the next request. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 1500);

interface Consumed {
  TableName?: string;
  CapacityUnits?: number;
  Table?: { CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
}
interface Spend {
  /** 'read' or 'write' units. */
  kind: 'read' | 'write';
  /** table or table/index */
  where: string;
  operation: string;
  caller: string;
  items: string;
  units: number;
  /** Spent by the events stream's processors, after the answer. */
  stream: boolean;
}

let spends: Spend[] | undefined;

const READS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems']);
const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

/** A key with its ids blanked: `v3#project#·#/room#·#`. */
function keyShape(key: Record<string, unknown> | undefined): string {
  if (!key) return '?';
  const blank = (value: unknown) =>
    String(value)
      .replace(/^v\d+#/, '')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '·')
      .replace(/[0-9A-HJKMNP-TV-Z]{26}/g, '·')
      .replace(/[0-9a-f]{32,}/gi, '·')
      .replace(/[^#]*@[^#]*/g, '·')
      .replace(/\d{4}-\d{2}(-\d{2})?/g, 'YYYY-MM')
      .replace(/window#\d+/g, 'window#·');
  const values = Object.values(key);
  return values.length === 2 && typeof values[1] !== 'number' ? `${blank(values[0])}/${blank(values[1])}` : values.map(blank).join('/');
}

/** What a call touched: the keys (or the query's key condition), counted when alike. */
function itemsOf(operation: string, input: Record<string, any>): string {
  const keys: string[] = [];
  if (input.Key) keys.push(keyShape(input.Key));
  if (input.Item) keys.push(keyShape({ pk: input.Item.pk ?? input.Item.streamId, sk: input.Item.sk ?? input.Item.version }));
  if (input.RequestItems) {
    for (const request of Object.values(input.RequestItems) as any[]) {
      if (Array.isArray(request)) for (const write of request) keys.push(keyShape(write.PutRequest?.Item ? { pk: write.PutRequest.Item.pk ?? write.PutRequest.Item.streamId, sk: write.PutRequest.Item.sk ?? write.PutRequest.Item.version } : write.DeleteRequest?.Key));
      else for (const key of request.Keys ?? []) keys.push(keyShape(key));
    }
  }
  if (input.TransactItems) {
    for (const entry of input.TransactItems as any[]) {
      const [kind, body] = Object.entries(entry)[0] as [string, any];
      const item = body.Key ?? (body.Item ? { pk: body.Item.pk ?? body.Item.streamId, sk: body.Item.sk ?? body.Item.version } : undefined);
      keys.push(`${kind}:${keyShape(item)}`);
    }
  }
  if (operation === 'Query' || operation === 'Scan') {
    const pk = Object.entries(input.ExpressionAttributeValues ?? {}).find(([name]) => /pk|stream|project/i.test(name))?.[1];
    keys.push(`${input.IndexName ? `${input.IndexName}:` : ''}${pk === undefined ? operation : keyShape({ pk })}`);
  }
  const counted = new Map<string, number>();
  for (const key of keys) counted.set(key, (counted.get(key) ?? 0) + 1);
  return [...counted].map(([key, n]) => (n > 1 ? `${n}× ${key}` : key)).join(', ');
}

/** The first frame of our own code below the SDK: the module and function that made the call. */
function callerOf(stack: string): string {
  for (const line of stack.split('\n').slice(1)) {
    const match = /at (?:async )?(?:(\S+) \()?.*\/(functions\/[^:)]+):(\d+)/.exec(line);
    if (match && !match[2]!.startsWith('functions/adapters/')) return `${match[2]!.replace(/\.ts$/, '')}${match[1] ? ` ${match[1].replace(/^Object\./, '')}` : ''}`;
  }
  return '?';
}

/**
 * An item's size by DynamoDB's rules, near enough: each attribute's name and value in UTF-8 bytes,
 * a number about half its digits plus one, 3 bytes more for a list or map and 1 for each element.
 */
function itemSize(value: unknown, top = true): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number' || typeof value === 'bigint') return Math.ceil(String(value).replace(/[-.]/g, '').replace(/^0+/, '').length / 2) + 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((sum: number, element) => sum + itemSize(element, false), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, element) => sum + 1 + itemSize(element, false), 0);
  const entries = Object.entries(value as Record<string, unknown>);
  return (top ? 0 : 3) + entries.reduce((sum, [name, element]) => sum + Buffer.byteLength(name) + itemSize(element, false) + (top ? 0 : 1), 0);
}

const tables: Record<string, TableDefinition> = { events: eventsTable, state: stateTable, keys: keysTable };
const tableOf = (name: string | undefined) => (name ?? '?').replace(/^.*-(\w+)$/, '$1');
const keyOf = (table: string, item: Record<string, unknown>) => {
  const definition = tables[table];
  return definition ? { [definition.partitionKey.name]: item[definition.partitionKey.name], [definition.sortKey.name]: item[definition.sortKey.name] } : item;
};

/** The bench's own client, not counted: reads a transaction's items back to size them. */
let sizer: DynamoDBDocumentClient | undefined;

/**
 * A transaction's units by DynamoDB's rules, item by item, since DynamoDB Local reports 4 a table
 * whatever the transaction holds: 2 write units per KB of each Put, Update, Delete and
 * ConditionCheck (its item after the write, the one checked), and 1 per KB for each index the
 * item is in (all attributes projected).
 */
async function transactionSpends(input: Record<string, any>, caller: string, stream: boolean): Promise<Spend[]> {
  sizer ??= DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const made: Spend[] = [];
  for (const entry of input.TransactItems as Record<string, any>[]) {
    const [kind, body] = Object.entries(entry)[0] as [string, Record<string, any>];
    const table = tableOf(body.TableName);
    const key = body.Key ?? keyOf(table, body.Item);
    const after = kind === 'Put' ? body.Item : kind === 'Delete' ? undefined : (await sizer.send(new GetCommand({ TableName: body.TableName, Key: key, ConsistentRead: true }))).Item;
    const kb = Math.max(1, Math.ceil(itemSize(after ?? key) / 1024));
    const items = `${kind}:${keyShape(key)}`;
    made.push({ kind: 'write', where: table, operation: 'TransactWriteItems', caller, items, units: 2 * kb, stream });
    if (kind === 'ConditionCheck' || !after) continue;
    for (const index of indexesOf(tables[table]!)) {
      if (after[index.partitionKey.name] !== undefined && after[index.sortKey.name] !== undefined) made.push({ kind: 'write', where: `${table}/${index.name}`, operation: 'TransactWriteItems', caller, items, units: kb, stream });
    }
  }
  return made;
}

/** Read units of items got by key, by DynamoDB's rules: per item, 1 per 4 KB (half when eventually consistent), an item not there 1 all the same. */
function getSpends(operation: string, input: Record<string, any>, output: Record<string, any>, caller: string, stream: boolean): Spend[] {
  const requests: [string, { keys: Record<string, unknown>[]; consistent: boolean }][] =
    operation === 'GetItem'
      ? [[input.TableName, { keys: [input.Key], consistent: Boolean(input.ConsistentRead) }]]
      : Object.entries(input.RequestItems as Record<string, any>).map(([name, request]) => [name, { keys: request.Keys, consistent: Boolean(request.ConsistentRead) }]);
  const found = operation === 'GetItem' ? (output.Item ? [output.Item] : []) : Object.values((output.Responses ?? {}) as Record<string, Record<string, unknown>[]>).flat();
  const made: Spend[] = [];
  for (const [name, { keys, consistent }] of requests) {
    const table = tableOf(name);
    for (const key of keys) {
      const item = found.find((candidate) => Object.entries(key).every(([attribute, value]) => candidate[attribute] === value));
      const units = Math.max(1, Math.ceil((item ? itemSize(item) : 0) / 4096)) * (consistent ? 1 : 0.5);
      made.push({ kind: 'read', where: table, operation, caller, items: `${keyShape(key)}${item ? '' : ' (not there)'}`, units, stream });
    }
  }
  return made;
}

function tallyCapacity(client: DynamoDBDocumentClient, name: string) {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const operation = (context.commandName ?? '?').replace('Command', '');
      if (!spends || (!READS.has(operation) && !WRITES.has(operation))) return next(args);
      const stack = new Error().stack ?? '';
      const input = args.input as Record<string, any>;
      input.ReturnConsumedCapacity = 'INDEXES';
      const made = spends;
      const result = await next(args);
      const kind = READS.has(operation) ? 'read' : 'write';
      const caller = callerOf(stack);
      // The events stream's processors run after the answer (in AWS, in their own Lambda).
      const stream = stack.includes('functions/processors/');
      if (operation === 'TransactWriteItems') {
        made.push(...(await transactionSpends(input, caller, stream)));
        return result;
      }
      if (operation === 'GetItem' || operation === 'BatchGetItem') {
        made.push(...getSpends(operation, input, result.output as Record<string, any>, caller, stream));
        return result;
      }
      const items = itemsOf(operation, input);
      const consumed = [(result.output as { ConsumedCapacity?: Consumed | Consumed[] }).ConsumedCapacity ?? []].flat();
      if (operation === 'Query' || operation === 'Scan') {
        // A query reads half a unit at least (one when consistent), though it finds nothing: DynamoDB Local says 0.
        const units = consumed.reduce((total, entry) => total + (entry.CapacityUnits ?? 0), 0);
        const table = tableOf(input.TableName);
        made.push({ kind, where: input.IndexName ? `${table}/${input.IndexName}` : table, operation, caller, items, units: Math.max(units, input.ConsistentRead ? 1 : 0.5), stream });
      }
      else for (const entry of consumed) {
        const table = tableOf(entry.TableName);
        const tableUnits = entry.Table?.CapacityUnits ?? (entry.GlobalSecondaryIndexes ? 0 : entry.CapacityUnits ?? 0);
        made.push({ kind, where: table, operation, caller, items, units: tableUnits, stream });
        for (const [index, { CapacityUnits = 0 }] of Object.entries(entry.GlobalSecondaryIndexes ?? {})) made.push({ kind, where: `${table}/${index}`, operation, caller, items, units: CapacityUnits, stream });
      }
      return result;
    },
    { step: 'initialize', name },
  );
}

const cloud = await startLocalCloud({ port: 0 });
tallyCapacity(dynamo(), 'benchCapacity');
tallyCapacity(meteringDynamo(), 'benchCapacityMetering');

type Api = ReturnType<typeof signedInApi>;
const json = async (api: Api, method: string, path: string, body?: unknown) => {
  const text = await (await api(method, path, body)).text();
  return text ? JSON.parse(text) : undefined;
};

const isStream = (spend: Spend) => spend.stream;
const isMetering = (spend: Spend) => /functions\/usage\/usage-counters/.test(spend.caller) && !isStream(spend);
const isPointer = (spend: Spend) => spend.caller.startsWith('functions/store/view-generation');

interface Row {
  request: string;
  spends: Spend[];
}
const rows: Row[] = [];

/** Runs `run(i)` REPEAT times (setup before each, not counted), with the stream's processors settled after each. */
async function measure(request: string, run: (i: number) => Promise<unknown>, setup?: (i: number) => Promise<unknown>) {
  const all: Spend[] = [];
  for (let i = 0; i < REPEAT; i++) {
    await setup?.(i);
    await sleep(SETTLE_MS);
    spends = [];
    await run(i);
    await sleep(SETTLE_MS);
    all.push(...spends);
    spends = undefined;
  }
  rows.push({ request, spends: all });
}

const round = (n: number) => +(n / REPEAT).toFixed(2);
const sum = (list: Spend[], kind: 'read' | 'write') => round(list.filter((s) => s.kind === kind).reduce((total, s) => total + s.units, 0));

/** Each request's units: its own, its metering, the pointer read, the stream's, and in all. */
function totals() {
  return rows.map(({ request, spends: all }) => {
    const own = all.filter((s) => !isStream(s) && !isMetering(s) && !isPointer(s));
    const metering = all.filter(isMetering);
    const stream = all.filter(isStream);
    return {
      request,
      RCU: sum(own, 'read'),
      WCU: sum(own, 'write'),
      'metering WCU': sum(metering, 'write'),
      'pointer RCU': sum(all.filter(isPointer), 'read'),
      'stream RCU': sum(stream, 'read'),
      'stream WCU': sum(stream, 'write'),
      'total RCU': sum(all, 'read'),
      'total WCU': sum(all, 'write'),
    };
  });
}

function print() {
  console.log(`Capacity per request — ${new Date().toISOString()} — node ${process.version} — DynamoDB Local, mean of ${REPEAT} requests each`);
  const now = totals();
  console.table(now);
  if (process.env.BENCH_SAVE) writeFileSync(process.env.BENCH_SAVE, JSON.stringify(now, null, 2));
  if (process.env.BENCH_AGAINST) {
    const before = JSON.parse(readFileSync(process.env.BENCH_AGAINST, 'utf8')) as typeof now;
    console.log(`\nBefore (${process.env.BENCH_AGAINST}) → now: the request's own RCU / WCU, its metering WCU, the stream's RCU / WCU`);
    const pair = (a: number | undefined, b: number) => (a === undefined ? `${b}` : a === b ? `${b}` : `${a} → ${b}`);
    console.table(
      now.map((row) => {
        const was = before.find((other) => other.request === row.request);
        return { request: row.request, RCU: pair(was?.RCU, row.RCU), WCU: pair(was?.WCU, row.WCU), 'metering WCU': pair(was?.['metering WCU'], row['metering WCU']), 'stream RCU': pair(was?.['stream RCU'], row['stream RCU']), 'stream WCU': pair(was?.['stream WCU'], row['stream WCU']) };
      }),
    );
  }
  console.log('RCU / WCU: the request itself; metering: its usage counts (in AWS one write per tenant per 10 s per instance, not per request); pointer: the views generation pointer (one GetItem a second per process, here every request); stream: the processors after the answer (notifier, usage metering, their checkpoints).');
  for (const { request, spends: all } of rows) {
    console.log(`\n${request}`);
    const lines = new Map<string, Spend>();
    for (const spend of all) {
      const key = [spend.kind, spend.where, spend.operation, spend.caller, spend.items, spend.stream].join('\t');
      const line = lines.get(key) ?? { ...spend, units: 0 };
      line.units += spend.units;
      lines.set(key, line);
    }
    console.table([...lines.values()].map((line) => ({ units: `${round(line.units)} ${line.kind === 'read' ? 'RCU' : 'WCU'}`, where: line.where, call: `${line.stream ? 'stream: ' : ''}${line.operation} ${line.caller.replace(/^functions\//, '')}`, items: line.items })));
  }
}

try {
  const contractor = await registered(cloud, 'contractor');
  const client = await registered(cloud, 'client');
  const c = contractor.api;
  const project = await json(c, 'POST', '/api/projects', { name: 'Bench', address: '1 Bench Road', clientName: 'Client', clientEmail: client.email });
  const rooms: { id: string; type: string }[] = await json(c, 'GET', `/api/projects/${project.id}/rooms`);
  const room = rooms.find((r) => r.type === 'kitchen') ?? rooms[0]!;
  const items: { id: string }[] = await json(c, 'GET', `/api/rooms/${room.id}/items`);
  const [item] = items;

  let flag = false;
  await measure('PATCH item flag (toggle)', () => c('PATCH', `/api/checklist-items/${item!.id}`, { purchasesMade: (flag = !flag) }));
  let installed = false;
  await measure('PATCH item flag (client)', () => client.api('PATCH', `/api/checklist-items/${item!.id}`, { clientCompleted: (installed = !installed) }));
  await measure('PATCH item details', (i) => c('PATCH', `/api/checklist-items/${item!.id}`, { details: `Details ${i}` }));
  await measure('POST item', (i) => c('POST', '/api/checklist-items', { roomId: room.id, category: 'special_features', name: `Bench ${i}` }));
  await measure('GET checklist (contractor, 36 items)', () => c('GET', `/api/projects/${project.id}/checklist`));
  await measure('GET checklist (client)', () => client.api('GET', `/api/projects/${project.id}/checklist`));
  await measure('GET stats', () => c('GET', `/api/projects/${project.id}/stats`));
  await measure('POST chat', (i) => c('POST', '/api/chat', { projectId: project.id, message: `Hello ${i}`, messageType: 'chat' }));
  await measure('POST project (36 template items)', (i) => c('POST', '/api/projects', { name: `Bench extra ${i}`, address: '2 Bench Road', clientName: 'Client' }));
  // The first proof of an address drops a password set before it (functions/accounts/credentials.ts): an account not yet proved signs in with one.
  const unproved = `bench.sign-in.${Date.now()}@example.com`;
  await signedInApi(cloud.url)('POST', '/api/auth/register', { firstName: 'Bench', lastName: 'Sign-in', email: unproved, role: 'contractor', password: 'bench-password', confirmPassword: 'bench-password' });
  await measure('POST auth/login', () => signedInApi(cloud.url)('POST', '/api/auth/login', { email: unproved, password: 'bench-password' }));
  print();
} finally {
  await cloud.stop();
}
