import canonicalize from 'canonicalize';
import type { FieldChange, ItemHistoryEntry } from '../../contract/audit';
import { auditTrail } from '../../events/audit';
import { changeOrderDecider, type ChangeOrderState } from '../../events/change-orders/change-order';
import { priceChangeText, scheduleChangeText } from '../../events/change-orders/format';
import type { StoredEvent } from '../../events/envelope';

/**
 * A change order's events as the audit trail lists them (issue 30): its terms and status before →
 * after in words (the items by name, the price and days as the client read them), and for a
 * signature who signed, the SHA-256 recorded and the document signed as the canonical JSON that
 * was hashed (what audit:verify hashes again); for a decline, its reason.
 */

export function changeOrderTrailEntries(events: readonly StoredEvent[], itemName: (itemId: string) => string | undefined): { entry: ItemHistoryEntry; itemIds: readonly string[] }[] {
  const owned = events.filter(changeOrderDecider.owns);
  const fields = (state: ChangeOrderState) =>
    state.exists
      ? {
          changeOrder: state.title,
          description: state.description,
          items: state.itemIds.map((id) => itemName(id) ?? 'Deleted item'),
          priceChange: priceChangeText(state.priceChangeCents),
          scheduleChange: scheduleChangeText(state.scheduleDays),
          status: state.status,
          supersedes: state.supersedes,
        }
      : {};
  let state = changeOrderDecider.initialState;
  return auditTrail(owned, state, changeOrderDecider.evolve, fields).map((entry, index) => {
    const event = owned[index]!;
    state = changeOrderDecider.evolve(state, event);
    const answer: FieldChange[] =
      event.type === 'ChangeOrderSigned'
        ? [
            { field: 'signedBy', before: null, after: event.data.fullName },
            { field: 'documentHash', before: null, after: event.data.documentHash },
            { field: 'signedDocument', before: null, after: canonicalize(event.data.document) ?? '' },
          ]
        : event.type === 'ChangeOrderDeclined'
          ? [{ field: 'declineReason', before: null, after: event.data.reason }]
          : [];
    const { version, at, actorId, actor, role, changes, deviceTime } = entry;
    return {
      entry: { version, eventType: entry.event, at, ...(deviceTime ? { deviceTime } : {}), actor: { id: actorId, name: actor, role }, changes: [...changes, ...answer] },
      itemIds: state.itemIds,
    };
  });
}
