import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  TrimmedDataAccessException,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { browserNotifier } from '../../../functions/routes';
import { invoke } from './lambda';

/**
 * Does what Lambda's event source mapping does for the events table's stream: reads every shard
 * in order, hands batches to the browser notifier, and retries the records it reports as failed.
 * Records from before the poller started are skipped, so restarting the app does not replay old
 * notifications. (Reading from each shard's start and skipping by time, rather than asking for
 * LATEST, means a record written while the poller is still finding its shards is not lost.)
 */

const IDLE_POLL_MS = 100;
const MAX_ATTEMPTS = 3;

export function startStreamPoller(tableName: string) {
  const streams = new DynamoDBStreamsClient({});
  let stopped = false;
  const readers = new Map<string, Promise<void>>();
  // DynamoDB Local stamps stream records to the whole minute: at worst a restart replays the
  // notifications of the minute before it, which only make open pages refetch.
  const startedAtMinute = Math.floor(Date.now() / 60_000) * 60_000;
  const isNew = (record: _Record) => (record.dynamodb?.ApproximateCreationDateTime?.getTime() ?? Infinity) >= startedAtMinute;

  async function deliver(streamArn: string, records: _Record[]): Promise<void> {
    let pending = records;
    for (let attempt = 1; pending.length && attempt <= MAX_ATTEMPTS; attempt++) {
      const event = { Records: pending.map((r) => ({ ...r, eventSourceARN: streamArn })) } as unknown as DynamoDBStreamEvent;
      try {
        const response = await invoke<DynamoDBBatchResponse | undefined>(browserNotifier.handler, event);
        const failed = new Set(response?.batchItemFailures.map((f) => f.itemIdentifier) ?? []);
        pending = pending.filter((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
      } catch (error) {
        console.error('[stream] browser notifier failed:', error);
      }
    }
    if (pending.length) console.error(`[stream] gave up on ${pending.length} record(s) after ${MAX_ATTEMPTS} attempts`);
  }

  async function readShard(streamArn: string, shardId: string): Promise<void> {
    let lastSequenceNumber: string | undefined;
    // After an iterator goes stale, carry on right after the last record delivered.
    const newIterator = async () =>
      (
        await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: shardId,
            ...(lastSequenceNumber
              ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: lastSequenceNumber }
              : { ShardIteratorType: 'TRIM_HORIZON' }),
          }),
        )
      ).ShardIterator;
    let iterator = await newIterator();
    while (iterator && !stopped) {
      let page;
      try {
        page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: browserNotifier.batchSize }));
      } catch (error) {
        if (!(error instanceof TrimmedDataAccessException || error instanceof ExpiredIteratorException)) throw error;
        await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
        iterator = await newIterator();
        continue;
      }
      const records = page.Records ?? [];
      if (records.length) {
        const fresh = records.filter(isNew);
        if (fresh.length) await deliver(streamArn, fresh);
        lastSequenceNumber = records.at(-1)?.dynamodb?.SequenceNumber ?? lastSequenceNumber;
      } else {
        await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
      }
      iterator = page.NextShardIterator;
    }
  }

  async function run(): Promise<void> {
    const dynamodb = new DynamoDBClient({});
    const table = await dynamodb.send(new DescribeTableCommand({ TableName: tableName })).finally(() => dynamodb.destroy());
    const streamArn = table.Table?.LatestStreamArn;
    if (!streamArn) throw new Error(`${tableName} has no stream`);
    while (!stopped) {
      const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
      for (const shard of StreamDescription?.Shards ?? []) {
        const id = shard.ShardId!;
        if (readers.has(id)) continue;
        const reader = readShard(streamArn, id).catch((error) => {
          if (!stopped) console.error(`[stream] shard ${id}:`, error);
          readers.delete(id); // looked at again on the next pass
        });
        readers.set(id, reader);
      }
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
