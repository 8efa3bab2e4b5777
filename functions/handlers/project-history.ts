import { archivedHistoryRows, archivedMark } from '../archive/archived-reads';
import { httpHandler } from '../http/handler';
import { projectHistory } from '../projects/history';
import { idParam } from '../projects/params';
import { summaryPreload, visibleSummary } from '../projects/project-access';
import { httpRoutes } from '../routes';

/** The action history, newest first. */
export const handler = httpHandler(httpRoutes.projectHistory, { params: idParam, preload: summaryPreload }, async ({ principal, params, preloaded }) => {
  const summary = visibleSummary(principal, preloaded[0]);
  return archivedMark(summary) ? projectHistory(params.id, archivedHistoryRows(summary)) : projectHistory(params.id);
});
