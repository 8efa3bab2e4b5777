import { randomUUID } from 'node:crypto';

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

/**
 * A new account through the API, signed in, its e-mail proved by the link the SES emulator caught
 * (a client sees a project only then).
 */
export async function registered(cloud: { url: string; endpoints: { ses: string } }, role: 'contractor' | 'client', email = `bench.${role}.${randomUUID().slice(0, 8)}@example.com`) {
  const api = signedInApi(cloud.url);
  const user = await (await api('POST', '/api/auth/register', { firstName: 'Bench', lastName: role, email, role, password: 'bench-password', confirmPassword: 'bench-password' })).json();
  await api('POST', '/api/auth/verify-email', { token: await tokenMailedTo(cloud.endpoints.ses, email) });
  return { api, user, email };
}

async function tokenMailedTo(sesEndpoint: string, address: string): Promise<string> {
  const { emails } = (await (await fetch(`${sesEndpoint}/store`)).json()) as { emails: { destination: { to: string[] }; body: { text?: string } }[] };
  const mail = emails.find((email) => email.destination.to.includes(address));
  const token = /\/verify-email#token=([\w-]+)/.exec(mail?.body.text ?? '')?.[1];
  if (!token) throw new Error(`no verification link mailed to ${address}`);
  return token;
}

/** A new project through the API, with the template's rooms and items: the project, and every item of it. */
export async function templateProject(api: ReturnType<typeof signedInApi>, name: string) {
  const project: { id: string } = await (await api('POST', '/api/projects', { name, address: '1 Bench Road', clientName: 'Client' })).json();
  const rooms: { id: string }[] = await (await api('GET', `/api/projects/${project.id}/rooms`)).json();
  const items: { id: string }[] = [];
  for (const room of rooms) items.push(...(await (await api('GET', `/api/rooms/${room.id}/items`)).json()));
  return { project, items };
}
