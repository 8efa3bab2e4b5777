import { changeOrderDecider, type ChangeOrderState } from '../../events/change-orders/change-order';
import { notFound } from '../../events/errors';
import { changeOrderStreamId } from '../../events/streams';
import type { Principal } from '../auth/session-token';
import type { ChangeOrderView } from '../projections/change-order-views';
import type { ProjectSummaryView } from '../projections/project-views';
import { isMember } from '../projects/read';
import { streamHeadOf, type StreamHead } from '../store/event-store';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { getStateItems } from '../store/view-table';

/**
 * Access to one change order (issue 30): its stream's head (read with the session) names its
 * project; the project's summary says who may see it, in one BatchGetItem with the change order's
 * view. Strangers, other tenants and, while it is a draft, the client get 404, as if it did not exist.
 */

/** A change order route's preload: its stream's head. */
export const changeOrderHeadPreload = ({ id }: { id: string }) => [stateKeys.streamHead(changeOrderStreamId(id))];

export interface ChangeOrderAccess {
  readonly summary: ProjectSummaryView;
  readonly view: ChangeOrderView;
  readonly head: StreamHead;
  readonly state: ChangeOrderState | undefined;
}

export async function accessibleChangeOrder(principal: Principal, changeOrderId: string, preloadedHead: Record<string, unknown> | undefined): Promise<ChangeOrderAccess> {
  const head = streamHeadOf(preloadedHead);
  if (!head.projectId) throw notFound('Change order');
  const [summary, view] = await getStateItems<[ProjectSummaryView, ChangeOrderView]>([stateKeys.projectSummary(head.projectId), stateKeys.projectChangeOrder(head.projectId, changeOrderId)]);
  if (!summary || !view || !isMember(summary, principal)) throw notFound('Change order');
  if (view.status === 'draft' && principal.role !== 'contractor') throw notFound('Change order');
  // The snapshot's state only when it is of the current shape (an older one is folded again by the runner).
  const state = head.snapshot?.schema === changeOrderDecider.snapshot?.schema ? (head.snapshot!.state as ChangeOrderState) : undefined;
  return { summary, view, head, state };
}

/** The views of a project's change orders, newest first, as the caller may see them (a client sees none of the drafts). */
export async function listChangeOrderViews(projectId: string, principal: Principal): Promise<ChangeOrderView[]> {
  const views = await queryAll<ChangeOrderView>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': stateKeys.projectSummary(projectId).pk, ':prefix': stateKeys.projectChangeOrdersPrefix },
    ConsistentRead: true,
  });
  return views.filter((view) => principal.role === 'contractor' || view.status !== 'draft').sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
