import type { FieldChange, ItemHistoryEntry } from '../../contract/audit';
import { auditTrail } from '../../events/audit';
import { changeOrderDecider, type ChangeOrderState } from '../../events/change-orders/change-order';
import type { StoredEvent } from '../../events/envelope';

/**
 * A change order's events as the audit trail lists them (issue 30): its terms and status before →
 * after, and for a signature the document signed and its SHA-256 (what audit:verify hashes again).
 */

const fields = (state: ChangeOrderState) =>
  state.exists
    ? { title: state.title, description: state.description, itemIds: state.itemIds, priceChangeCents: state.priceChangeCents, scheduleDays: state.scheduleDays, status: state.status, supersedes: state.supersedes }
    : {};

export function changeOrderTrailEntries(events: readonly StoredEvent[]): { entry: ItemHistoryEntry; itemIds: readonly string[] }[] {
  const owned = events.filter(changeOrderDecider.owns);
  let state = changeOrderDecider.initialState;
  return auditTrail(owned, state, changeOrderDecider.evolve, fields).map((entry, index) => {
    const event = owned[index]!;
    state = changeOrderDecider.evolve(state, event);
    const signed: FieldChange[] =
      event.type === 'ChangeOrderSigned'
        ? [
            { field: 'signedBy', before: null, after: event.data.fullName },
            { field: 'documentHash', before: null, after: event.data.documentHash },
            { field: 'signedDocument', before: null, after: event.data.document },
          ]
        : event.type === 'ChangeOrderDeclined'
          ? [{ field: 'declineReason', before: null, after: event.data.reason }]
          : [];
    const { version, at, actorId, actor, role, changes, deviceTime } = entry;
    return {
      entry: { version, eventType: entry.event, at, ...(deviceTime ? { deviceTime } : {}), actor: { id: actorId, name: actor, role }, changes: [...changes, ...signed] },
      itemIds: state.itemIds,
    };
  });
}
