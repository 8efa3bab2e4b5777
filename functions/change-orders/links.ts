import type { ChangeOrderView } from '../projections/change-order-views';
import { stateKeys } from '../store/keys';
import { getStateItems } from '../store/view-table';

/** The titles of the change orders one supersedes or is superseded by, for its answer's links. */
export async function linkedTitles(projectId: string, view: Pick<ChangeOrderView, 'supersedes' | 'supersededBy'>): Promise<Map<string, string>> {
  const ids = [view.supersedes, view.supersededBy].filter((id): id is string => Boolean(id));
  if (!ids.length) return new Map();
  const linked = await getStateItems<ChangeOrderView[]>(ids.map((id) => stateKeys.projectChangeOrder(projectId, id)));
  return new Map(linked.flatMap((other) => (other ? [[other.id, other.title] as const] : [])));
}
