import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { OperatorEvent } from '../../../functions/handlers/operator-api';
import { buildHttpEvent, sendJson } from './http-api';
import { invoke } from './lambda';

/**
 * The operator API on the local cloud (issue 31): `/operator/*` to the operator Lambda, as its own
 * HTTP API with the IAM authorizer does in AWS. IAM's part is played by the local operator key
 * (LOCAL_OPERATOR_KEY, infra/local/local-keys.ts): `Authorization: Bearer <key>`, compared in
 * constant time; the caller then reaches the function as the IAM identity `local-operator`.
 * A product session cookie means nothing here: it is never passed on.
 */

const handler = new URL('../../../functions/handlers/operator-api.ts', import.meta.url);
const MAX_BODY_BYTES = 1024 * 1024;

/** Whether `given` is the key, without saying how much of it matched (both hashed to one length first). */
export function isOperatorKey(given: string | undefined, key: string | undefined): boolean {
  if (!given || !key) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(key));
}

export async function handleOperatorRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!isOperatorKey(bearer, process.env.LOCAL_OPERATOR_KEY)) {
    // What API Gateway's IAM authorizer answers an unsigned (or wrongly signed) request.
    return sendJson(res, 403, { message: 'Forbidden' });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return sendJson(res, 413, { message: 'Request Entity Too Large' });
    chunks.push(chunk as Buffer);
  }
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  const { cookie: _cookie, authorization: _authorization, ...headers } = req.headers;
  const base = buildHttpEvent({ method: req.method ?? 'GET', url: req.url ?? '/', headers, body: Buffer.concat(chunks) }, { method: req.method as 'GET', path }, {});
  const event = {
    ...base,
    requestContext: { ...base.requestContext, authorizer: { iam: { accessKey: 'local', accountId: 'local', callerId: 'local-operator', cognitoIdentity: null, principalOrgId: null, userArn: 'local-operator', userId: 'local-operator' } } },
  } as unknown as OperatorEvent;
  let result: APIGatewayProxyStructuredResultV2;
  try {
    result = await invoke<APIGatewayProxyStructuredResultV2>(handler, event);
  } catch (error) {
    console.error('[gateway] operator API failed:', error);
    return sendJson(res, 500, { message: 'Internal Server Error' });
  }
  const body = result.body ?? '';
  res.writeHead(result.statusCode ?? 200, { ...(result.headers as Record<string, string>), 'content-length': String(Buffer.byteLength(body)) }).end(body);
}
