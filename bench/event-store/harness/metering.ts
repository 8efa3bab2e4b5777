import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Counting round trips and consumed capacity, through an SDK middleware. */

export interface CallStats {
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

export class Meter {
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

export const WRITE_COMMANDS = new Set(['TransactWriteItems', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);
export const READ_COMMANDS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem', 'TransactGetItems']);

/** Where round trips are counted now (`recording`); none while seeding or between scenarios. */
export const metering: { recording: Meter | undefined } = { recording: undefined };

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

export function createMeteredClient(endpoint: string, eventsTable: string): { raw: DynamoDBClient; client: DynamoDBDocumentClient } {
  const raw = new DynamoDBClient({ endpoint });
  raw.middlewareStack.add(
    (next, context) => async (args) => {
      const meter = metering.recording;
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
