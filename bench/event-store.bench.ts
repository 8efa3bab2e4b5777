/**
 * Event store benchmark: prints latency, throughput, DynamoDB round trips and consumed capacity
 * per operation for the store's typical operations. It measures, it never asserts timings.
 *
 *   node --import tsx bench/event-store.bench.ts        (npm run bench)
 *
 * Sizes (environment variables, defaults finish in about a minute on 2 cores):
 *   BENCH_N=300             operations in each sequential scenario (a–d)
 *   BENCH_WARMUP=50         untimed appends and reads first, to warm the JVM and the SDK
 *   BENCH_WRITERS=10        concurrent writers on one stream (e)
 *   BENCH_WRITER_OPS=5      commands each writer runs one after the other (e)
 *   BENCH_RETRIES=50        retry policy of the contention scenario (e)
 *   BENCH_READS=100         reads in each read scenario (f)
 *   BENCH_TIMEOUT_S=300     watchdog: stop the local cloud and exit 2 after this long
 *
 * Everything talks to the embedded local cloud on 127.0.0.1 (DynamoDB Local in memory): the
 * figures say what the store costs in round trips and capacity, and how it behaves under
 * contention; its latencies are DynamoDB Local's on this machine, not AWS's.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { positionOf, streamStart, type EventMeta, type StreamPosition } from '../events/envelope';
import { defineEvent, EventCatalogue, type EventOf } from '../events/event-catalogue';
import { startLocalCloud, type LocalCloud } from '../infra/local/cloud';
import { createEventStore, type EventStore, type ViewWrite } from '../functions/store/event-store';
import { loadByFolding, runCommand, type Command, type RetryPolicy } from '../functions/store/run-command';

// ---------------------------------------------------------------------------------------------
// Settings

const intFromEnv = (name: string, fallback: number, min = 1, max = 100_000): number => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number.parseInt(raw, 10);
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} must be an integer in ${min}..${max}`);
  return value;
};

const settings = {
  n: intFromEnv('BENCH_N', 300),
  warmup: intFromEnv('BENCH_WARMUP', 50, 0),
  writers: intFromEnv('BENCH_WRITERS', 10, 1, 1000),
  writerOps: intFromEnv('BENCH_WRITER_OPS', 5, 1, 10_000),
  retries: intFromEnv('BENCH_RETRIES', 50, 0, 1000),
  reads: intFromEnv('BENCH_READS', 100),
  timeoutS: intFromEnv('BENCH_TIMEOUT_S', 300, 10, 86_400),
} as const;

/** Events in the stream the typical item command (d) loads and folds. */
const ITEM_STREAM_EVENTS = 20;
/** Events in the stream read by readStream (f). */
const READ_STREAM_EVENTS = 100;
/** Streams × events per stream of the project read by readProjectEvents (f). */
const PROJECT_STREAMS = 10;
const PROJECT_STREAM_EVENTS = 10;
/** DynamoDB allows 100 items per transaction; the head takes one. */
const MAX_EVENTS_PER_APPEND = 50;

const contentionPolicy: RetryPolicy = { retries: settings.retries, minTimeoutMs: 10, maxTimeoutMs: 250 };

// ---------------------------------------------------------------------------------------------
// A bench-only catalogue: one event type, an item's flag set or cleared.

const flags = ['selected', 'purchased', 'installed'] as const;
type Flag = (typeof flags)[number];

const FlagSet = defineEvent('FlagSet', {
  schemaVersion: 1,
  schema: z.object({ flag: z.enum(flags), value: z.boolean() }),
});
type FlagSetEvent = EventOf<typeof FlagSet>;
const catalogue = new EventCatalogue([FlagSet]);

type ItemState = Readonly<Record<Flag, boolean>>;
const initialItem: ItemState = { selected: false, purchased: false, installed: false };
const evolveItem = (state: ItemState, event: FlagSetEvent): ItemState => ({ ...state, [event.data.flag]: event.data.value });
const flagEvent = (i: number): FlagSetEvent => ({ type: 'FlagSet', data: { flag: flags[i % flags.length]!, value: i % 2 === 0 } });

const tenantId = 'bench-tenant';
const runId = randomUUID().slice(0, 8);
const id = (kind: string, ...parts: (string | number)[]) => [`bench-${runId}`, kind, ...parts].join('-');

const meta = (): EventMeta => ({
  actorId: 'bench-user',
  role: 'contractor',
  displayName: 'Bench Contractor',
  at: new Date().toISOString(),
  requestId: randomUUID(),
});

// ---------------------------------------------------------------------------------------------
// Counting round trips and consumed capacity, through an SDK middleware.

interface CallStats {
  /** HTTP round trips (each SDK attempt is one). */
  calls: number;
  failures: number;
  /** Time spent inside the round trip (send → deserialized answer), summed. */
  ms: number;
  capacity: number;
  /** Calls whose answer carried ConsumedCapacity. */
  capacityReported: number;
  /** Capacity these calls would consume on AWS, estimated from the item sizes (answered calls only). */
  estimated: number;
  /** Failures by error name, and transaction cancellation reasons by code. */
  errors: Record<string, number>;
}

class Meter {
  readonly byCommand = new Map<string, CallStats>();

  stats(command: string): CallStats {
    let stats = this.byCommand.get(command);
    if (!stats) {
      stats = { calls: 0, failures: 0, ms: 0, capacity: 0, capacityReported: 0, estimated: 0, errors: {} };
      this.byCommand.set(command, stats);
    }
    return stats;
  }
}

const WRITE_COMMANDS = new Set(['TransactWriteItems', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);
const READ_COMMANDS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);

/** Where round trips are counted now; none while seeding or between scenarios. */
let recording: Meter | undefined;

function capacityOf(output: unknown): number | undefined {
  const consumed = (output as { ConsumedCapacity?: unknown } | undefined)?.ConsumedCapacity;
  if (consumed === undefined) return undefined;
  // TransactWriteItems and batch calls answer one entry per table; the others a single object.
  const entries = (Array.isArray(consumed) ? consumed : [consumed]) as { CapacityUnits?: number }[];
  return entries.reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
}

// Estimating AWS's capacity from item sizes, because DynamoDB Local's ConsumedCapacity for
// transactions does not follow AWS's model (it does not grow with the number of items).
// Model: transactional writes 2 WCU per KB per item, plus 1 WCU per KB for the events table's
// GSI copy (projection ALL) of an event; reads 1 RCU per 4 KB strongly consistent, 0.5 eventually,
// a Query's items summed before rounding, at least one unit per call.

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');
const numberSize = (digits: string) => Math.ceil(digits.replace(/^-|[.eE].*$/g, '').replace(/^0+/, '').length / 2) + 1;

/** Size of a marshalled attribute value (what the request carries), by DynamoDB's rules. */
function attributeValueSize(value: Record<string, unknown>): number {
  if (typeof value.S === 'string') return utf8(value.S);
  if (typeof value.N === 'string') return numberSize(value.N);
  if ('BOOL' in value || 'NULL' in value) return 1;
  if (Array.isArray(value.L)) return 3 + value.L.reduce((sum: number, v) => sum + 1 + attributeValueSize(v as Record<string, unknown>), 0);
  if (value.M && typeof value.M === 'object') return 3 + marshalledItemSize(value.M as Record<string, Record<string, unknown>>, 1);
  if (Array.isArray(value.SS)) return value.SS.reduce((sum: number, v) => sum + utf8(String(v)), 0);
  if (Array.isArray(value.NS)) return value.NS.reduce((sum: number, v) => sum + numberSize(String(v)), 0);
  if (value.B instanceof Uint8Array) return value.B.byteLength;
  return 0;
}

function marshalledItemSize(item: Record<string, Record<string, unknown>>, perEntry = 0): number {
  return Object.entries(item).reduce((sum, [name, value]) => sum + perEntry + utf8(name) + attributeValueSize(value), 0);
}

/** Size of an unmarshalled item (what the document client hands back). */
function plainSize(value: unknown): number {
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number' || typeof value === 'bigint') return numberSize(String(value));
  if (typeof value === 'boolean' || value === null) return 1;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((sum: number, v) => sum + plainSize(v), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, v) => sum + 1 + plainSize(v), 0);
  if (value && typeof value === 'object') {
    return 3 + Object.entries(value).reduce((sum, [name, v]) => sum + 1 + utf8(name) + plainSize(v), 0);
  }
  return 0;
}
const plainItemSize = (item: Record<string, unknown>) => plainSize(item) - 3 - Object.keys(item).length;

const kilobytes = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

function estimateWrite(command: string, input: Record<string, unknown>, eventsTable: string): number | undefined {
  if (command !== 'TransactWriteItems') return undefined;
  const items = (input.TransactItems ?? []) as Record<string, Record<string, unknown>>[];
  let units = 0;
  for (const transactItem of items) {
    const { Put, Update, Delete, ConditionCheck } = transactItem;
    if (Put) {
      const item = Put.Item as Record<string, Record<string, unknown>>;
      const size = kilobytes(marshalledItemSize(item));
      units += 2 * size;
      if (Put.TableName === eventsTable && item.projectId && item.eventId) units += size; // the byProject copy
    } else if (Update) {
      // The item's size after the update is not in the request: key and new values as a lower bound.
      const key = marshalledItemSize(Update.Key as Record<string, Record<string, unknown>>);
      const values = marshalledItemSize((Update.ExpressionAttributeValues ?? {}) as Record<string, Record<string, unknown>>);
      units += 2 * kilobytes(key + values);
    } else if (Delete) units += 2;
    else if (ConditionCheck) units += 1; // charged as a read: 2 RCU per 4 KB in a transaction; folded in here
  }
  return units;
}

function estimateRead(command: string, input: Record<string, unknown>, output: Record<string, unknown>): number | undefined {
  const factor = input.ConsistentRead === true ? 1 : 0.5;
  if (command === 'GetItem') return factor * Math.max(1, Math.ceil(plainItemSize((output.Item ?? {}) as Record<string, unknown>) / 4096));
  if (command === 'Query' || command === 'Scan') {
    const bytes = ((output.Items ?? []) as Record<string, unknown>[]).reduce((sum, item) => sum + plainItemSize(item), 0);
    return factor * Math.max(1, Math.ceil(bytes / 4096));
  }
  return undefined;
}

function createMeteredClient(endpoint: string, eventsTable: string): { raw: DynamoDBClient; client: DynamoDBDocumentClient } {
  const raw = new DynamoDBClient({ endpoint });
  raw.middlewareStack.add(
    (next, context) => async (args) => {
      const meter = recording;
      if (!meter) return next(args);
      const stats = meter.stats((context.commandName ?? 'Unknown').replace(/Command$/, ''));
      const started = performance.now();
      try {
        const result = await next(args);
        stats.calls++;
        const capacity = capacityOf(result.output);
        if (capacity !== undefined) {
          stats.capacity += capacity;
          stats.capacityReported++;
        }
        const command = (context.commandName ?? '').replace(/Command$/, '');
        const input = args.input as Record<string, unknown>;
        stats.estimated +=
          estimateWrite(command, input, eventsTable) ?? estimateRead(command, input, (result.output ?? {}) as unknown as Record<string, unknown>) ?? 0;
        return result;
      } catch (error) {
        stats.calls++;
        stats.failures++;
        const name = (error as Error).name ?? 'Error';
        stats.errors[name] = (stats.errors[name] ?? 0) + 1;
        const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
        for (const [index, reason] of reasons.entries()) {
          if (reason.Code && reason.Code !== 'None') {
            const key = `${reason.Code}@${index}`;
            stats.errors[key] = (stats.errors[key] ?? 0) + 1;
          }
        }
        throw error;
      } finally {
        stats.ms += performance.now() - started;
      }
    },
    // Deserialize step: inside the SDK's retry loop, so every HTTP attempt counts once.
    { step: 'deserialize', name: 'benchRoundTripMeter', priority: 'high' },
  );
  const client = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  return { raw, client };
}

// ---------------------------------------------------------------------------------------------
// Results

interface ScenarioResult {
  readonly key: string;
  readonly name: string;
  readonly count: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
  /** Operations per second over the timed part (wall clock for the concurrent scenario). */
  readonly opsPerSec: number;
  readonly roundTripsPerOp: Record<string, number>;
  readonly failedRoundTripsPerOp: Record<string, number>;
  readonly errors: Record<string, Record<string, number>>;
  /** Mean time per operation spent in DynamoDB round trips; the rest is client-side work. */
  readonly roundTripMsPerOp: number;
  /** null: that kind of call was made but DynamoDB was not asked to report capacity. */
  readonly wcuPerOp: number | null;
  readonly rcuPerOp: number | null;
  /** What AWS would charge by its documented model, from the item sizes (successful calls only). */
  readonly estimatedAwsWcuPerOp: number;
  readonly estimatedAwsRcuPerOp: number;
  readonly extra: Record<string, unknown>;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function summarize(
  key: string,
  name: string,
  latencies: readonly number[],
  meter: Meter,
  timedMs: number,
  extra: Record<string, unknown> = {},
): ScenarioResult {
  const count = latencies.length;
  const sorted = [...latencies].sort((a, b) => a - b);
  const perOp = (value: number) => (count ? value / count : 0);
  const roundTripsPerOp: Record<string, number> = {};
  const failedRoundTripsPerOp: Record<string, number> = {};
  const errors: Record<string, Record<string, number>> = {};
  let roundTripMs = 0;
  const capacity = {
    write: { calls: 0, reported: 0, units: 0, estimated: 0 },
    read: { calls: 0, reported: 0, units: 0, estimated: 0 },
  };
  for (const [command, stats] of meter.byCommand) {
    roundTripsPerOp[command] = round(perOp(stats.calls), 3);
    if (stats.failures) failedRoundTripsPerOp[command] = round(perOp(stats.failures), 3);
    if (Object.keys(stats.errors).length) errors[command] = stats.errors;
    roundTripMs += stats.ms;
    const kind = WRITE_COMMANDS.has(command) ? capacity.write : READ_COMMANDS.has(command) ? capacity.read : undefined;
    if (kind) {
      // Failed calls report no capacity, whatever was asked: count only the answered ones.
      kind.calls += stats.calls - stats.failures;
      kind.reported += stats.capacityReported;
      kind.units += stats.capacity;
      kind.estimated += stats.estimated;
    }
  }
  const unitsPerOp = (kind: { calls: number; reported: number; units: number }) =>
    kind.calls === 0 ? 0 : kind.reported < kind.calls ? null : round(perOp(kind.units), 2);
  return {
    key,
    name,
    count,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
    mean: round(perOp(latencies.reduce((sum, value) => sum + value, 0))),
    opsPerSec: round(timedMs > 0 ? (count * 1000) / timedMs : 0, 1),
    roundTripsPerOp,
    failedRoundTripsPerOp,
    errors,
    roundTripMsPerOp: round(perOp(roundTripMs)),
    wcuPerOp: unitsPerOp(capacity.write),
    rcuPerOp: unitsPerOp(capacity.read),
    estimatedAwsWcuPerOp: round(perOp(capacity.write.estimated), 2),
    estimatedAwsRcuPerOp: round(perOp(capacity.read.estimated), 2),
    extra,
  };
}

/** Runs `op` `count` times one after the other; `prepare` (untimed, unmetered) runs before each. */
async function sequential<Prepared>(
  count: number,
  op: (i: number, prepared: Prepared) => Promise<unknown>,
  prepare?: (i: number) => Promise<Prepared>,
): Promise<{ latencies: number[]; meter: Meter; timedMs: number }> {
  const meter = new Meter();
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    recording = undefined;
    const prepared = prepare ? await prepare(i) : (undefined as Prepared);
    recording = meter;
    const started = performance.now();
    await op(i, prepared);
    latencies.push(performance.now() - started);
    recording = undefined;
  }
  return { latencies, meter, timedMs: latencies.reduce((sum, value) => sum + value, 0) };
}

// ---------------------------------------------------------------------------------------------
// Scenarios

/** Appends `count` events to a new stream in as few transactions as DynamoDB allows. */
async function seedStream(store: EventStore, streamId: string, count: number, projectId: string): Promise<StreamPosition> {
  let position = streamStart;
  for (let from = 0; from < count; from += MAX_EVENTS_PER_APPEND) {
    const events = Array.from({ length: Math.min(MAX_EVENTS_PER_APPEND, count - from) }, (_, i) => flagEvent(from + i));
    const stored = await store.append({ streamId, expected: position, events, tenantId, projectId, meta: meta() });
    position = positionOf(stored, position);
  }
  return position;
}

/** The typical item command: load by folding the stream, toggle a flag, append. */
function toggleCommand(
  store: EventStore,
  streamId: string,
  projectId: string,
  counters: { loads: number },
  retry?: RetryPolicy,
): Command<ItemState, FlagSetEvent, ItemState> {
  return {
    streamId,
    tenantId,
    projectId,
    meta: meta(),
    load: () => {
      counters.loads++;
      return loadByFolding(store, streamId, initialItem, evolveItem);
    },
    decide: (state) => [{ type: 'FlagSet', data: { flag: 'selected', value: !state.selected } }],
    evolve: evolveItem,
    respond: (after) => after,
    retry,
  };
}

/** Two inline view updates, like a room's and a project's completed / total counters. */
function counterViews(stateTable: string, projectId: string): ViewWrite[] {
  const counter = (sk: string): ViewWrite => ({
    item: {
      Update: {
        TableName: stateTable,
        Key: { pk: `project#${projectId}#`, sk },
        UpdateExpression: 'ADD #completed :one, #total :one',
        ExpressionAttributeNames: { '#completed': 'completed', '#total': 'total' },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  });
  return [counter('room#bench-room#counters'), counter('counters')];
}

async function main(cloud: LocalCloud): Promise<ScenarioResult[]> {
  const endpoint = cloud.endpoints.dynamodb;
  if (new URL(endpoint).hostname !== '127.0.0.1') throw new Error(`DynamoDB endpoint ${endpoint} is not on 127.0.0.1`);
  const eventsTableName = cloud.env.EVENTS_TABLE;
  const stateTableName = cloud.env.STATE_TABLE;
  if (!eventsTableName || !stateTableName) throw new Error('The local cloud did not name its tables');
  const { raw, client } = createMeteredClient(endpoint, eventsTableName);
  try {
    const store = createEventStore({ client, eventsTableName, stateTableName, catalogue });
    const results: ScenarioResult[] = [];
    const progress = (line: string) => process.stderr.write(`[bench] ${line}\n`);

    // Warm-up: the JVM's JIT, the SDK's first-call set-up, the sockets.
    if (settings.warmup) {
      progress(`warm-up (${settings.warmup} appends and reads)`);
      const warmProject = id('warm-project');
      for (let i = 0; i < settings.warmup; i++) {
        const streamId = id('warm', i);
        await seedStream(store, streamId, 2, warmProject);
        await store.readStream(streamId);
        await store.readHead(streamId);
      }
      await store.readProjectEvents(warmProject);
    }

    // a. one event to a new stream each time (expected version 0).
    {
      progress(`a: ${settings.n} appends to new streams`);
      const projectId = id('project-a');
      const run = await sequential(settings.n, (i) =>
        store.append({ streamId: id('a', i), expected: streamStart, events: [flagEvent(i)], tenantId, projectId, meta: meta() }),
      );
      results.push(summarize('a', 'a append 1 event, new stream', run.latencies, run.meter, run.timedMs));
    }

    // b. one growing stream, each append at the position the previous one returned.
    {
      progress(`b: ${settings.n} appends to one growing stream`);
      const projectId = id('project-b');
      const streamId = id('b');
      let position = streamStart;
      const run = await sequential(settings.n, async (i) => {
        const stored = await store.append({ streamId, expected: position, events: [flagEvent(i)], tenantId, projectId, meta: meta() });
        position = positionOf(stored, position);
      });
      results.push(
        summarize('b', 'b append 1 event, growing stream', run.latencies, run.meter, run.timedMs, { finalVersion: position.version }),
      );
    }

    // c. as a, plus two inline counter updates (ADD) on the state table in the same transaction.
    {
      progress(`c: ${settings.n} appends with 2 inline view updates`);
      const projectId = id('project-c');
      const views = counterViews(stateTableName, projectId);
      const run = await sequential(settings.n, (i) =>
        store.append({
          streamId: id('c', i),
          expected: streamStart,
          events: [flagEvent(i)],
          tenantId,
          projectId,
          meta: meta(),
          views: () => views,
        }),
      );
      results.push(summarize('c', 'c append + 2 inline ADD views', run.latencies, run.meter, run.timedMs));
    }

    // d. runCommand on an item stream of 20 events: readStream + fold → decide → append.
    {
      progress(`d: ${settings.n} runCommand on ${ITEM_STREAM_EVENTS}-event streams (seeding each, untimed)`);
      const projectId = id('project-d');
      const counters = { loads: 0 };
      const run = await sequential(
        settings.n,
        (i) => runCommand(store, toggleCommand(store, id('d', i), projectId, counters)),
        (i) => seedStream(store, id('d', i), ITEM_STREAM_EVENTS, projectId),
      );
      results.push(
        summarize('d', `d runCommand, ${ITEM_STREAM_EVENTS}-event stream`, run.latencies, run.meter, run.timedMs, {
          loadsPerOp: round(counters.loads / settings.n, 3),
        }),
      );
    }

    // d2. the same with an Idempotency-Key: a GetItem first and one more Put in the transaction.
    {
      progress(`d2: ${settings.n} runCommand with an Idempotency-Key`);
      const projectId = id('project-d2');
      const counters = { loads: 0 };
      const run = await sequential(
        settings.n,
        (i) =>
          runCommand(store, {
            ...toggleCommand(store, id('d2', i), projectId, counters),
            idempotency: { scope: 'bench-user', key: id('key', i), requestHash: 'bench' },
          }),
        (i) => seedStream(store, id('d2', i), ITEM_STREAM_EVENTS, projectId),
      );
      results.push(
        summarize('d2', `d2 as d, with Idempotency-Key`, run.latencies, run.meter, run.timedMs, {
          loadsPerOp: round(counters.loads / settings.n, 3),
        }),
      );
    }

    // e. contention: writers run commands on ONE stream at the same time.
    {
      const total = settings.writers * settings.writerOps;
      progress(`e: ${settings.writers} concurrent writers × ${settings.writerOps} commands on one stream`);
      const projectId = id('project-e');
      const streamId = id('e');
      const counters = { loads: 0 };
      const meter = new Meter();
      const latencies: number[] = [];
      let refused = 0;
      recording = meter;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: settings.writers }, async () => {
          for (let op = 0; op < settings.writerOps; op++) {
            const opStarted = performance.now();
            try {
              await runCommand(store, toggleCommand(store, streamId, projectId, counters, contentionPolicy));
              latencies.push(performance.now() - opStarted);
            } catch {
              refused++; // a 409 after the retries ran out
            }
          }
        }),
      );
      const wallMs = performance.now() - started;
      recording = undefined;
      const head = await store.readHead(streamId);
      const transactions = meter.byCommand.get('TransactWriteItems');
      results.push(
        summarize('e', `e ${settings.writers} writers, one stream`, latencies, meter, wallMs, {
          commands: total,
          committed: latencies.length,
          refused409: refused,
          wallMs: round(wallMs, 1),
          attempts: counters.loads,
          attemptsPerCommit: round(counters.loads / Math.max(1, latencies.length), 2),
          conflicts: transactions?.failures ?? 0,
          finalVersion: head.version,
          lostUpdates: latencies.length - head.version,
          retryPolicy: contentionPolicy,
        }),
      );
    }

    // f. reads: one 100-event stream, and a project of 10 streams × 10 events through the GSI.
    {
      progress(`f: seeding; then ${settings.reads} each of readStream, readProjectEvents, readHead`);
      const projectId = id('project-f');
      const streamId = id('f');
      await seedStream(store, streamId, READ_STREAM_EVENTS, id('project-f-stream'));
      for (let s = 0; s < PROJECT_STREAMS; s++) await seedStream(store, id('f-project', s), PROJECT_STREAM_EVENTS, projectId);

      let streamEvents = 0;
      const streamRun = await sequential(settings.reads, async () => {
        streamEvents = (await store.readStream(streamId)).length;
      });
      results.push(
        summarize('f1', `f readStream, ${READ_STREAM_EVENTS} events`, streamRun.latencies, streamRun.meter, streamRun.timedMs, {
          eventsRead: streamEvents,
        }),
      );

      let projectEvents = 0;
      const projectRun = await sequential(settings.reads, async () => {
        projectEvents = (await store.readProjectEvents(projectId)).length;
      });
      results.push(
        summarize(
          'f2',
          `f readProjectEvents ${PROJECT_STREAMS}x${PROJECT_STREAM_EVENTS}`,
          projectRun.latencies,
          projectRun.meter,
          projectRun.timedMs,
          { eventsRead: projectEvents },
        ),
      );

      const headRun = await sequential(settings.reads, () => store.readHead(streamId));
      results.push(summarize('f3', 'f readHead', headRun.latencies, headRun.meter, headRun.timedMs));
    }

    return results;
  } finally {
    recording = undefined;
    client.destroy();
    raw.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// Printing

const formatMs = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const formatUnits = (value: number | null) => (value === null ? 'n/a' : value === 0 ? '-' : String(round(value, 2)));
const abbreviations: Record<string, string> = {
  TransactWriteItems: 'TxW',
  Query: 'Q',
  GetItem: 'Get',
  PutItem: 'Put',
  UpdateItem: 'Upd',
  Scan: 'Scan',
};
const formatTrips = (trips: Record<string, number>) =>
  Object.entries(trips)
    .map(([command, count]) => `${abbreviations[command] ?? command} ${round(count, 2)}`)
    .join(' + ') || '-';

function printTable(results: readonly ScenarioResult[]): void {
  const header = [
    'scenario', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'ops/s', 'round trips/op', 'in-DDB ms/op',
    'WCU/op', 'RCU/op', 'est.AWS WCU/op', 'est.AWS RCU/op',
  ];
  const rows = results.map((r) => [
    r.name,
    String(r.count),
    formatMs(r.p50),
    formatMs(r.p95),
    formatMs(r.p99),
    formatMs(r.max),
    r.opsPerSec.toFixed(1),
    formatTrips(r.roundTripsPerOp),
    formatMs(r.roundTripMsPerOp),
    formatUnits(r.wcuPerOp),
    formatUnits(r.rcuPerOp),
    formatUnits(r.estimatedAwsWcuPerOp),
    formatUnits(r.estimatedAwsRcuPerOp),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const leftAligned = new Set([0, 7]);
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => (leftAligned.has(column) ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

function printNotes(results: readonly ScenarioResult[]): void {
  console.log('');
  console.log('Round trips: TxW = TransactWriteItems, Q = Query, Get = GetItem; failed ones included.');
  console.log('in-DDB ms/op: time inside SDK round trips per op (the rest is hashing, validation, marshalling).');
  console.log('WCU/RCU: as DynamoDB Local reports them (ReturnConsumedCapacity); n/a = calls made without asking for it; - = none.');
  console.log(
    'est.AWS: from item sizes by AWS\'s documented model (transactional write 2 WCU/KB per item + 1 WCU/KB per GSI copy;',
  );
  console.log('  read 1 RCU/4 KB strong, 0.5 eventual); successful calls only. DynamoDB Local\'s transaction WCU does not grow with items.');
  for (const r of results) {
    const notes: string[] = [];
    if (Object.keys(r.failedRoundTripsPerOp).length) notes.push(`failed round trips/op: ${formatTrips(r.failedRoundTripsPerOp)}`);
    for (const [command, errors] of Object.entries(r.errors)) {
      notes.push(`${command} errors: ${Object.entries(errors).map(([name, count]) => `${name} ×${count}`).join(', ')}`);
    }
    const extra = Object.entries(r.extra).map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
    if (extra.length) notes.push(extra.join(' '));
    if (notes.length) console.log(`  ${r.key}: ${notes.join('; ')}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Run: start the local cloud, measure, stop it, exit.

async function run(): Promise<number> {
  const date = new Date().toISOString();
  const cpus = os.cpus();
  process.stderr.write('[bench] starting the local cloud (DynamoDB Local in memory) …\n');
  let cloud: LocalCloud | undefined;
  let stopping: Promise<void> | undefined;
  const stopCloud = () => (stopping ??= cloud?.stop() ?? Promise.resolve());

  const watchdog = setTimeout(() => {
    process.stderr.write(`[bench] watchdog: still running after ${settings.timeoutS} s, stopping\n`);
    const giveUp = new Promise((resolve) => setTimeout(resolve, 15_000).unref());
    void Promise.race([stopCloud(), giveUp]).finally(() => process.exit(2));
  }, settings.timeoutS * 1000);
  watchdog.unref();

  try {
    cloud = await startLocalCloud({ port: 0 });
    const started = performance.now();
    const results = await main(cloud);
    const elapsedS = round((performance.now() - started) / 1000, 1);

    console.log(
      `Event store bench — ${date} — node ${process.version} — ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}) — ` +
        `${os.platform()} ${os.arch()} — ${elapsedS} s`,
    );
    console.log(
      'Figures are DynamoDB Local (in-memory, JVM) on this machine through the AWS SDK over 127.0.0.1, not AWS latency; ' +
        'the local cloud’s stream poller runs the projector in the same process meanwhile.',
    );
    console.log(
      `Settings: BENCH_N=${settings.n} BENCH_WARMUP=${settings.warmup} BENCH_WRITERS=${settings.writers} ` +
        `BENCH_WRITER_OPS=${settings.writerOps} BENCH_RETRIES=${settings.retries} BENCH_READS=${settings.reads}`,
    );
    console.log('');
    printTable(results);
    printNotes(results);
    console.log(
      `BENCH_JSON ${JSON.stringify({
        date,
        node: process.version,
        cores: cpus.length,
        cpu: cpus[0]?.model.trim(),
        platform: `${os.platform()} ${os.arch()}`,
        target: 'DynamoDB Local (in-memory) on 127.0.0.1, not AWS',
        settings,
        elapsedS,
        scenarios: results,
      })}`,
    );
    return 0;
  } catch (error) {
    console.error('[bench] failed:', error);
    return 1;
  } finally {
    await stopCloud();
    clearTimeout(watchdog);
  }
}

// The SDK's keep-alive sockets and the emulators' timers may outlive the run: exit explicitly.
process.exit(await run());
