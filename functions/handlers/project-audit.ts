import { archivedMark, archivedStreams } from '../archive/archived-reads';
import { auditQuery, projectAudit } from '../audit/project-audit';
import { httpHandler } from '../http/handler';
import { idParam } from '../projects/params';
import { summaryPreload, visibleSummary } from '../projects/project-access';
import { httpRoutes } from '../routes';

/** The project's Audit page (see projectAudit), for the project's contractor or client (others 404). */
export const handler = httpHandler(httpRoutes.projectAudit, { params: idParam, query: auditQuery, preload: summaryPreload }, async ({ principal, preloaded, query }) => {
  const summary = visibleSummary(principal, preloaded[0]);
  return projectAudit(summary, principal.role, query, archivedMark(summary) && archivedStreams(summary));
});
