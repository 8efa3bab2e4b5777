import type { NewEvent, StoredEvent } from '../../events/envelope';
import type { ViewTable } from '../store/view-table';
import type { WriteSet } from '../store/write-set';

/**
 * A read model's rules, written once and used twice: inline, in the transaction that appends
 * the events (functions/commands/run-commands.ts), and by the rebuild, which replays the stored
 * events through the same projections into views held in memory (./rebuild.ts).
 */

/** Events one command appended to one stream, and the aggregate's state before them. */
export interface Change<State, Event extends NewEvent> {
  readonly before: State;
  readonly events: readonly (StoredEvent & Event)[];
}

export interface Projection<State, Event extends NewEvent> {
  /** The view writes these events make, committed with them; `views` reads what they depend on. */
  write(writes: WriteSet, change: Change<State, Event>, views: ViewTable): void | Promise<void>;
  /** What is settled right after the commit, since it depends on other streams' concurrent changes. */
  settle?(change: Change<State, Event>, views: ViewTable): Promise<void>;
}

/** Applies a change through a projection to `views` at once: the rebuild's way (one change at a time, so nothing conflicts). */
export async function applyChange<State, Event extends NewEvent>(projection: Projection<State, Event>, change: Change<State, Event>, views: ViewTable): Promise<void> {
  const writes = views.writeSet();
  await projection.write(writes, change, views);
  await views.commit(writes);
  await projection.settle?.(change, views);
}
