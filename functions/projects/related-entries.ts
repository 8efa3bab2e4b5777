import type { ItemHistoryEntry } from '../../contract/audit';
import type { Decider } from '../../events/decider';
import type { NewEvent, StoredEvent } from '../../events/envelope';
import { eventStore } from '../commands/event-store';

export type RelatedEntry = ItemHistoryEntry & { streamId: string };

/**
 * Entries of an item's history that come from other aggregates naming it (issue 30: the punch
 * items and change orders about the item): each event of the streams `ids` name, as one entry whose
 * one change, `field`, is its history line, `line(event, before, after)` with the aggregate's state
 * folded around the event. The item's own stream holds none of them.
 */
export async function relatedEntries<State, Event extends NewEvent>(
  decider: Pick<Decider<never, State, Event>, 'streamId' | 'initialState' | 'evolve' | 'owns'>,
  ids: readonly string[],
  field: string,
  line: (event: StoredEvent & Event, before: State, after: State) => string,
): Promise<RelatedEntry[]> {
  const streams = await Promise.all(ids.map((id) => eventStore().readStream(decider.streamId(id))));
  return streams.flatMap((events) => {
    let state = decider.initialState;
    return events.filter(decider.owns).map((event) => {
      const before = state;
      state = decider.evolve(state, event);
      const { meta } = event;
      return {
        streamId: event.streamId,
        version: event.version,
        eventType: event.type,
        at: meta.at,
        ...(meta.deviceTime ? { deviceTime: meta.deviceTime } : {}),
        actor: { id: meta.actorId, name: meta.displayName, role: meta.role },
        changes: [{ field, before: null, after: line(event, before, state) }],
      };
    });
  });
}
