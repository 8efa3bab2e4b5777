import type { ChangeOrder } from '../../contract/change-orders';
import { documentOf, initialChangeOrderState, type ChangeOrderState } from '../../events/change-orders/change-order';
import { documentHashOf } from '../../events/change-orders/document';
import type { ChangeOrderView } from '../projections/change-order-views';
import { sha256 } from '../projects/selection-hash';

/**
 * A change order as the API answers it: its view, the items by their names now, and the document
 * the client is shown with its hash (what a signature sends back); once signed, the document
 * signed and its hash, as recorded. `titles`: other change orders' titles, for the supersede links.
 */
export function changeOrderDto(view: ChangeOrderView, projectName: string, itemNames: Readonly<Record<string, string>>, titles: ReadonlyMap<string, string>): ChangeOrder {
  const state: ChangeOrderState = { ...initialChangeOrderState, ...view, exists: true, changeOrderId: view.id };
  const document = view.signature?.document ?? documentOf(state, { projectName, itemNames });
  const link = (id: string | null) => (id ? { id, title: titles.get(id) ?? 'Change order' } : null);
  return {
    id: view.id,
    projectId: view.projectId,
    projectName,
    title: view.title,
    description: view.description,
    itemIds: [...view.itemIds],
    items: document.items,
    priceChangeCents: view.priceChangeCents,
    scheduleDays: view.scheduleDays,
    status: view.status,
    version: view.version,
    documentHash: view.signature?.documentHash ?? documentHashOf(document, sha256),
    document,
    supersedes: link(view.supersedes),
    supersededBy: link(view.supersededBy),
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
    sentAt: view.sentAt,
    signature: view.signature && { fullName: view.signature.fullName, signedAt: view.signature.signedAt, signedBy: view.signature.signedBy, userAgent: view.signature.userAgent, documentHash: view.signature.documentHash },
    decline: view.decline,
  };
}
