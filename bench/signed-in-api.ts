/**
 * A benchmark's one person talking to the local cloud over HTTP, as the browser does: JSON in,
 * the session cookie kept, any non-2xx thrown with its body.
 */
export function signedInApi(baseUrl: string) {
  let cookie = '';
  async function api(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const setCookie = response.headers.getSetCookie()[0];
    if (setCookie) cookie = setCookie.split(';')[0]!;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  }
  /** The session cookie (`name=value`), e.g. for a WebSocket. */
  return Object.defineProperty(api, 'cookie', { get: () => cookie }) as typeof api & { readonly cookie: string };
}
