import type { NewEvent, StoredEvent } from '../../events/envelope';
import type { MemoryViewTable, ViewTable } from '../store/view-table';
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
  settle?(change: Change<State, Event>, views: ViewTable): void | Promise<void>;
}

/**
 * Applies a change through a projection to views in memory at once: the rebuild's way (one change
 * at a time, so nothing conflicts). Synchronous unless the projection reads or settles something:
 * a replay applies tens of thousands of changes, nearly all needing neither, and makes no promise
 * for those.
 */
export function applyChange<State, Event extends NewEvent>(projection: Projection<State, Event>, change: Change<State, Event>, views: MemoryViewTable): void | Promise<void> {
  const writes = views.writeSet();
  const written = projection.write(writes, change, views);
  if (written) return written.then(() => commitAndSettle(projection, change, views, writes));
  return commitAndSettle(projection, change, views, writes);
}

function commitAndSettle<State, Event extends NewEvent>(projection: Projection<State, Event>, change: Change<State, Event>, views: MemoryViewTable, writes: WriteSet): void | Promise<void> {
  views.apply(writes);
  return projection.settle?.(change, views);
}
