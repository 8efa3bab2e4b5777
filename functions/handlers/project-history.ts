import { idParam } from '../projects/params';
import { summaryPreload, visibleSummary } from '../projects/project-access';
import { listHistory } from '../projects/read';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

const HISTORY_LIMIT = 200;

/** The action history, newest first. */
export const handler = httpHandler(httpRoutes.projectHistory, { params: idParam, preload: summaryPreload }, async ({ principal, params, preloaded }) => {
  visibleSummary(principal, preloaded[0]);
  return (await listHistory(params.id, HISTORY_LIMIT)).map(({ pk: _pk, sk: _sk, ...entry }) => entry);
});
