import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DomainError, type DomainErrorKind } from '../../events/errors';
import { ServiceUnavailableError } from '../adapters/bounded-clients';
import { apiSecurityHeaders } from './security-headers';

/** What handlers return when a plain 200 JSON answer is not enough. */

const replyTag = Symbol('reply');

/** The statuses of a route's own answer (its `RouteAnswers` type, contract/answers.ts). */
export type SuccessStatus = 200 | 201;
/** The statuses of refusals and failures, whose bodies are their own (not the route's answer). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 406 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/** An answer with its status and body types, so a handler's 2xx body is checked against the contract. */
export interface Reply<S extends number = number, B = unknown> {
  readonly [replyTag]: true;
  readonly statusCode: S;
  /** Sent as JSON, unless `binary` is given. */
  readonly body?: B;
  /** Sent as is (base64 in the Lambda answer, decoded by API Gateway), with its own content type. */
  readonly binary?: { readonly bytes: Uint8Array; readonly contentType: string };
  readonly headers?: Record<string, string>;
  readonly cookies?: string[];
}

export const reply = <const S extends number, B = undefined>(statusCode: S, body?: B, extra: { headers?: Record<string, string>; cookies?: string[] } = {}): Reply<S, B> => ({
  [replyTag]: true,
  statusCode,
  body,
  ...extra,
});

export const isReply = (value: unknown): value is Reply =>
  typeof value === 'object' && value !== null && replyTag in value;

/**
 * A 200 answer with a file's bytes (a PDF, a picture) instead of JSON. `B` names the answer the
 * bytes carry where the route's contract is JSON (an audit export, gzipped).
 *
 * @example
 * return binaryReply(pdf, 'application/pdf', { 'content-disposition': attachment('Maple-checklist.pdf') });
 */
export const binaryReply = <B = unknown>(bytes: Uint8Array, contentType: string, headers: Record<string, string> = {}): Reply<200, B> => ({
  [replyTag]: true,
  statusCode: 200,
  binary: { bytes, contentType },
  headers,
});

export function toResult(value: unknown): APIGatewayProxyStructuredResultV2 {
  const { statusCode, body, binary, headers, cookies } = isReply(value) ? value : reply(200, value);
  if (binary) {
    return {
      statusCode,
      cookies,
      headers: { 'content-type': binary.contentType, 'cache-control': 'no-store', ...headers, ...apiSecurityHeaders },
      isBase64Encoded: true,
      body: Buffer.from(binary.bytes.buffer, binary.bytes.byteOffset, binary.bytes.byteLength).toString('base64'),
    };
  }
  return {
    statusCode,
    cookies,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers, ...apiSecurityHeaders },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

/**
 * A Content-Disposition value that saves the answer under `filename`, whatever characters it has
 * (RFC 6266): an ASCII stand-in in `filename="…"` for old clients (quotes, backslashes, slashes,
 * '%', control and non-ASCII characters become '_') and the exact name, UTF-8 percent-encoded, in
 * `filename*` (RFC 8187), which browsers prefer. Path separators are replaced in both, so the
 * name can never point into a folder.
 */
export function attachment(filename: string): string {
  // Lone surrogates too: encodeURIComponent throws on them.
  const safe = filename.replace(/[\/\\\p{Cc}\p{Cs}]/gu, '_');
  const ascii = safe.replace(/[^\x20-\x7e]|["%]/gu, '_');
  // encodeURIComponent leaves !'()* as they are; RFC 8187 allows only !, so the rest are encoded too.
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export const statusOfKind: Record<DomainErrorKind, ErrorStatus> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
};

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * DynamoDB's refusals of a key value itself: longer than a key may be (2048 bytes for a partition
 * key, 1024 for a sort key) or empty. Each is a value the caller sent that no schema caught, so
 * it is the caller's 400, never our 500: whatever route, whatever table. Other ValidationExceptions
 * (a malformed expression) stay 500s: they are our bugs.
 */
const DYNAMODB_KEY_VALUE_ERROR = /primary key values must be under|(hash ?key|range keys).*exceeded the (maximum )?size limit|key attribute cannot contain an empty string|empty string value/i;

export const isDynamoDbKeyValueError = (error: unknown): boolean =>
  (error as { name?: string })?.name === 'ValidationException' && DYNAMODB_KEY_VALUE_ERROR.test((error as Error).message ?? '');

const KEY_VALUE_PROBLEM = 'a value in this request is too long or empty to be looked up';
export const KEY_VALUE_ERROR_MESSAGE = `request: ${KEY_VALUE_PROBLEM}`;

/** The answer for an error: its own message for domain errors, never a stack trace. */
export function errorReply(error: unknown, requestId: string): { reply: Reply; expected: boolean } {
  if (error instanceof DomainError) {
    const body = error.fieldErrors ? { message: error.message, fieldErrors: error.fieldErrors } : { message: error.message };
    return { reply: reply(statusOfKind[error.kind], body), expected: true };
  }
  if (error instanceof ServiceUnavailableError) {
    // Not expected: logged as an error, so an operator sees which service went quiet.
    const body = { message: error.message, service: error.label };
    return { reply: reply(503, body, { headers: { 'retry-after': '60' } }), expected: false };
  }
  if (isDynamoDbKeyValueError(error)) {
    // Expected for the caller, but a schema should have said it with the field's name: logged as a warning.
    return { reply: reply(400, { message: KEY_VALUE_ERROR_MESSAGE, fieldErrors: { request: [KEY_VALUE_PROBLEM] } }), expected: false };
  }
  return { reply: reply(500, { message: INTERNAL_ERROR_MESSAGE, requestId }), expected: false };
}
