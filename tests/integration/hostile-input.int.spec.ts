import { beforeAll, describe, expect, it } from 'vitest';
import { httpRoutes, type HttpRoute, type RouteName } from '../../functions/routes';
import { PASSWORD, signedUp, uniqueEmail } from '../support/accounts';
import type { ApiClient } from '../support/api-client';

/**
 * Hostile input on every route of the manifest (issue 12), generated from `functions/routes.ts`, so
 * a new route is covered by default: every write route must have a valid body below (a route
 * missing from the table fails), every path parameter is an id of a kind the table knows. For each
 * route it sends each field oversized and of the wrong type, ids of the wrong shape (path and body)
 * and another tenant's well-formed ids, and checks: a 4xx naming the field (404 for another
 * tenant's ids), never a 5xx, and nothing changed. JSON bodies only; control characters and
 * nesting are the generic request checks' (functions/http/handler.ts).
 */

type Person = Awaited<ReturnType<typeof signedUp>>;
type IdKind = 'project' | 'room' | 'item' | 'message' | 'punchItem' | 'changeOrder' | 'member';
type Ids = Record<IdKind, string>;

interface World {
  contractor: Person;
  client: Person;
  stranger: Person;
  ours: Ids;
  theirs: Ids;
  objectURL: string;
}

/** What a valid request of each write route carries (null: no body). Ids come from the world. */
const validBodies: Record<Exclude<RouteName, ReadRoute>, (world: World) => Record<string, unknown> | null> = {
  register: () => ({ firstName: 'Casey', lastName: 'Builder', email: uniqueEmail('hostile'), role: 'contractor', companyName: 'Casey Co', phone: '555-0100', password: PASSWORD, confirmPassword: PASSWORD }),
  login: ({ contractor }) => ({ email: contractor.user.email, password: PASSWORD }),
  logout: () => null,
  forgotPassword: ({ contractor }) => ({ email: contractor.user.email }),
  resetPassword: () => ({ token: 'a-reset-token', password: PASSWORD, confirmPassword: PASSWORD }),
  updateProfile: ({ contractor }) => ({ firstName: 'Casey', lastName: 'Builder', email: contractor.user.email, companyName: 'Casey Co', phone: '555-0100' }),
  changePassword: () => ({ currentPassword: PASSWORD, newPassword: 'another password' }),
  deleteAccount: () => null,
  verifyEmail: () => ({ token: 'a-verification-token' }),
  resendVerification: () => null,
  // An address no account has: nothing is mailed, whatever slips through.
  magicLink: () => ({ email: uniqueEmail('hostile') }),
  magicLinkVerify: () => ({ token: 'a-sign-in-token' }),
  notMe: () => ({ token: 'a-not-me-token' }),
  createProject: () => projectBody,
  updateProject: () => projectBody,
  patchProject: () => ({ lockBoxCode: '4411', status: 'active' }),
  deleteProject: () => null,
  exportPdf: () => null,
  shareWithClient: () => null,
  createRoom: ({ ours }) => ({ projectId: ours.project, type: 'bedroom', name: 'Bedroom 9', customName: 'Den' }),
  renameRoom: () => ({ customName: 'Den' }),
  deleteRoom: () => null,
  createItem: ({ ours }) => ({
    roomId: ours.room,
    category: 'standard',
    name: 'Trim',
    details: 'Satin',
    itemType: 'single',
    cabinetDetails: { style: 'Shaker', styleLinks: ['https://a.example/style'], styleImages: ['/objects/style.png'], totalPulls: '12' },
    order: 3,
    completed: false,
    contractorCompleted: false,
    clientCompleted: false,
    purchasesMade: false,
  }),
  // Issue 30: a photo's markup rides along (its photo is one of the item's from the same change).
  patchItem: () => ({ ...itemChanges, photoMarkup: { objectPath: '/objects/tile.png', markup: { shapes: [{ kind: 'arrow', x1: 0.1, y1: 0.2, x2: 0.5, y2: 0.6, color: '#ff0000', width: 0.01 }] } } }),
  putItem: () => itemChanges,
  deleteItem: () => null,
  // A well-formed selectionHash (issue 27): a stale one answers 409, a hostile one 400.
  approveItem: () => ({ selectionHash: 'a'.repeat(64) }),
  declineItem: () => ({ reason: 'Too dark for the room', selectionHash: 'a'.repeat(64) }),
  postChat: ({ ours }) => ({ projectId: ours.project, senderType: 'contractor', senderName: 'Casey Builder', message: 'Tile arrives Monday', messageType: 'chat', roomId: ours.room }),
  markMessageRead: () => ({ readByContractor: true }),
  markAllRead: () => ({ userType: 'contractor', readByContractor: true }),
  requestUpload: () => null,
  // Issue 30: the evidence the browser adds (size, device time, opted-in place).
  publishObject: ({ objectURL, ours }) => ({ objectURL, visibility: 'public', itemId: ours.item, bytes: 68, capturedAt: '2026-11-20T09:30:00Z', includeLocation: true, location: { latitude: 48.85, longitude: 2.29, accuracy: 10 } }),
  digestUnsubscribe: () => ({ token: 'an-unsubscribe-token' }),
  putUserSession: () => ({ userType: 'contractor', userName: 'Casey', chatOpenedOnce: true }),
  createPunchItem: ({ ours }) => ({ roomId: ours.room, itemId: ours.item, title: 'Scratch on the door', note: 'Left side', assignee: { kind: 'trade', name: 'Painter' }, dueDate: '2026-12-01', photos: [] }),
  patchPunchItem: ({ ours }) => ({ title: 'Scratch on the door', note: 'Left side', itemId: ours.item, assignee: { kind: 'contractor' }, dueDate: '2026-12-02', status: 'fixed', fixNote: 'Repainted' }),
  createChangeOrder: ({ ours }) => ({ title: 'Brass faucet', description: 'Brushed brass instead of chrome', itemIds: [ours.item], priceChangeCents: 34000, scheduleDays: 5 }),
  patchChangeOrder: ({ ours }) => ({ title: 'Brass faucet', description: 'Brushed brass', itemIds: [ours.item], priceChangeCents: 30000, scheduleDays: 4 }),
  sendChangeOrder: () => null,
  // A well-formed documentHash: a stale one answers 409, a hostile one 400.
  signChangeOrder: () => ({ fullName: 'Chris Owner', consent: true, documentHash: 'a'.repeat(64) }),
  declineChangeOrder: () => ({ reason: 'Too dear', documentHash: 'a'.repeat(64) }),
  // Issue 31: the team. An invitation to an address no account has; a join with a link that never was.
  inviteColleague: () => ({ email: uniqueEmail('colleague') }),
  removeColleague: () => null,
  joinTeam: () => ({ token: 'a-team-invitation-token' }),
};

type ReadRoute = { [K in RouteName]: (typeof httpRoutes)[K]['method'] extends 'GET' ? K : never }[RouteName];

/** Where another tenant's well-formed id is refused otherwise than 404, and why. */
const foreignIdAnswers: Partial<Record<RouteName, Record<string, number>>> = {
  // The project is the caller's; the room is a reference inside the message: 400 naming roomId.
  postChat: { roomId: 400 },
  // The punch item's room and item are references inside the project: 400 naming them.
  createPunchItem: { roomId: 400, itemId: 400 },
  patchPunchItem: { itemId: 400 },
};

const projectBody = {
  name: 'Hostile House',
  address: '1 Attack Road',
  clientName: 'Chris Owner',
  clientEmail: 'owner@example.com',
  clientPhone: '555-0142',
  status: 'active',
  contractorNotes: 'Gate code 4411',
  startDate: '2026-01-05',
  targetCompletionDate: '2026-06-30',
};

const itemChanges = {
  details: 'Satin finish',
  contractorCompleted: true,
  purchasesMade: true,
  cabinetDetails: { style: 'Shaker', styleCompleted: true, styleLinks: ['https://a.example/style'], pullsImages: ['/objects/pulls.png'], totalKnobs: '4' },
  cabinetLinks: ['https://a.example/cabinet'],
  cabinetImages: ['https://a.example/cabinet.png'],
  referenceLinks: ['https://a.example/tile'],
  referenceImages: ['/objects/tile.png'],
  allowance: 1500,
  cost: 1234.5,
  decideBy: '2026-03-01',
  leadTimeDays: 21,
};

/** Which kind of id a path parameter is: from the parameter's name, or for `{id}` from the path. */
function paramKind(path: string, param: string): IdKind | undefined {
  if (param === 'projectId') return 'project';
  if (param === 'messageId') return 'message';
  if (param !== 'id') return undefined;
  if (path.startsWith('/api/projects/')) return 'project';
  if (path.startsWith('/api/rooms/')) return 'room';
  if (path.startsWith('/api/checklist-items/')) return 'item';
  if (path.startsWith('/api/punch-items/')) return 'punchItem';
  if (path.startsWith('/api/change-orders/')) return 'changeOrder';
  // A team member is an account: ours is the owner (who cannot be removed), theirs another company's owner.
  if (path.startsWith('/api/team/members/')) return 'member';
  return undefined;
}

/** Body fields that are ids: named `<kind>Id`. */
const bodyIdKind = (field: string): IdKind | undefined => (/^(project|room|item|message)Id$/.exec(field)?.[1] as IdKind | undefined);

const paramsOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
const pathWith = (path: string, values: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]!));

/** Every leaf of a body, as a path and its value (array entries as `field.0`). */
function leaves(value: unknown, prefix: string[] = []): { path: string[]; value: unknown }[] {
  if (Array.isArray(value)) return [{ path: prefix, value }, ...value.flatMap((entry, index) => leaves(entry, [...prefix, String(index)]))];
  if (value && typeof value === 'object') {
    const own = prefix.length ? [{ path: prefix, value }] : [];
    return [...own, ...Object.entries(value).flatMap(([key, entry]) => leaves(entry, [...prefix, key]))];
  }
  return [{ path: prefix, value }];
}

function withValue(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let target: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

/** The hostile variants of one field: oversized text, and a value of the wrong type. */
function hostileValues(value: unknown): unknown[] {
  if (typeof value === 'string') return ['x'.repeat(5000), 12345];
  if (typeof value === 'number') return ['x'.repeat(5000)];
  if (typeof value === 'boolean') return ['true'];
  if (Array.isArray(value)) return ['x'.repeat(5000)];
  return ['x'.repeat(5000), 12345];
}

const callerFor = (world: World, route: HttpRoute): ApiClient => (route.access === 'client' ? world.client.api : world.contractor.api);

/** What must not change under hostile input: both tenants' projects and accounts as everyone sees them. */
async function snapshot(world: World) {
  const { contractor, client, stranger, ours, theirs } = world;
  const get = async (api: ApiClient, path: string) => {
    const answer = await api.get(path);
    return [answer.status, answer.body];
  };
  return JSON.stringify(
    await Promise.all([
      get(contractor.api, `/api/projects/${ours.project}/history`),
      get(contractor.api, `/api/projects/${ours.project}/stats`),
      get(contractor.api, `/api/projects/${ours.project}/rooms`),
      get(contractor.api, `/api/rooms/${ours.room}/items`),
      get(contractor.api, `/api/projects/${ours.project}/chat`),
      get(contractor.api, '/api/projects/with-stats'),
      get(contractor.api, '/api/auth/me'),
      get(contractor.api, '/api/user-session'),
      get(client.api, '/api/auth/me'),
      get(stranger.api, `/api/projects/${theirs.project}/history`),
      get(stranger.api, `/api/projects/${theirs.project}/chat`),
      get(stranger.api, `/api/rooms/${theirs.room}/items`),
    ]),
  );
}

async function tenant(contractor: Person, clientEmail?: string): Promise<Ids> {
  const project = (await contractor.api.post('/api/projects', { ...projectBody, clientEmail })).body;
  const [room] = (await contractor.api.get(`/api/projects/${project.id}/rooms`)).body;
  const [item] = (await contractor.api.get(`/api/rooms/${room.id}/items`)).body;
  const message = (await contractor.api.post('/api/chat', { projectId: project.id, message: 'Before anything' })).body;
  const punchItem = (await contractor.api.post(`/api/projects/${project.id}/punch-items`, { roomId: room.id, title: 'Before anything' })).body;
  const changeOrder = (await contractor.api.post(`/api/projects/${project.id}/change-orders`, { title: 'Before anything', priceChangeCents: 100, scheduleDays: 0 })).body;
  return { project: project.id, room: room.id, item: item.id, message: message.id, punchItem: punchItem.id, changeOrder: changeOrder.id, member: contractor.user.id };
}

let world: World;

beforeAll(async () => {
  const [contractor, client, stranger] = await Promise.all([signedUp('contractor'), signedUp('client'), signedUp('contractor')]);
  const [ours, theirs] = await Promise.all([tenant(contractor, client.user.email), tenant(stranger)]);
  const upload = await contractor.api.post('/api/objects/upload');
  expect(upload.status).toBe(200);
  world = { contractor, client, stranger, ours, theirs, objectURL: `${upload.body.uploadURL.replace(/\/+$/, '')}/${upload.body.fields.key}` };
});

// The photo route (GET /objects/{key}) takes a photo's path, not an id, and answers 403 for any it may not show: private-photos.int.spec.ts.
const routes = (Object.entries(httpRoutes) as [RouteName, HttpRoute][]).filter(([name]) => name !== 'getObject');
const writeRoutes = routes.filter(([, route]) => route.method !== 'GET');

describe('the hostile-input table', () => {
  it('lists a valid body for every write route and knows every path parameter of the manifest', () => {
    expect(writeRoutes.map(([name]) => name).filter((name) => !(name in validBodies))).toEqual([]);
    const unknownParams = routes.flatMap(([name, route]) => paramsOf(route.path).filter((param) => !paramKind(route.path, param)).map((param) => `${name}: ${param}`));
    expect(unknownParams).toEqual([]);
  });
});

describe.each(routes.filter(([, route]) => route.method !== 'GET' || paramsOf(route.path).length > 0))('%s', (name, route) => {
  it('refuses oversized and mistyped fields and malformed or foreign ids with a 4xx naming them, never a 5xx, and changes nothing', async () => {
    const api = callerFor(world, route);
    const body = route.method === 'GET' ? null : (validBodies[name as keyof typeof validBodies]?.(world) ?? null);
    const params = paramsOf(route.path);
    const ownParams = Object.fromEntries(params.map((param) => [param, world.ours[paramKind(route.path, param)!]]));
    const before = await snapshot(world);
    const failures: string[] = [];
    let sent = 0;

    const send = async (label: string, path: string, payload: unknown, expected: { status?: number; field?: string }) => {
      sent++;
      const answer = await api.request(route.method, path, payload ?? undefined);
      const fields = Object.keys((answer.body as { fieldErrors?: object } | undefined)?.fieldErrors ?? {});
      const named = expected.field === undefined || fields.some((field) => field === expected.field || field.startsWith(`${expected.field}.`));
      const statusOk = expected.status !== undefined ? answer.status === expected.status : answer.status >= 400 && answer.status < 500;
      if (!statusOk || !named) failures.push(`${label}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
    };

    // Path ids: of the wrong shape (400 naming the parameter), another tenant's (404).
    for (const param of params) {
      for (const bad of ['made-up', 'x'.repeat(3000), `${ownParams[param]}x`]) {
        await send(`path ${param}=${bad.slice(0, 20)}`, pathWith(route.path, { ...ownParams, [param]: bad }), body, { status: 400, field: param });
      }
      const foreign = world.theirs[paramKind(route.path, param)!];
      await send(`path ${param}=another tenant's`, pathWith(route.path, { ...ownParams, [param]: foreign }), body, { status: 404 });
    }

    const path = pathWith(route.path, ownParams);
    if (body) {
      for (const { path: fieldPath, value } of leaves(body)) {
        const field = fieldPath.join('.');
        for (const hostile of hostileValues(value)) {
          await send(`${field}=${JSON.stringify(hostile).slice(0, 20)}`, path, withValue(body, fieldPath, hostile), { status: 400, field });
        }
        const kind = fieldPath.length === 1 ? bodyIdKind(field) : undefined;
        if (kind) {
          await send(`${field}=made-up`, path, withValue(body, fieldPath, 'made-up'), { status: 400, field });
          const status = foreignIdAnswers[name]?.[field] ?? 404;
          await send(`${field}=another tenant's`, path, withValue(body, fieldPath, world.theirs[kind]), { status, field: status === 400 ? field : undefined });
        }
      }
    }

    expect(failures).toEqual([]);
    expect(await snapshot(world)).toEqual(before);
    if (params.length > 0 || body) expect(sent).toBeGreaterThan(0);
  });
});
