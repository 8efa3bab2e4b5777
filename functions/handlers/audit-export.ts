import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { exportProjectAudit } from '../audit/checkpoints';
import { takeExportAllowance } from '../audit/export-allowance';
import { httpHandler } from '../http/handler';
import { attachment, binaryReply, reply } from '../http/responses';
import { idParam } from '../projects/params';
import { summaryPreload, visibleSummary } from '../projects/project-access';
import { httpRoutes } from '../routes';

const gzipped = promisify(gzip);

/** A Lambda answers at most 6 MB (its whole response, headers and encoding included): keep clear of it. */
const MAX_PLAIN_BYTES = 5 * 1024 * 1024;

/**
 * The project's audit export for its contractor or client (others 404): every event of its streams
 * as stored, their heads, a checkpoint signed now (recorded if the project changed since the last
 * one), and the checkpoints recorded before; at most EXPORTS_PER_ACCOUNT_PER_HOUR per account.
 * `npm run audit:verify` checks it offline. Compressed for clients that accept gzip (every
 * browser): a Lambda answers at most 6 MB, about 10,000 events of JSON; gzipped, ten times that.
 */
export const handler = httpHandler(httpRoutes.auditExport, { params: idParam, preload: summaryPreload }, async ({ principal, preloaded, event }) => {
  const summary = visibleSummary(principal, preloaded[0]);
  await takeExportAllowance(principal.userId);
  const document = await exportProjectAudit(summary.id);
  const headers = { 'content-disposition': attachment(`audit-${summary.id}-${document.exportedAt.slice(0, 10)}.json`), vary: 'accept-encoding' };
  const text = JSON.stringify(document);
  if (!/\bgzip\b/.test(event.headers?.['accept-encoding'] ?? '')) {
    // Too big to answer uncompressed: say how to ask, rather than fail at the Lambda's limit with a 502.
    if (Buffer.byteLength(text) > MAX_PLAIN_BYTES) return reply(406, { message: 'accept-encoding: this audit export is larger than 5 MB; ask for it gzipped (Accept-Encoding: gzip, as every browser and curl --compressed do)' });
    return reply(200, document, { headers });
  }
  const bytes = await gzipped(text);
  return binaryReply(bytes, 'application/json; charset=utf-8', { ...headers, 'content-encoding': 'gzip' });
});
