import type { ItemHistoryEntry } from '../../contract/audit';
import { auditTrail } from '../../events/audit';
import type { StoredEvent } from '../../events/envelope';
import type { PunchEvent } from '../../events/punch/events';
import { punchDecider, type PunchState } from '../../events/punch/punch';

/**
 * A punch item's events as the audit trail lists them (issue 30): the item's fields before →
 * after, in the API's names (the author's id stays out: the actor of the first entry is the author).
 */
export function punchTrailEntries(events: readonly (StoredEvent & PunchEvent)[]): { entry: ItemHistoryEntry; state: PunchState }[] {
  const fields = (state: PunchState) => {
    if (!state.exists) return {};
    const { exists: _exists, punchItemId: _id, authorId: _author, authorRole: _role, ...shown } = state;
    return shown;
  };
  let state = punchDecider.initialState;
  return auditTrail(events, punchDecider.initialState, punchDecider.evolve, fields).map((entry, index) => {
    state = punchDecider.evolve(state, events[index]!);
    const { version, event, at, deviceTime, actorId, actor, role, changes } = entry;
    return { entry: { version, eventType: event, at, ...(deviceTime ? { deviceTime } : {}), actor: { id: actorId, name: actor, role }, changes: [...changes] }, state };
  });
}
