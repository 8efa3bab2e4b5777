/**
 * `npm run bench:fuzz`: hostile requests over every route of the manifest, through the local
 * gateway against the real emulators. It signs up a contractor and a client who follows one of
 * the contractor's projects, then sends a few thousand generated requests: random, garbage,
 * wrong-typed, oversized, control-character and deeply nested bodies; garbage path ids and query
 * strings; wrong content types. Routes come from `functions/routes.ts`, so a new route is fuzzed
 * by default (a valid body in `validBodies` below only makes its mutations reach deeper).
 *
 * It prints requests sent, answers by status class, 5xx (must be 0) and accepted-when-invalid
 * (must be 0: a request built to break a rule every route has — control characters, a string over
 * the ceiling, nesting, a non-JSON body on a write, a malformed id — that got a 2xx), and the
 * 400s DynamoDB gave for a key no schema had bounded (a schema to tighten). Exit code 1 when
 * either must-be-0 figure is not.
 *
 * Bounded: FUZZ_REQUESTS (default 3000) and FUZZ_SECONDS (default 240); FUZZ_SEED for a
 * reproducible run. Loopback only (the gateway listens on 127.0.0.1).
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';

process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
import { startLocalCloud } from '../infra/local/cloud';
import { httpRoutes, type HttpRoute } from '../functions/routes';
import { KEY_VALUE_ERROR_MESSAGE } from '../functions/http/responses';
import { arbitrary, chance, CONTENT_TYPES, fuzzSeed, hostile, pathId, pick, query } from './fuzz-values';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 240);
const IN_FLIGHT = 4;

// --- HTTP ---------------------------------------------------------------------------------------
interface Answer {
  status: number;
  text: string;
  setCookie: string[];
}

function send(base: string, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  const target = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: target.port, path, method, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie'] ?? [];
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), setCookie });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

// --- the people and things the fuzz aims at -----------------------------------------------------
const cloud = await startLocalCloud({ port: 0 });
const PASSWORD = 'fuzz-password-1';

interface Person {
  email: string;
  cookie: string;
}

async function api(person: Person | undefined, method: string, path: string, body?: unknown) {
  const answer = await send(
    cloud.url,
    method,
    path,
    { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(person?.cookie ? { cookie: person.cookie } : {}) },
    body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
  );
  const cookie = answer.setCookie[0]?.split(';')[0];
  if (person && cookie) person.cookie = cookie;
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.text ? JSON.parse(answer.text) : undefined;
}

async function register(role: 'contractor' | 'client'): Promise<Person> {
  const person = { email: `fuzz.${role}.${randomUUID().slice(0, 8)}@example.com`, cookie: '' };
  await api(person, 'POST', '/api/auth/register', { firstName: 'Fuzz', lastName: role, email: person.email, role, password: PASSWORD, confirmPassword: PASSWORD });
  return person;
}

async function tokenMailedTo(email: string): Promise<string> {
  const { emails } = (await (await fetch(`${cloud.endpoints.ses}/store`)).json()) as { emails: { destination: { to: string[] }; body: { text?: string }; at: number }[] };
  const mails = emails.filter((m) => m.destination.to.includes(email)).sort((a, b) => b.at - a.at);
  for (const mail of mails) {
    const token = /\/verify-email#token=([\w-]+)/.exec(mail.body.text ?? '')?.[1];
    if (token) return token;
  }
  throw new Error(`no link mailed to ${email}`);
}

const contractor = await register('contractor');
const client = await register('client');
const project = await api(contractor, 'POST', '/api/projects', { name: 'Fuzz House', address: '1 Fuzz Road', clientName: 'Fuzz Client', clientEmail: client.email });
await api(contractor, 'POST', `/api/projects/${project.id}/share-with-client`);
await api(client, 'POST', '/api/auth/verify-email', { token: await tokenMailedTo(client.email) });
const [room] = await api(contractor, 'GET', `/api/projects/${project.id}/rooms`);
const item = await api(contractor, 'POST', '/api/checklist-items', { roomId: room.id, category: 'standard', name: 'Fuzz tile' });
const message = await api(client, 'POST', '/api/chat', { projectId: project.id, message: 'hello from the fuzz' });
const ids = { project: project.id as string, room: room.id as string, item: item.id as string, message: (message?.id ?? message?.message?.id ?? randomUUID()) as string };

/** Valid bodies (where one is known) to mutate: reaches past the schema into the handlers. */
const validBodies: Partial<Record<keyof typeof httpRoutes, () => Record<string, unknown>>> = {
  register: () => ({ firstName: 'A', lastName: 'B', email: `fuzz.${randomUUID().slice(0, 8)}@example.com`, role: 'client', password: PASSWORD, confirmPassword: PASSWORD }),
  login: () => ({ email: contractor.email, password: 'wrong password' }),
  forgotPassword: () => ({ email: `nobody.${randomUUID().slice(0, 8)}@example.com` }),
  resetPassword: () => ({ token: randomUUID(), password: PASSWORD, confirmPassword: PASSWORD }),
  updateProfile: () => ({ firstName: 'Fuzz', lastName: 'Person', email: contractor.email }),
  changePassword: () => ({ currentPassword: 'not it', newPassword: 'another-one-1', confirmPassword: 'another-one-1' }),
  verifyEmail: () => ({ token: randomUUID() }),
  createProject: () => ({ name: 'P', address: 'A', clientName: 'C' }),
  updateProject: () => ({ name: 'P', address: 'A', clientName: 'C' }),
  patchProject: () => ({ status: 'active' }),
  createRoom: () => ({ projectId: ids.project, type: 'kitchen' }),
  renameRoom: () => ({ customName: 'R' }),
  createItem: () => ({ roomId: ids.room, category: 'standard', name: 'I' }),
  patchItem: () => ({ details: 'd', purchasesMade: true, cost: 12.5, decideBy: '2027-01-01', leadTimeDays: 14 }),
  approveItem: () => ({ selectionHash: 'a'.repeat(64) }),
  declineItem: () => ({ reason: 'r', selectionHash: 'a'.repeat(64) }),
  digestUnsubscribe: () => ({ token: 'x' }),
  putItem: () => ({ details: 'd' }),
  postChat: () => ({ projectId: ids.project, message: 'm', roomId: ids.room }),
  markMessageRead: () => ({ readByClient: true }),
  markAllRead: () => ({ readByContractor: true, userType: 'contractor' }),
  publishObject: () => ({ objectURL: `${cloud.endpoints.s3}/cc-uploads/uploads/x/${'a'.repeat(32)}` }),
  putUserSession: () => ({ userType: 'contractor', userName: 'Fuzz', chatOpenedOnce: true }),
};

// --- the run ------------------------------------------------------------------------------------
const routes = Object.entries(httpRoutes as Record<string, HttpRoute>);
/** Requests that would end the fuzz's own sessions or fixtures are sent anonymously unless built to be refused. */
const DESTRUCTIVE = new Set(['logout', 'deleteAccount', 'deleteProject', 'deleteRoom', 'deleteItem', 'changePassword', 'updateProfile']);
const idFor = (param: string, path: string) =>
  param === 'messageId' ? ids.message : path.startsWith('/api/rooms/') ? ids.room : path.startsWith('/api/checklist-items/') ? ids.item : ids.project;

const byClass = new Map<string, number>();
const serverErrors: string[] = [];
const acceptedInvalid: string[] = [];
const keyRefusals = new Map<string, string>();
const unknownAccepted = new Map<string, number>();
/** Routes that answered 2xx at least once: the fuzz got past validation into the handler there. */
const reached = new Set<string>();
let sent = 0;
const started = Date.now();

async function one(n: number) {
  const [name, route] = routes[n % routes.length]!;
  const caller = pick([contractor, contractor, client, undefined]);
  let invalid: string | undefined;
  let unknown = false;

  let path = route.path.replace(/\{(\w+)\}/g, (_, param: string) => {
    const id = pathId(idFor(param, route.path));
    invalid ??= id.invalid;
    unknown ||= Boolean(id.unknown);
    return id.value;
  });
  const q = query();
  invalid ??= q.invalid;
  path += q.value;

  const headers: Record<string, string> = {};
  let body: Buffer | undefined;
  if (route.method !== 'GET') {
    const base = validBodies[name as keyof typeof httpRoutes]?.() ?? {};
    let json: unknown;
    if (chance(0.4)) {
      const made = hostile(base);
      json = made.body;
      invalid ??= made.kind;
    } else if (chance(0.9)) {
      const made = arbitrary(base);
      body = made.raw;
      json = made.body;
    }
    if (json !== undefined) body = Buffer.from(JSON.stringify(json));
    const contentType = chance(0.15) ? pick(CONTENT_TYPES) : 'application/json';
    if (contentType) headers['content-type'] = contentType;
    if (body && contentType !== 'application/json') invalid ??= `body sent as ${contentType || 'no content type'}`;
  }
  const person = DESTRUCTIVE.has(name) && !invalid && !unknown ? undefined : caller;
  if (person?.cookie) headers.cookie = person.cookie;

  let answer: Answer;
  try {
    answer = await send(cloud.url, route.method, path, headers, body);
  } catch (error) {
    answer = { status: 599, text: String(error), setCookie: [] };
  }
  sent++;
  const statusClass = `${Math.floor(answer.status / 100)}xx`;
  byClass.set(statusClass, (byClass.get(statusClass) ?? 0) + 1);
  const sample = `${route.method} ${path.slice(0, 120)}${path.length > 120 ? '…' : ''} ${body ? body.toString('utf8').slice(0, 160) : '(no body)'} → ${answer.status} ${answer.text.slice(0, 160)}`;
  if (answer.status < 300) reached.add(name);
  if (answer.status >= 500) serverErrors.push(sample);
  else if (answer.status < 300 && invalid) acceptedInvalid.push(`[${invalid}] ${sample}`);
  else if (answer.status < 300 && unknown) unknownAccepted.set(`${route.method} ${route.path}`, (unknownAccepted.get(`${route.method} ${route.path}`) ?? 0) + 1);
  if (answer.status === 400 && answer.text.includes(KEY_VALUE_ERROR_MESSAGE)) keyRefusals.set(`${route.method} ${route.path}`, sample);
}

/** The fuzz may sign its people out or change their password (anonymously sent requests cannot): sign them in again. */
async function keepSignedIn() {
  for (const person of [contractor, client]) {
    const me = await send(cloud.url, 'GET', '/api/auth/me', { cookie: person.cookie });
    if (me.status === 401) await api(person, 'POST', '/api/auth/login', { email: person.email, password: PASSWORD }).catch(() => {});
  }
}

try {
  let next = 0;
  while (next < REQUESTS && Date.now() - started < SECONDS * 1000) {
    const batch = Array.from({ length: Math.min(IN_FLIGHT, REQUESTS - next) }, () => one(next++));
    await Promise.all(batch);
    if (next % 200 < IN_FLIGHT) await keepSignedIn();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\nFuzz — ${new Date().toISOString()} — seed ${fuzzSeed} — ${routes.length} routes from functions/routes.ts — local gateway on ${cloud.url}`);
  console.table({
    'requests sent': sent,
    seconds,
    ...Object.fromEntries([...byClass].sort().map(([k, v]) => [k, v])),
    '5xx (must be 0)': serverErrors.length,
    'accepted when invalid (must be 0)': acceptedInvalid.length,
    'routes whose key reached DynamoDB unbounded (400 by the toolkit)': keyRefusals.size,
    'routes answering 2xx at least once': `${reached.size} of ${routes.length}`,
  });
  const never = routes.map(([name]) => name).filter((name) => !reached.has(name));
  if (never.length) console.log(`never 2xx (every request refused): ${never.join(', ')}`);
  for (const line of serverErrors.slice(0, 20)) console.log(`5xx: ${line}`);
  for (const line of acceptedInvalid.slice(0, 20)) console.log(`accepted when invalid: ${line}`);
  for (const [route, line] of keyRefusals) console.log(`DynamoDB refused a key (schema to tighten) on ${route}: ${line}`);
  if (unknownAccepted.size) console.log('2xx with an unknown but well-formed id (check they are right):', Object.fromEntries(unknownAccepted));
  process.exitCode = serverErrors.length || acceptedInvalid.length ? 1 : 0;
} finally {
  await cloud.stop();
}
