import { inject } from 'vitest';

/**
 * A browser-like API client for integration tests: real HTTP to the local gateway, keeping the
 * session cookie it is given. Each instance is one browser (or one person).
 */
export class ApiClient {
  cookie: string | undefined;
  readonly baseUrl = inject('localCloud').url;

  /** `address` stands in for the caller's address (as CloudFront passes it), to keep tests' throttles apart. */
  constructor(private readonly address?: string) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.address ? { 'x-viewer-address': this.address } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookies = response.headers.getSetCookie();
    for (const setCookie of setCookies) {
      const [pair = ''] = setCookie.split(';');
      this.cookie = /Max-Age=0/i.test(setCookie) ? undefined : pair;
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, setCookies };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body);
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body);
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);
}
