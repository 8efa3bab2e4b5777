import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DomainError, type DomainErrorKind } from '../../events/errors';

/** What handlers return when a plain 200 JSON answer is not enough. */

const replyTag = Symbol('reply');

export interface Reply {
  readonly [replyTag]: true;
  readonly statusCode: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  readonly cookies?: string[];
}

export const reply = (statusCode: number, body?: unknown, extra: { headers?: Record<string, string>; cookies?: string[] } = {}): Reply => ({
  [replyTag]: true,
  statusCode,
  body,
  ...extra,
});

export const isReply = (value: unknown): value is Reply =>
  typeof value === 'object' && value !== null && replyTag in value;

export function toResult(value: unknown): APIGatewayProxyStructuredResultV2 {
  const { statusCode, body, headers, cookies } = isReply(value) ? value : reply(200, value);
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    cookies,
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

export const statusOfKind: Record<DomainErrorKind, number> = {
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

/** The answer for an error: its own message for domain errors, never a stack trace. */
export function errorReply(error: unknown, requestId: string): { reply: Reply; expected: boolean } {
  if (error instanceof DomainError) {
    const body = error.fieldErrors ? { message: error.message, fieldErrors: error.fieldErrors } : { message: error.message };
    return { reply: reply(statusOfKind[error.kind], body), expected: true };
  }
  return { reply: reply(500, { message: INTERNAL_ERROR_MESSAGE, requestId }), expected: false };
}
