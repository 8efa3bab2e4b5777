import type { StoredEvent } from '../../events/envelope';

/**
 * A processor: asynchronous work on the events stream (as Emmett's reactors are), named in the
 * manifest (`streamProcessors` in functions/routes.ts). The runner (run-processors.ts) hands it
 * the new events in stream order, batch by batch, and keeps for it a checkpoint, its lag and its
 * dead letters. It may be handed an event again (a batch retried, a dead letter replayed): what it
 * does must bear that (a browser told twice refetches twice; a usage count may be counted twice).
 */
export interface Processor {
  /** Its name in the manifest (and in its checkpoint's and dead letters' keys, its metrics' dimension). */
  readonly name: string;
  /**
   * Handles `events` (in stream order). Returns the events it could not handle, each with why; the
   * others count as handled. Throwing means none was: the runner then tries them one at a time,
   * so one poison event cannot take its batch down with it.
   */
  handle(events: readonly StoredEvent[]): Promise<readonly ProcessorFailure[]>;
}

export interface ProcessorFailure {
  readonly eventId: string;
  readonly error: string;
}

/** An error's message, for a dead letter or a report. */
export const describeError = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);
