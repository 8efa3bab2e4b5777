import { checkpointProject } from '../audit/checkpoints';
import { takeExportAllowance } from '../audit/export-allowance';
import { attachment, binaryReply } from '../http/responses';
import { httpHandler } from '../http/handler';
import { recordPdfRender } from '../metrics';
import { exportChecklistPdf } from '../pdf/export-checklist';
import { idParam } from '../projects/params';
import { summaryPreload, visibleSummary } from '../projects/project-access';
import { httpRoutes } from '../routes';
import { takePdfExport } from '../tenants/quotas';

/**
 * The checklist as a PDF download for the project's contractor or client (spec section 7, "Export
 * and sharing"), within the account's hourly export allowance. The project's state as exported is
 * recorded as a signed audit checkpoint (if it changed since the last one), while Chromium renders.
 */
export const handler = httpHandler(httpRoutes.exportPdf, { params: idParam, preload: summaryPreload }, async ({ principal, preloaded }) => {
  const summary = visibleSummary(principal, preloaded[0]);
  await takeExportAllowance(principal.userId);
  // One of the project's company's PDF exports of the day (issue 31: its plan's), whoever asks.
  await takePdfExport(summary.contractorId);
  const rendering = performance.now();
  const [{ filename, pdf }] = await Promise.all([exportChecklistPdf(summary).finally(() => recordPdfRender(performance.now() - rendering)), checkpointProject(summary.id, 'pdf-export')]);
  return binaryReply(pdf, 'application/pdf', { 'content-disposition': attachment(filename) });
});
