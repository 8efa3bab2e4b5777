import type { StoredEvent } from '../../events/envelope';
import { logger } from '../logger';
import { describeError, type Processor, type ProcessorFailure } from './processor';
import { advanceCheckpoint, fileDeadLetter } from './processor-state';
import { recordProcessorBatch } from './processor-metrics';

/**
 * Runs a batch of new events (stream order) through every processor, side by side: each retries
 * what it could not handle a bounded number of times, then files it as a dead letter and goes on
 * (a poison event never holds up the events behind it), moves its checkpoint past the batch and
 * publishes its lag. Throws only when a processor's own bookkeeping failed (a dead letter or
 * checkpoint not written): the event source then retries the batch, and the last resort is the
 * stack's on-failure queue.
 */

export interface RunOptions {
  /** Tries per event before it becomes a dead letter. */
  readonly attempts?: number;
  /** The pause before try `n` (2, 3, …): short, the batch waits for it. */
  readonly pauseMs?: (attempt: number) => number;
  readonly now?: () => Date;
}

export const DEFAULT_ATTEMPTS = 3;
const defaultPause = (attempt: number) => 100 * 4 ** (attempt - 2); // 100 ms, 400 ms

export interface BatchOutcome {
  readonly processor: string;
  readonly handled: number;
  readonly deadLettered: number;
}

export async function runProcessors(processors: readonly Processor[], events: readonly StoredEvent[], options: RunOptions = {}): Promise<BatchOutcome[]> {
  if (events.length === 0) return [];
  const results = await Promise.allSettled(processors.map((processor) => runProcessor(processor, events, options)));
  const failed = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed.length) throw failed[0]!.reason;
  return results.map((result) => (result as PromiseFulfilledResult<BatchOutcome>).value);
}

async function runProcessor(processor: Processor, events: readonly StoredEvent[], options: RunOptions): Promise<BatchOutcome> {
  const now = options.now ?? (() => new Date());
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const failures = await handleWithRetries(processor, events, attempts, options.pauseMs ?? defaultPause);
  for (const { event, error } of failures) {
    logger.error('processor gave up on an event: filed as a dead letter', { processor: processor.name, eventId: event.eventId, streamId: event.streamId, version: event.version, error });
    await fileDeadLetter(processor.name, event, { error, attempts, at: now() });
  }
  const handledAt = now();
  const oldest = Math.min(...events.map((event) => Date.parse(event.meta.at)).filter(Number.isFinite));
  const batch = {
    handledAt,
    lagSeconds: Number.isFinite(oldest) ? Math.max(0, (handledAt.getTime() - oldest) / 1000) : 0,
    lagEvents: events.length,
    handled: events.length - failures.length,
    deadLettered: failures.length,
  };
  const last = events.reduce((a, b) => (b.eventId > a.eventId ? b : a));
  await advanceCheckpoint(processor.name, last, batch);
  recordProcessorBatch(processor.name, batch);
  return { processor: processor.name, handled: batch.handled, deadLettered: batch.deadLettered };
}

/** Hands `events` to the processor up to `attempts` times, each time only those still failing; what still fails at the end, with why. */
export async function handleWithRetries(
  processor: Processor,
  events: readonly StoredEvent[],
  attempts: number,
  pauseMs: (attempt: number) => number = defaultPause,
): Promise<{ event: StoredEvent; error: string }[]> {
  let pending = events.map((event) => ({ event, error: '' }));
  for (let attempt = 1; pending.length && attempt <= attempts; attempt++) {
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, pauseMs(attempt)));
    pending = await handleOnce(processor, pending.map(({ event }) => event));
  }
  return pending;
}

/** One try; a throw over several events is retried one event at a time, so it names the event(s) at fault. */
async function handleOnce(processor: Processor, events: readonly StoredEvent[]): Promise<{ event: StoredEvent; error: string }[]> {
  let failures: readonly ProcessorFailure[];
  try {
    failures = await processor.handle(events);
  } catch (error) {
    if (events.length === 1) return [{ event: events[0]!, error: describeError(error) }];
    const singly = [];
    for (const event of events) singly.push(...(await handleOnce(processor, [event])));
    return singly;
  }
  const byId = new Map(failures.map((failure) => [failure.eventId, failure.error]));
  return events.filter((event) => byId.has(event.eventId)).map((event) => ({ event, error: byId.get(event.eventId)! }));
}
