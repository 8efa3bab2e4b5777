import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { StoredEvent } from '../../events/envelope';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';

/**
 * What the runner keeps for each processor, in the state table (so `npm run processors` reads
 * and replays it alike locally and in AWS): its checkpoint (the last event it got past) and its
 * dead letters (events it gave up on), in one partition per processor: one query shows both.
 */

const partition = (processor: string) => `processor#${processor}#`;
const CHECKPOINT = 'checkpoint';
const DEAD_LETTER = 'dead-letter#';

export const processorKeys = {
  checkpoint: (processor: string) => ({ pk: partition(processor), sk: CHECKPOINT }),
  deadLetter: (processor: string, eventId: string) => ({ pk: partition(processor), sk: `${DEAD_LETTER}${eventId}` }),
};

/** Where a processor stands: the last event it got past (handled, or sent to its dead letters) and how far behind it was. */
export interface Checkpoint {
  readonly processor: string;
  readonly streamId: string;
  readonly version: number;
  readonly eventId: string;
  /** When the event was appended (its `meta.at`). */
  readonly eventAt: string;
  /** When the processor finished its last batch (of any shard: another shard's may be behind this position). */
  readonly handledAt: string;
  /** Seconds from the oldest event of that last batch being appended to the batch being done. */
  readonly lagSeconds: number;
  /** The events that were waiting for the processor when that last batch came (the batch itself: more may have been behind it). */
  readonly lagEvents: number;
  /** Counted over the processor's life: events handled, and sent to its dead letters. */
  readonly handled: number;
  readonly deadLettered: number;
}

/** An event a processor gave up on after its attempts: where it is (the event stays in the events table) and why. */
export interface DeadLetter {
  readonly processor: string;
  readonly streamId: string;
  readonly version: number;
  readonly eventId: string;
  readonly eventType: string;
  readonly tenantId: string;
  readonly eventAt: string;
  readonly error: string;
  readonly attempts: number;
  readonly firstFailedAt: string;
  readonly lastFailedAt: string;
}

/**
 * Moves the checkpoint to `last` unless it is already at or past it (batches of different shards
 * finish in any order: ULIDs order them by time), and counts the batch either way.
 */
export async function advanceCheckpoint(
  processor: string,
  last: StoredEvent,
  batch: { handledAt: Date; lagSeconds: number; lagEvents: number; handled: number; deadLettered: number },
): Promise<void> {
  const counts = { ':handled': batch.handled, ':deadLettered': batch.deadLettered };
  const lag = { ':handledAt': batch.handledAt.toISOString(), ':lagSeconds': batch.lagSeconds, ':lagEvents': batch.lagEvents };
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config().stateTable,
        Key: processorKeys.checkpoint(processor),
        UpdateExpression:
          'SET processor = :processor, streamId = :streamId, version = :version, eventId = :eventId, eventAt = :eventAt, handledAt = :handledAt, lagSeconds = :lagSeconds, lagEvents = :lagEvents ADD handled :handled, deadLettered :deadLettered',
        ConditionExpression: 'attribute_not_exists(eventId) OR eventId < :eventId',
        ExpressionAttributeValues: {
          ':processor': processor,
          ':streamId': last.streamId,
          ':version': last.version,
          ':eventId': last.eventId,
          ':eventAt': last.meta.at,
          ...lag,
          ...counts,
        },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // Another batch (another shard's) got further: keep its position; count this one, and show its lag (a shard behind shows).
    await dynamo().send(
      new UpdateCommand({
        TableName: config().stateTable,
        Key: processorKeys.checkpoint(processor),
        UpdateExpression: 'SET handledAt = :handledAt, lagSeconds = :lagSeconds, lagEvents = :lagEvents ADD handled :handled, deadLettered :deadLettered',
        ExpressionAttributeValues: { ...lag, ...counts },
      }),
    );
  }
}

export async function readCheckpoint(processor: string): Promise<Checkpoint | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: processorKeys.checkpoint(processor), ConsistentRead: true }));
  return Item as Checkpoint | undefined;
}

/** Files an event the processor gave up on; filed again (a replay that failed), it keeps when it first failed and adds the attempts. */
export async function fileDeadLetter(processor: string, event: StoredEvent, failure: { error: string; attempts: number; at: Date }): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: config().stateTable,
      Key: processorKeys.deadLetter(processor, event.eventId),
      UpdateExpression:
        'SET processor = :processor, streamId = :streamId, version = :version, eventId = :eventId, eventType = :eventType, tenantId = :tenantId, eventAt = :eventAt, #error = :error, lastFailedAt = :at, firstFailedAt = if_not_exists(firstFailedAt, :at) ADD attempts :attempts',
      ExpressionAttributeNames: { '#error': 'error' },
      ExpressionAttributeValues: {
        ':processor': processor,
        ':streamId': event.streamId,
        ':version': event.version,
        ':eventId': event.eventId,
        ':eventType': event.type,
        ':tenantId': event.tenantId,
        ':eventAt': event.meta.at,
        ':error': failure.error,
        ':at': failure.at.toISOString(),
        ':attempts': failure.attempts,
      },
    }),
  );
}

/** A processor's dead letters, oldest event first. */
export async function listDeadLetters(processor: string): Promise<DeadLetter[]> {
  const letters: DeadLetter[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: config().stateTable,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': partition(processor), ':prefix': DEAD_LETTER },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    letters.push(...((page.Items ?? []) as DeadLetter[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return letters;
}

export async function removeDeadLetter(processor: string, eventId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: config().stateTable, Key: processorKeys.deadLetter(processor, eventId) }));
}

/** The stored event a dead letter points at (undefined when it is gone from the table, e.g. archived). */
export async function readEvent(streamId: string, version: number): Promise<StoredEvent | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().eventsTable, Key: { streamId, version }, ConsistentRead: true }));
  return Item as StoredEvent | undefined;
}

