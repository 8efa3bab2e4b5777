/**
 * Tiny fetch helper (spec section 7): every request sends cookies, writes send a JSON content
 * type when they have a body, and any non-ok response throws an ApiError whose message is
 * `${status}: ${bodyText || statusText}`. Callers name routes through `call.ts`, not paths. A
 * network failure throws the fetch's own TypeError. The outbox's writes add their headers
 * (Idempotency-Key, Device-Time, Base-Version: see `writeHeaders`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    /** The response body, parsed when it was JSON, otherwise undefined. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The ok response, unread (a file download reads it as a blob); anything else throws. */
export async function fetchOk(method: Method, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: hasBody || headers ? { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...headers } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  if (res.ok) return res;
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, parsed);
}

/** The ok response's JSON (undefined for an empty body). */
export async function fetchJson<T>(method: Method, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const text = await (await fetchOk(method, path, body, headers)).text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** What a write made offline tells the server (the wire contract of issue 29). */
export interface WriteContext {
  /** The command's id: a replay with the same key is answered once, with the first answer. */
  readonly idempotencyKey: string;
  /** The device's clock when the person made the change (ISO 8601). */
  readonly deviceTime?: string;
  /** The item's stream version the change was made against. */
  readonly baseVersion?: number;
}

export function writeHeaders({ idempotencyKey, deviceTime, baseVersion }: WriteContext): Record<string, string> {
  return {
    'Idempotency-Key': idempotencyKey,
    ...(deviceTime ? { 'Device-Time': deviceTime } : {}),
    ...(baseVersion !== undefined ? { 'Base-Version': String(baseVersion) } : {}),
  };
}
