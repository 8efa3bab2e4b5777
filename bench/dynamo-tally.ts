import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Operations that read: their consumed capacity is counted as read units. */
const READS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems']);

/**
 * Counts a client's DynamoDB round trips by operation and the read units they consume, from the
 * moment of `reset()`; benches put it on the handlers' own client (the local cloud runs them in
 * process) and divide by the calls they made.
 */
export function tallyDynamo(client: DynamoDBDocumentClient, name: string) {
  let calls = new Map<string, number>();
  let readUnits = 0;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const operation = (context.commandName ?? '?').replace('Command', '');
      calls.set(operation, (calls.get(operation) ?? 0) + 1);
      const reads = READS.has(operation);
      if (reads) (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity ??= 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
      if (reads) for (const entry of [consumed ?? []].flat()) readUnits += entry.CapacityUnits ?? 0;
      return result;
    },
    { step: 'initialize', name },
  );
  return {
    reset() {
      calls = new Map();
      readUnits = 0;
    },
    /** Round trips per operation, each divided by `per`, as `BatchGetItem 1 + Query 1`. */
    perCall: (per: number, digits: number) => [...calls].map(([operation, count]) => `${operation} ${+(count / per).toFixed(digits)}`).join(' + '),
    readUnitsPer: (per: number, digits: number) => +(readUnits / per).toFixed(digits),
  };
}
