import { apiRoutes } from '../../../contract/routes';
import { routePath } from '../../api/call';
import { ApiError, fetchJson, writeHeaders } from '../../api/client';
import type { OutboxCommand } from './command';

/**
 * One command sent to the server with the headers of field mode (Idempotency-Key = its id,
 * Device-Time, Base-Version), and what came of it:
 * - `sent`: the server has it (2xx, or the first answer again for a replayed key);
 * - `unsent`: it did not get there, or the server could not take it now (no network, a gateway's
 *   502/503/504, too many requests, the session gone): kept, tried again later;
 * - `conflict`: someone else changed the same text since (409 with the current value);
 * - `refused`: the server will not take it (any other 4xx, a 5xx): dropped, with its reason.
 */
export type SendOutcome =
  | { readonly kind: 'sent'; readonly answer: unknown }
  | { readonly kind: 'unsent'; readonly signedOut?: boolean }
  | { readonly kind: 'conflict'; readonly answer: ConflictAnswer }
  | { readonly kind: 'refused'; readonly error: ApiError };

/** A 409 that carries the current values: EditConflictAnswer (an item) or RoomConflictAnswer (a room). */
export interface ConflictAnswer {
  readonly message: string;
  readonly current: Record<string, unknown>;
  readonly item?: { readonly id: string; readonly roomId: string; readonly version?: number } & Record<string, unknown>;
  readonly room?: { readonly id: string } & Record<string, unknown>;
}

/** Past this the request counts as lost (a phone on one bar of signal): kept for the next try. */
const REQUEST_TIMEOUT_MS = 30_000;

const keptStatuses = new Set([401, 408, 429, 502, 503, 504]);

/** What a failed request means for the outbox. */
export function outcomeOfError(error: unknown): SendOutcome {
  if (!(error instanceof ApiError)) return { kind: 'unsent' };
  if (keptStatuses.has(error.status)) return { kind: 'unsent', signedOut: error.status === 401 };
  const body = error.body as Partial<ConflictAnswer> | undefined;
  if (error.status === 409 && body && typeof body.current === 'object' && body.current !== null) return { kind: 'conflict', answer: body as ConflictAnswer };
  return { kind: 'refused', error };
}

/** Sends a route's request with the outbox's headers; `key` defaults to the command's id (a photo's steps derive their own). */
export async function sendRequest(
  command: OutboxCommand,
  request: { route: keyof typeof apiRoutes; params?: Record<string, string>; body?: unknown; key?: string; baseVersion?: number },
): Promise<SendOutcome> {
  const headers = writeHeaders({ idempotencyKey: request.key ?? command.id, deviceTime: command.deviceTime, baseVersion: request.baseVersion });
  try {
    const answer = await withTimeout(fetchJson<unknown>(apiRoutes[request.route].method, routePath(request.route, request.params), request.body, headers));
    return { kind: 'sent', answer };
  } catch (error) {
    return outcomeOfError(error);
  }
}

export const sendCommand = (command: OutboxCommand): Promise<SendOutcome> =>
  sendRequest(command, { route: command.route, params: command.params, body: command.body, baseVersion: command.baseVersion });

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TypeError('The request took too long')), REQUEST_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
