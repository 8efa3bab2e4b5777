import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { projector } from '../../../functions/routes';
import { invoke } from './lambda';

/**
 * Does what Lambda's event source mapping does for the events table's stream: reads every shard
 * in order, hands batches to the projector, and retries the records it reports as failed.
 * Starts at the stream's end (LATEST) for shards open at start-up, so restarting the app does
 * not replay old notifications; shards that appear later are read from their beginning.
 */

const IDLE_POLL_MS = 100;
const MAX_ATTEMPTS = 3;

export function startStreamPoller(tableName: string) {
  const streams = new DynamoDBStreamsClient({});
  let stopped = false;
  const readers = new Map<string, Promise<void>>();

  async function deliver(streamArn: string, records: _Record[]): Promise<void> {
    let pending = records;
    for (let attempt = 1; pending.length && attempt <= MAX_ATTEMPTS; attempt++) {
      const event = { Records: pending.map((r) => ({ ...r, eventSourceARN: streamArn })) } as unknown as DynamoDBStreamEvent;
      try {
        const response = await invoke<DynamoDBBatchResponse | undefined>(projector.handler, event);
        const failed = new Set(response?.batchItemFailures.map((f) => f.itemIdentifier) ?? []);
        pending = pending.filter((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
      } catch (error) {
        console.error('[stream] projector failed:', error);
      }
    }
    if (pending.length) console.error(`[stream] gave up on ${pending.length} record(s) after ${MAX_ATTEMPTS} attempts`);
  }

  async function readShard(streamArn: string, shardId: string, from: 'LATEST' | 'TRIM_HORIZON'): Promise<void> {
    let iterator = (
      await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: from }))
    ).ShardIterator;
    while (iterator && !stopped) {
      const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: projector.batchSize }));
      if (page.Records?.length) await deliver(streamArn, page.Records);
      else await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
      iterator = page.NextShardIterator;
    }
  }

  async function run(): Promise<void> {
    const table = await new DynamoDBClient({}).send(new DescribeTableCommand({ TableName: tableName }));
    const streamArn = table.Table?.LatestStreamArn;
    if (!streamArn) throw new Error(`${tableName} has no stream`);
    let firstLook = true;
    while (!stopped) {
      const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
      for (const shard of StreamDescription?.Shards ?? []) {
        const id = shard.ShardId!;
        if (readers.has(id)) continue;
        const open = !shard.SequenceNumberRange?.EndingSequenceNumber;
        // At start-up, closed shards hold only history: skip them.
        if (firstLook && !open) continue;
        const reader = readShard(streamArn, id, firstLook ? 'LATEST' : 'TRIM_HORIZON').catch((error) => {
          if (!stopped) console.error(`[stream] shard ${id}:`, error);
          readers.delete(id); // looked at again on the next pass
        });
        readers.set(id, reader);
      }
      firstLook = false;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  const running = run().catch((error) => {
    if (!stopped) console.error('[stream] poller stopped:', error);
  });
  return {
    async stop() {
      stopped = true;
      await running;
      await Promise.allSettled(readers.values());
      streams.destroy();
    },
  };
}
