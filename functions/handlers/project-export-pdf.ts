import { attachment, binaryReply } from '../http/responses';
import { httpHandler } from '../http/handler';
import { exportChecklistPdf } from '../pdf/export-checklist';
import { idParam } from '../projects/params';
import { summaryPreload, visibleSummary } from '../projects/project-access';
import { httpRoutes } from '../routes';

/** The checklist as a PDF download for the project's contractor or client (spec section 7, "Export and sharing"). */
export const handler = httpHandler(httpRoutes.exportPdf, { params: idParam, preload: summaryPreload }, async ({ principal, preloaded }) => {
  const { filename, pdf } = await exportChecklistPdf(visibleSummary(principal, preloaded[0]));
  return binaryReply(pdf, 'application/pdf', { 'content-disposition': attachment(filename) });
});
