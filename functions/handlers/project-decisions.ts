import type { Decision } from '../../contract/projects';
import { openDecisions, utcDay } from '../../events/projects/decisions';
import { displayName } from '../../events/projects/room-naming';
import { idParam } from '../projects/params';
import { summaryPreload, visibleSummary } from '../projects/project-access';
import { listChecklist } from '../projects/read';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/**
 * The project's open selections (not yet Selected) with their decide-by dates (issue 18), earliest
 * first, overdue when before today (UTC); items without a date come last.
 */
export const handler = httpHandler(httpRoutes.projectDecisions, { params: idParam, preload: summaryPreload }, async ({ principal, params, preloaded }): Promise<Decision[]> => {
  const summary = visibleSummary(principal, preloaded[0]);
  const { rooms, items } = await listChecklist(params.id);
  const checklist = rooms.map((room) => ({ name: displayName(room), items: items.get(room.id) ?? [] }));
  return openDecisions(checklist, summary.targetCompletionDate ?? null, utcDay(new Date()));
});
