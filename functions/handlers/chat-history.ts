import { httpHandler } from '../http/handler';
import { projectHistory } from '../projects/history';
import { projectIdParam } from '../projects/params';
import { summaryByProjectIdPreload, visibleSummary } from '../projects/project-access';
import { httpRoutes } from '../routes';

/**
 * The project's activity entries, newest first: only those the server recorded from the events
 * themselves (the same as GET /api/projects/{id}/history). Nothing posted to the chat is one, so
 * no body can forge a history line.
 */
export const handler = httpHandler(httpRoutes.chatHistory, { params: projectIdParam, preload: summaryByProjectIdPreload }, async ({ principal, params, preloaded }) => {
  visibleSummary(principal, preloaded[0]);
  return projectHistory(params.projectId);
});
