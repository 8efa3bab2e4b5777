import { budgetDto } from '../projects/dto';
import { idParam } from '../projects/params';
import { summaryPreload, visibleSummary } from '../projects/project-access';
import { listRooms } from '../projects/read';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/**
 * The project's allowances and costs, per room and in all (issue 18), from the counters the item
 * projection keeps on the rooms and the summary: the session with the summary, then one query of
 * the rooms, whatever the number of items.
 */
export const handler = httpHandler(httpRoutes.projectBudget, { params: idParam, preload: summaryPreload }, async ({ principal, params, preloaded }) =>
  budgetDto(visibleSummary(principal, preloaded[0]), await listRooms(params.id)),
);
