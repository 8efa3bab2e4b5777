import { htmlToPdf } from '../adapters/chromium';
import { takeExportAllowance } from '../audit/export-allowance';
import { accessibleChangeOrder, changeOrderHeadPreload } from '../change-orders/access';
import { changeOrderDto } from '../change-orders/answer';
import { linkedTitles } from '../change-orders/links';
import { itemsShown } from '../change-orders/shown';
import { attachment, binaryReply } from '../http/responses';
import { httpHandler } from '../http/handler';
import { recordPdfRender } from '../metrics';
import { renderChangeOrder } from '../pdf/change-order-html';
import { idParam } from '../projects/params';
import { httpRoutes } from '../routes';
import { takePdfExport } from '../tenants/quotas';

/**
 * A change order as a PDF (issue 30), for the project's contractor or client (a draft: the
 * contractor only), within the account's hourly export allowance; signed, with its signature
 * block. Rendered by the same Chromium as the checklist's export.
 */
export const handler = httpHandler(httpRoutes.changeOrderPdf, { params: idParam, preload: changeOrderHeadPreload }, async ({ principal, params, preloaded }) => {
  const { summary, view } = await accessibleChangeOrder(principal, params.id, preloaded[0]);
  await takeExportAllowance(principal.userId);
  // One of the project's company's PDF exports of the day (issue 31: its plan's), whoever asks.
  await takePdfExport(summary.contractorId);
  const [{ itemNames }, titles] = await Promise.all([itemsShown(summary.id, view.itemIds), linkedTitles(summary.id, view)]);
  const { html, pdf: options } = renderChangeOrder(changeOrderDto(view, summary.name, itemNames, titles), new Date());
  const rendering = performance.now();
  const pdf = await htmlToPdf(html, options).finally(() => recordPdfRender(performance.now() - rendering));
  return binaryReply(pdf, 'application/pdf', { 'content-disposition': attachment(`${view.title}-change-order.pdf`) });
});
