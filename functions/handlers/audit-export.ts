import { archivedMark, archivedStreams } from '../archive/archived-reads';
import { auditExportFor } from '../audit/audit-export';
import { httpHandler } from '../http/handler';
import { jsonDownload } from '../http/json-download';
import { idParam } from '../projects/params';
import { summaryPreload, visibleSummary } from '../projects/project-access';
import { httpRoutes } from '../routes';

/**
 * The project's audit export for its contractor or client (others 404), as a file (see
 * auditExportFor), compressed for clients that accept gzip. `npm run audit:verify` checks it offline.
 */
export const handler = httpHandler(httpRoutes.auditExport, { params: idParam, preload: summaryPreload }, async ({ principal, preloaded, event }) => {
  const summary = visibleSummary(principal, preloaded[0]);
  const document = await auditExportFor(principal.userId, summary.id, archivedMark(summary) && (() => archivedStreams(summary)));
  return jsonDownload(document, `audit-${summary.id}-${document.exportedAt.slice(0, 10)}.json`, event.headers?.['accept-encoding']);
});
