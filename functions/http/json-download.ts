import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { attachment, binaryReply, reply, type Reply } from './responses';

const gzipped = promisify(gzip);

/** A Lambda answers at most 6 MB (its whole response, headers and encoding included): keep clear of it. */
const MAX_PLAIN_BYTES = 5 * 1024 * 1024;

/**
 * A JSON document saved as `filename`, gzipped for clients that accept gzip (every browser): a
 * Lambda answers at most 6 MB, about 10,000 audit events of JSON; gzipped, ten times that.
 */
export async function jsonDownload<T>(document: T, filename: string, acceptEncoding: string | undefined): Promise<Reply<200, T> | Reply<406>> {
  const headers = { 'content-disposition': attachment(filename), vary: 'accept-encoding' };
  const text = JSON.stringify(document);
  if (!/\bgzip\b/.test(acceptEncoding ?? '')) {
    // Too big to answer uncompressed: say how to ask, rather than fail at the Lambda's limit with a 502.
    if (Buffer.byteLength(text) > MAX_PLAIN_BYTES) return reply(406, { message: 'accept-encoding: this audit export is larger than 5 MB; ask for it gzipped (Accept-Encoding: gzip, as every browser and curl --compressed do)' });
    return reply(200, document, { headers });
  }
  return binaryReply<T>(await gzipped(text), 'application/json; charset=utf-8', { ...headers, 'content-encoding': 'gzip' });
}
