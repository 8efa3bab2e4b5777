import pRetry from 'p-retry';
import { positionOf, type EventMeta, type NewEvent, type StoredEvent, type StreamPosition } from '../../events/envelope';
import { conflict } from '../../events/errors';
import { fold } from '../../events/decider';
import { ConcurrencyConflict, IdempotencyRace, type EventStore, type IdempotencyKey, type Snapshot, type ViewWrite } from './event-store';

/**
 * Load → decide → append, retried on a concurrency conflict with jittered exponential backoff,
 * a bounded number of times; then a 409 that names the stream.
 */

export interface RetryPolicy {
  readonly retries: number;
  readonly minTimeoutMs: number;
  readonly maxTimeoutMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { retries: 8, minTimeoutMs: 10, maxTimeoutMs: 250 };

export interface Command<State, Event extends NewEvent, Result> {
  readonly streamId: string;
  readonly tenantId: string;
  readonly projectId?: string;
  readonly meta: EventMeta;
  /** The current state and the stream position it was read at. Runs again on every retry. */
  load(): Promise<{ state: State; position: StreamPosition }>;
  decide(state: State): Event[];
  evolve(state: State, event: Event): State;
  views?(context: { before: State; after: State; events: readonly StoredEvent[] }): readonly ViewWrite[] | Promise<readonly ViewWrite[]>;
  /** The state to keep with the stream's head after the append (none: the head keeps none). */
  snapshot?(after: State): Snapshot | undefined;
  /** What the caller gets back (and what a retried request with the same key gets again). */
  respond(after: State, events: readonly Event[]): Result;
  readonly idempotency?: IdempotencyKey;
  readonly retry?: RetryPolicy;
}

export interface CommandOutcome<Result> {
  readonly result: Result;
  readonly events: readonly StoredEvent[];
  /** True when an earlier request with the same Idempotency-Key answered and nothing was appended. */
  readonly replayed: boolean;
}

export async function runCommand<State, Event extends NewEvent, Result>(
  store: EventStore,
  command: Command<State, Event, Result>,
): Promise<CommandOutcome<Result>> {
  const policy = command.retry ?? defaultRetryPolicy;

  const attempt = async (): Promise<CommandOutcome<Result>> => {
    if (command.idempotency) {
      const earlier = await store.idempotentResponse(command.idempotency);
      if (earlier !== undefined) return { result: earlier as Result, events: [], replayed: true };
    }
    const { state, position } = await command.load();
    const decided = command.decide(state);
    const after = fold(command.evolve, state, decided);
    const result = command.respond(after, decided);
    const events = await store.append({
      streamId: command.streamId,
      expected: position,
      snapshot: command.snapshot?.(after),
      events: decided,
      tenantId: command.tenantId,
      projectId: command.projectId,
      meta: command.meta,
      views: command.views && ((stored) => command.views!({ before: state, after, events: stored })),
      idempotency: command.idempotency && { ...command.idempotency, response: result },
    });
    return { result, events, replayed: false };
  };

  try {
    return await pRetry(attempt, {
      retries: policy.retries,
      minTimeout: policy.minTimeoutMs,
      maxTimeout: policy.maxTimeoutMs,
      factor: 2,
      randomize: true,
      // An idempotency race ends on the next attempt, which finds the winner's response.
      shouldRetry: ({ error }) => error instanceof ConcurrencyConflict || error instanceof IdempotencyRace,
    });
  } catch (error) {
    if (error instanceof ConcurrencyConflict) {
      throw conflict(`${error.streamId} was changed by someone else at the same time; please try again`);
    }
    throw error;
  }
}

/** Loads a state by folding a whole stream (fine for the short streams of one item or chat). */
export async function loadByFolding<State>(
  store: EventStore,
  streamId: string,
  initialState: State,
  evolve: (state: State, event: StoredEvent) => State,
): Promise<{ state: State; position: StreamPosition }> {
  const events = await store.readStream(streamId);
  return { state: fold(evolve, initialState, events), position: positionOf(events) };
}
