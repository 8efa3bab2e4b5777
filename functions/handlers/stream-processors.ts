import type { DynamoDBStreamEvent } from 'aws-lambda';
import { processors } from '../processors/registry';
import { runProcessors } from '../processors/run-processors';
import { appendedEvents } from '../processors/stream-records';

/**
 * Fed by the events table's stream: runs the batch through every processor (functions/processors/).
 * Each files its own failures as dead letters, so the batch fails only when that bookkeeping
 * did (then the event source retries it, bisecting, and at last sends it to its queue).
 */
export async function handler(event: DynamoDBStreamEvent): Promise<void> {
  await runProcessors(Object.values(processors), appendedEvents(event.Records));
}
