import type { ItemHistoryEntry } from '../../contract/audit';
import { describePunchEvent } from '../../events/punch/activity';
import { punchDecider } from '../../events/punch/punch';
import { punchItemStreamId } from '../../events/streams';
import { eventStore } from '../commands/event-store';
import { punchItemViews } from './read';

/**
 * The punch items in a checklist item's history (issue 30): the project's punch items that name
 * the item now, each event of theirs as one entry whose one change, `punchItem`, is its history
 * line ('Marked "Scratch" fixed'). Read from their own streams: the item's stream holds none.
 */
export async function punchEntriesOfItem(projectId: string, itemId: string): Promise<(ItemHistoryEntry & { streamId: string })[]> {
  const naming = (await punchItemViews(projectId)).filter((view) => view.itemId === itemId);
  const streams = await Promise.all(naming.map((view) => eventStore().readStream(punchItemStreamId(view.id))));
  return streams.flatMap((events) => {
    let state = punchDecider.initialState;
    return events.filter(punchDecider.owns).map((event) => {
      const before = state;
      state = punchDecider.evolve(state, event);
      const { meta } = event;
      return {
        streamId: event.streamId,
        version: event.version,
        eventType: event.type,
        at: meta.at,
        ...(meta.deviceTime ? { deviceTime: meta.deviceTime } : {}),
        actor: { id: meta.actorId, name: meta.displayName, role: meta.role },
        changes: [{ field: 'punchItem', before: null, after: describePunchEvent(event, { title: state.title || before.title, roomName: '' }).summary }],
      };
    });
  });
}
