import { createHash, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { inject } from 'vitest';

/**
 * A browser-like API client for integration tests: real HTTP to the local gateway, keeping the
 * session cookie it is given. Each instance is one browser (or one person).
 *
 * Each client has a network address of its own (`address` names it; two clients given the same
 * name share it), to keep the tests' per-address sign-in throttles apart: on one shared address,
 * the failed sign-ins of every file running beside it counted against each other's limit.
 * Honestly: the client's connections leave from a loopback address of its own
 * (127.x.y.z, any of which Linux routes to this machine), and the gateway puts the socket's
 * address in `sourceIp`, as API Gateway does. No header is trusted for it (the gateway drops a
 * client-sent x-viewer-address / x-forwarded-for). Linux only: macOS configures 127.0.0.1 alone
 * (`sudo ifconfig lo0 alias 127.x.y.z` would add more).
 *
 * `options.baseUrl` talks to another gateway than the suite's (a file's private cloud,
 * tests/support/private-cloud.ts).
 */
export class ApiClient {
  cookie: string | undefined;
  readonly baseUrl: string;
  /** The loopback address this client's connections come from. */
  readonly localAddress: string;

  constructor(address: string = randomUUID(), options: { baseUrl?: string } = {}) {
    this.baseUrl = options.baseUrl ?? inject('localCloud').url;
    this.localAddress = loopbackAddressFor(address);
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await send(`${this.baseUrl}${path}`, {
      method,
      localAddress: this.localAddress,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookies = response.setCookies;
    for (const setCookie of setCookies) {
      const [pair = ''] = setCookie.split(';');
      this.cookie = /Max-Age=0/i.test(setCookie) ? undefined : pair;
    }
    const text = response.text;
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, setCookies };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body);
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body);
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);
}

/** A stable loopback address (127.1.0.0 – 127.254.255.255) for a name; an address in 127/8 as it is. */
export function loopbackAddressFor(name: string): string {
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)) return name;
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(name).digest();
  return `127.${1 + (a % 254)}.${b}.${c}`;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly setCookies: string[];
  readonly text: string;
}

/** One HTTP request over node:http, optionally from a given local address. */
export function send(
  url: string,
  options: { method: string; headers?: Record<string, string>; body?: string | Buffer; localAddress?: string },
): Promise<RawResponse> {
  const target = new URL(url);
  // `localhost` may resolve to ::1 first, which a 127.x.y.z source address cannot reach.
  if (options.localAddress && target.hostname === 'localhost') target.hostname = '127.0.0.1';
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  // Node sends DELETE bodies unframed unless told their length.
  const headers = body ? { 'content-length': String(body.length), ...options.headers } : options.headers;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      target,
      { method: options.method, headers, localAddress: options.localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie'];
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            setCookies: Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [],
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
