import { describeChangeOrderEvent } from '../../events/change-orders/activity';
import { evolveChangeOrder, type ChangeOrderState, type ChangeOrderStatus } from '../../events/change-orders/change-order';
import type { ChangeOrderDocument, ChangeOrderEvent } from '../../events/change-orders/events';
import { stateKeys } from '../store/keys';
import type { ViewTable } from '../store/view-table';
import type { WriteSet } from '../store/write-set';
import { historyItem } from './history';
import type { Change, Projection } from './projection';

/**
 * A change order's views (issue 30): the change order in its project's partition (one query lists
 * a project's), its history entries, and, once signed and only then, the project summary's
 * change-order counters (price in cents, days, how many), moved by ADD in the same transaction.
 * A signed change order that supersedes a signed one takes the earlier one's place: the
 * earlier one's figures leave the counters. The superseded one's view names its successor.
 */

export interface ChangeOrderView {
  readonly id: string;
  readonly projectId: string;
  readonly title: string;
  readonly description: string;
  readonly itemIds: string[];
  readonly priceChangeCents: number;
  readonly scheduleDays: number;
  readonly status: ChangeOrderStatus;
  readonly version: number;
  readonly supersedes: string | null;
  readonly supersededBy: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly sentAt: string | null;
  readonly signature: { fullName: string; signedAt: string; signedBy: string; userAgent: string; documentHash: string; document: ChangeOrderDocument } | null;
  readonly decline: { reason: string; declinedAt: string; documentHash: string } | null;
  /** Signed, its figures count in the summary's counters (not once a signed successor took its place). */
  readonly counted: boolean;
}

/** The summary's counters of signed change orders; missing on summaries that never had one. */
export interface ChangeOrderCounters {
  readonly changeOrderCents?: number;
  readonly changeOrderDays?: number;
  readonly signedChangeOrders?: number;
}

export const changeOrderViews = (projectId: string): Projection<ChangeOrderState, ChangeOrderEvent> => ({
  write: (writes, change, views) => writeViews(writes, change, views, projectId),
});

async function writeViews(writes: WriteSet, { before, events }: Change<ChangeOrderState, ChangeOrderEvent>, views: ViewTable, projectId: string): Promise<void> {
  let state = before;
  const key = (id: string) => stateKeys.projectChangeOrder(projectId, id);
  let view = before.exists ? await views.get<ChangeOrderView>(key(before.changeOrderId)) : undefined;
  const summaryKey = stateKeys.projectSummary(projectId);
  for (const stored of events) {
    const after = evolveChangeOrder(state, stored);
    view = viewAfter(view, after, stored, stored.meta.at);
    if (stored.type === 'ChangeOrderDrafted' && after.supersedes) writes.set(key(after.supersedes), { supersededBy: after.changeOrderId });
    if (stored.type === 'ChangeOrderSigned') {
      writes.add(summaryKey, { changeOrderCents: after.priceChangeCents, changeOrderDays: after.scheduleDays, signedChangeOrders: 1 });
      const replaced = after.supersedes ? await views.get<ChangeOrderView>(key(after.supersedes)) : undefined;
      if (replaced?.counted) {
        // One successor at most (the decider's rule): it leaves the counters once.
        writes.set(key(replaced.id), { counted: false });
        writes.add(summaryKey, { changeOrderCents: -replaced.priceChangeCents, changeOrderDays: -replaced.scheduleDays, signedChangeOrders: -1 });
      }
    }
    writes.put(historyItem(projectId, stored, describeChangeOrderEvent(stored, after.title)));
    state = after;
  }
  if (view) writes.put({ ...view, ...key(view.id) });
}

/** The change order's view after one of its events (`after`: its state then; `at`: the event's time). Pure: the command's answer is built with it too. */
export function viewAfter(view: ChangeOrderView | undefined, after: ChangeOrderState, event: ChangeOrderEvent, at: string): ChangeOrderView {
  const base = {
    id: after.changeOrderId,
    projectId: after.projectId,
    title: after.title,
    description: after.description,
    itemIds: after.itemIds,
    priceChangeCents: after.priceChangeCents,
    scheduleDays: after.scheduleDays,
    status: after.status,
    version: after.version,
    supersedes: after.supersedes,
    updatedAt: at,
  };
  switch (event.type) {
    case 'ChangeOrderDrafted':
      return { ...base, supersededBy: null, createdAt: at, sentAt: null, signature: null, decline: null, counted: false };
    case 'ChangeOrderEdited':
      return { ...view!, ...base };
    case 'ChangeOrderSent':
      return { ...view!, ...base, sentAt: event.data.sentAt };
    case 'ChangeOrderDeclined':
      return { ...view!, ...base, decline: { reason: event.data.reason, declinedAt: event.data.declinedAt, documentHash: event.data.documentHash } };
    case 'ChangeOrderSigned': {
      const { signedAt, signedBy, fullName, userAgent, documentHash, document } = event.data;
      return { ...view!, ...base, signature: { fullName, signedAt, signedBy, userAgent, documentHash, document }, counted: true };
    }
  }
}
