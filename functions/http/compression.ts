import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import Negotiator from 'negotiator';

/**
 * The API's JSON answers of 1 KB and more go out in brotli or gzip, as the request's
 * Accept-Encoding allows, with `Vary: Accept-Encoding`: a checklist is tens of KB of JSON, and
 * neither API Gateway nor CloudFront (whose /api/* behaviour does not cache) compresses it. Done in
 * the function, so AWS and the local gateway send the same bytes. An answer with an encoding of its
 * own (the audit export's gzip) or binary (a PDF) is left as it is.
 */

const MIN_BYTES = 1024;
/** Brotli 5 rather than the default 11: on the seeded checklist (17 KB) 2.98 KB in 0.3 ms; 11 saves little more for many times the time. */
const BROTLI_QUALITY = 5;

const ENCODINGS = ['br', 'gzip', 'identity'];
/** The encoding to send: the caller's choice by q-value, ours (brotli first) among equals. negotiator 1.x takes `preferred`; its types still describe 0.6. */
const negotiate = (acceptEncoding: string): string | undefined =>
  (new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding as (available: string[], options: { preferred: string[] }) => string | undefined)(ENCODINGS, { preferred: ENCODINGS });

export function compressedResult(result: APIGatewayProxyStructuredResultV2, acceptEncoding: string | undefined): APIGatewayProxyStructuredResultV2 {
  if (result.isBase64Encoded || typeof result.body !== 'string' || result.headers?.['content-encoding']) return result;
  const headers = { ...result.headers, vary: 'Accept-Encoding' };
  const size = Buffer.byteLength(result.body);
  const encoding = size >= MIN_BYTES && acceptEncoding ? negotiate(acceptEncoding) : undefined;
  if (encoding !== 'br' && encoding !== 'gzip') return { ...result, headers };
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(result.body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size } })
      : gzipSync(result.body);
  return { ...result, headers: { ...headers, 'content-encoding': encoding }, body: bytes.toString('base64'), isBase64Encoded: true };
}
