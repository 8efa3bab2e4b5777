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
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { streamProcessors } from '../../../functions/routes';
import { invoke } from './lambda';

/**
 * Does what Lambda's event source mapping does for the events table's stream: reads every shard
 * in order and hands each batch to the stream's processors (`streamProcessors`: every processor
 * of the manifest, each with its checkpoint and dead letters), retrying a batch that failed.
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

  // The processors file what they cannot handle as dead letters themselves: a batch fails only
  // when that bookkeeping failed, and is then retried whole, as the event source mapping does.
  async function deliver(streamArn: string, records: _Record[]): Promise<void> {
    const event = { Records: records.map((r) => ({ ...r, eventSourceARN: streamArn })) } as unknown as DynamoDBStreamEvent;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      try {
        await invoke(streamProcessors.handler, event);
        return;
      } catch (error) {
        console.error('[stream] stream processors failed:', error);
      }
    }
    console.error(`[stream] gave up on ${records.length} record(s) after ${MAX_ATTEMPTS} attempts`);
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
        page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: streamProcessors.batchSize }));
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
