import pRetry from 'p-retry';
import { decideInTurn, fold, type Decider } from '../../events/decider';
import { positionOf, type EventMeta, type NewEvent, type StoredEvent, type StreamPosition } from '../../events/envelope';
import { conflict, DomainError } from '../../events/errors';
import { parseStreamId } from '../../events/streams';
import { recordCommands } from '../metrics';
import type { Projection } from '../projections/projection';
import { ConcurrencyConflict, IdempotencyRace, type EventStore, type IdempotencyKey, type TransactItem, type Snapshot, type StreamHead, type ViewWrite } from '../store/event-store';
import { stateViewTable, type ViewTable } from '../store/view-table';
import { ViewGenerationChanged, writingViews } from '../store/view-generation';
import { keyId, type ViewItem } from '../store/write-set';
import { resolveActor, type CommandBy } from './caller';
import { eventStore } from './event-store';

/**
 * The one command runner for every aggregate (project, item, chat, account): load it (from the
 * snapshot on its stream's head, or its stream folded), decide the commands in turn, append the
 * events with the views their projection writes in one transaction, retried on a concurrency
 * conflict with jittered backoff and answered once per Idempotency-Key, then let the projection
 * settle what may lag the commit (room completion, clearing deleted rooms).
 *
 * `runCommands` runs an aggregate's decider; `runCommand` is the loop under it (load → decide →
 * append, retried), which tests and benches also drive with hand-made streams. The store below
 * only reads and appends.
 */

export interface CommandTarget {
  /** The aggregate instance: a project, item or user id; a chat's is its project's. */
  readonly id: string;
  /** The contractor account that owns the data (an account owns its own stream). */
  readonly tenantId: string;
  readonly projectId?: string;
}

export interface RunOptions<State, Event extends NewEvent, Result> {
  readonly by: CommandBy;
  /**
   * The views the events change. `rereadOnConflict`: views whose writes were conditioned on what
   * the request read before deciding; their condition failing means load again and retry.
   */
  readonly projection?: Projection<State, Event> & { rereadOnConflict?(): readonly { pk: string; sk: string }[] };
  /** Views the request already read (with its access check), which the projection gets without reading them again: first attempt only. */
  readonly known?: readonly object[];
  /** Writes to records that change with the events (an account's user record, its tokens…). */
  readonly writes?: readonly ViewWrite[];
  /**
   * What the caller gets back (and what a retried request with the same key gets again): `at` is
   * the events' time, `version` the stream's after them.
   */
  readonly respond?: (after: State, events: readonly Event[], at: string, version: number) => Result;
  /** The stream's head, when the request already read it (with the session): used by the first attempt only. */
  readonly head?: StreamHead;
  /**
   * Loads just the part of the state the commands read, with the head's position, instead of the
   * whole aggregate (the chat, whose state grows with every message, loads the named messages
   * from their views). Runs again on every retry.
   */
  readonly load?: () => Promise<{ state: State; position: StreamPosition }>;
}

export async function runCommands<Command, State, Event extends NewEvent, Result = undefined>(
  decider: Decider<Command, State, Event>,
  target: CommandTarget,
  commands: readonly Command[],
  options: RunOptions<State, Event, Result>,
): Promise<CommandOutcome<Result>> {
  const store = eventStore();
  const streamId = decider.streamId(target.id);
  const { actor, meta, idempotency } = await resolveActor(options.by);
  const { projection } = options;
  let before = decider.initialState;
  let head = options.head;
  let known = options.known;
  let attempts = 0;
  const outcome = await runCommand(store, {
    streamId,
    tenantId: target.tenantId,
    projectId: target.projectId,
    meta,
    idempotency,
    load: async () => {
      attempts++;
      const loaded = options.load ? await options.load() : await loadAggregate(store, decider, streamId, head);
      head = undefined;
      before = loaded.state;
      return loaded;
    },
    decide: (state) => decideInTurn(decider, commands, state, actor).events,
    evolve: decider.evolve,
    snapshot: (after) => snapshotOf(decider, after),
    views: async ({ before: loaded, events }) => {
      const writes = stateViewTable.writeSet();
      await projection?.write(writes, { before: loaded, events: events.filter(decider.owns) }, known ? withKnown(stateViewTable, known) : stateViewTable);
      known = undefined;
      const reread = new Set(projection?.rereadOnConflict?.().map(keyId));
      const retry = () => new ConcurrencyConflict(streamId);
      return [
        ...writes.toTransactItems().map((item) => (reread.has(keyId(keyOf(item))) ? { item, onConditionFailed: retry } : { item })),
        ...(options.writes ?? []),
      ];
    },
    respond: (after, events, version) => options.respond?.(after, events, meta.at, version) as Result,
  });
  if (outcome.events.length) await projection?.settle?.({ before, events: outcome.events.filter(decider.owns) }, stateViewTable);
  recordCommands(parseStreamId(streamId)?.kind ?? 'stream', commands.map((command) => String((command as { type?: unknown }).type)), Math.max(0, attempts - 1), target.tenantId);
  return outcome;
}

/**
 * The aggregate's state: from the snapshot on its stream's head when it keeps one of the current
 * schema (one read, whatever the stream's length), else from its whole stream folded; an
 * append-only aggregate needs only the head's position.
 */
async function loadAggregate<State, Event extends NewEvent>(
  store: EventStore,
  decider: Pick<Decider<never, State, Event>, 'initialState' | 'evolve' | 'owns' | 'appendOnly' | 'snapshot'>,
  streamId: string,
  known?: StreamHead,
) {
  if (decider.appendOnly) return { state: decider.initialState, position: known ?? (await store.readHead(streamId)) };
  if (decider.snapshot) {
    const head = known ?? (await store.readHead(streamId));
    const position = { version: head.version, hash: head.hash };
    if (head.version === 0) return { state: decider.initialState, position };
    if (head.snapshot?.schema === decider.snapshot.schema) return { state: head.snapshot.state as State, position };
  }
  return loadByFolding(store, streamId, decider.initialState, (state, event: StoredEvent) => {
    if (!decider.owns(event)) throw new DomainError('conflict', `${streamId} holds a ${event.type} event, which is not one of its aggregate's`);
    return decider.evolve(state, event);
  });
}

const keyOf = (item: TransactItem) => (item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key) as { pk: string; sk: string };

/** `views`, answering the items in `known` without reading them (one the request read stays read). */
function withKnown(views: ViewTable, known: readonly object[]): ViewTable {
  // As read from the table: each item carries its key.
  const byKey = new Map((known as ViewItem[]).map((item) => [keyId(item), item]));
  return { ...views, get: async <T>(key: { pk: string; sk: string }) => (byKey.has(keyId(key)) ? structuredClone(byKey.get(keyId(key))) as T : views.get<T>(key)) };
}

/** What a snapshotting aggregate keeps on its stream's head after a change (nothing for the others). */
export const snapshotOf = <State>(decider: Pick<Decider<never, State, never>, 'snapshot'>, state: State): Snapshot | undefined =>
  decider.snapshot && { schema: decider.snapshot.schema, state };

/** A target in a project: the project itself (or its chat), or one of its items by `id`. */
export const inProject = (project: { projectId: string; tenantId: string }, id = project.projectId): CommandTarget => ({ id, tenantId: project.tenantId, projectId: project.projectId });

/** An account's own stream (it is its own tenant). */
export const accountOf = (userId: string): CommandTarget => ({ id: userId, tenantId: userId });

// --- The loop: load → decide → append, retried; then a 409 that names the stream. ---

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
  /** What the caller gets back (and what a retried request with the same key gets again); `version`: the stream's after the events. */
  respond(after: State, events: readonly Event[], version: number): Result;
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

  // Each attempt keys its views for the generation live when it starts (waiting out a switch of the read models).
  const attempt = () => writingViews(attemptInGeneration);
  const attemptInGeneration = async (): Promise<CommandOutcome<Result>> => {
    const { state, position } = await command.load();
    // After the load: a request with this key that committed what was loaded has its record
    // there, so a copy racing it answers its answer instead of deciding on its result (deleting
    // a deleted item, adding an id it added). A load from before it fails the commit and retries.
    if (command.idempotency) {
      const earlier = await store.idempotentResponse(command.idempotency);
      if (earlier) return { result: earlier.response as Result, events: [], replayed: true };
    }
    const decided = decideAt(command, state, position);
    const after = fold(command.evolve, state, decided);
    const result = command.respond(after, decided, position.version + decided.length);
    const prepared = await store.prepare({
      streamId: command.streamId,
      expected: position,
      snapshot: command.snapshot?.(after),
      events: decided,
      tenantId: command.tenantId,
      projectId: command.projectId,
      meta: command.meta,
      idempotency: command.idempotency && { ...command.idempotency, response: result },
    });
    // The views are built from the events as the store will keep them (versions, ids, hashes).
    const views = command.views && prepared.events.length ? await command.views({ before: state, after, events: prepared.events }) : [];
    const [events = []] = await store.commit([{ prepared, views }]);
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
      shouldRetry: ({ error }) => error instanceof ConcurrencyConflict || error instanceof IdempotencyRace || error instanceof ViewGenerationChanged,
    });
  } catch (error) {
    if (error instanceof ConcurrencyConflict) {
      throw conflict(`${error.streamId} was changed by someone else at the same time; please try again`);
    }
    if (error instanceof ViewGenerationChanged) throw conflict('The service switched its read models during this change; please try again');
    throw error;
  }
}

/** The command's events; a refusal names the stream version it was decided at (an answer with the aggregate names it). */
function decideAt<State, Event extends NewEvent>(command: Pick<Command<State, Event, unknown>, 'decide'>, state: State, position: StreamPosition): Event[] {
  try {
    return command.decide(state);
  } catch (error) {
    if (error instanceof DomainError) error.streamVersion = position.version;
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
