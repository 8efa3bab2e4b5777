import type { PunchItem } from '../../contract/punch';
import { punchCountsOf, type PunchCounts } from '../../events/punch/model';
import type { Principal } from '../auth/session-token';
import type { PunchItemView } from '../projections/punch-views';

/** A punch item as the API answers it (null where the view dropped a null attribute). */
export const punchDto = (view: PunchItemView, principal: Pick<Principal, 'userId'>): PunchItem => ({
  id: view.id,
  projectId: view.projectId,
  roomId: view.roomId,
  itemId: view.itemId ?? null,
  title: view.title,
  note: view.note ?? '',
  photos: view.photos ?? [],
  assignee: view.assignee,
  dueDate: view.dueDate ?? null,
  status: view.status,
  addedBy: view.authorRole,
  addedByMe: view.authorId === principal.userId,
  fixNote: view.fixNote ?? '',
  fixPhoto: view.fixPhoto ?? null,
  reopenReason: view.reopenReason ?? null,
  createdAt: view.createdAt,
  updatedAt: view.updatedAt,
  version: view.version,
});

/** The punch counts a summary or room view holds. */
export const punchCountsDto = (view: object | undefined): PunchCounts => punchCountsOf(view as Partial<PunchCounts> | undefined);
