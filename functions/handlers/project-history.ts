import { idParam } from '../projects/params';
import { accessibleSummary, listHistory } from '../projects/read';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

const HISTORY_LIMIT = 200;

/** The action history, newest first. */
export const handler = httpHandler(httpRoutes.projectHistory, { params: idParam }, async ({ principal, params }) => {
  await accessibleSummary(principal, params.id);
  return (await listHistory(params.id, HISTORY_LIMIT)).map(({ pk: _pk, sk: _sk, ...entry }) => entry);
});
