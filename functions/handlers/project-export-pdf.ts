import { attachment, binaryReply } from '../http/responses';
import { httpHandler } from '../http/handler';
import { exportChecklistPdf } from '../pdf/export-checklist';
import { idParam } from '../projects/params';
import { accessibleSummary } from '../projects/read';
import { httpRoutes } from '../routes';

/** The checklist as a PDF download for the project's contractor or client (spec section 7, "Export and sharing"). */
export const handler = httpHandler(httpRoutes.exportPdf, { params: idParam }, async ({ principal, params }) => {
  const { filename, pdf } = await exportChecklistPdf(await accessibleSummary(principal, params.id));
  return binaryReply(pdf, 'application/pdf', { 'content-disposition': attachment(filename) });
});
