/**
 * Tiny fetch helper (spec section 7): every request sends cookies, writes send a JSON content
 * type when they have a body, and any non-ok response throws an ApiError whose message is
 * `${status}: ${bodyText || statusText}`. Callers name routes through `call.ts`, not paths.
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
export async function fetchOk(method: Method, path: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
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
export async function fetchJson<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const text = await (await fetchOk(method, path, body)).text();
  return (text ? JSON.parse(text) : undefined) as T;
}
