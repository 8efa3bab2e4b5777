/**
 * One demo person talking to the app over HTTP, as the browser does: JSON in and out, the
 * session cookie kept. An answer outside `expected` stops the seeding with what went wrong.
 */
export interface DemoApi {
  readonly baseUrl: string;
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, expected?: readonly number[]): Promise<{ status: number; answer: T }>;
}

export function demoApi(baseUrl: string, who: string): DemoApi {
  let cookie = '';
  return {
    baseUrl,
    async call<T>(method: string, path: string, body?: unknown, expected: readonly number[] = [200, 201]) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? cookie;
      const text = await response.text();
      if (!expected.includes(response.status)) throw new Error(`Seeding demo data (${who}): ${method} ${path} answered ${response.status} ${text.slice(0, 300)}`);
      return { status: response.status, answer: (text ? JSON.parse(text) : {}) as T };
    },
  };
}
