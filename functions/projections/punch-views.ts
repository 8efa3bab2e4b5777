import { describePunchEvent } from '../../events/punch/activity';
import type { PunchEvent } from '../../events/punch/events';
import { punchCountsDelta } from '../../events/punch/model';
import { evolvePunch, type PunchState } from '../../events/punch/punch';
import { stateKeys } from '../store/keys';
import { historyItem } from './history';
import type { ItemLocation } from './item-views';
import type { Projection } from './projection';

/**
 * A punch item's views (issue 30): the item in its project's partition (one query lists the
 * punch list), its status counted on its room and on the project's summary by ADD in the same
 * transaction (the checklist's read carries them), and the project's history. The room's ADD
 * keeps the view's condition that the room is there: a punch item never lands in a deleted room.
 */

/** A punch item as its view keeps it: the state's fields, when it was added and last changed, its stream version. */
export type PunchItemView = Omit<PunchState, 'exists' | 'punchItemId' | 'authorId'> & {
  readonly id: string;
  readonly projectId: string;
  readonly authorId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly version: number;
};

function fieldsOf(state: PunchState) {
  const { exists: _exists, punchItemId: _id, ...fields } = state;
  return { ...fields, photos: [...fields.photos] };
}

/** The view of a punch item in this state (as the projection leaves it, nulls and all). */
export const punchItemViewOf = (projectId: string, state: PunchState, createdAt: string, updatedAt: string, version: number): PunchItemView => ({
  id: state.punchItemId,
  projectId,
  ...fieldsOf(state),
  createdAt,
  updatedAt,
  version,
});

export const punchViews = (location: ItemLocation): Projection<PunchState, PunchEvent> => ({
  write(writes, { before, events }) {
    let state = before;
    for (const stored of events) {
      const after = evolvePunch(state, stored);
      writes.put(historyItem(location.projectId, stored, describePunchEvent(stored, { title: after.title || state.title, roomName: location.roomName })));
      state = after;
    }
    const last = events.at(-1);
    if (!last) return;
    const key = stateKeys.projectPunchItem(location.projectId, state.punchItemId);
    if (!before.exists) {
      // Its key last (see ./project-views.ts).
      writes.put({ ...punchItemViewOf(location.projectId, state, last.meta.at, last.meta.at, last.version), ...key });
    } else {
      writes.set(key, { ...fieldsOf(state), updatedAt: last.meta.at, version: last.version });
    }
    const delta = punchCountsDelta(before.exists ? before.status : null, state.status);
    writes.add(stateKeys.projectRoom(location.projectId, location.roomId), delta);
    writes.add(stateKeys.projectSummary(location.projectId), delta);
  },
});
