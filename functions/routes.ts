/**
 * The route manifest: the one place that says which routes exist, which handler module serves
 * each, and who may call it. The CDK stack makes one API Gateway route per entry and one Lambda
 * per handler module (PATCH and PUT of an item share one); the local gateway serves the same entries.
 *
 * Each entry points at its handler module itself (a URL relative to this file, which the CDK
 * bundles and the local gateway imports, and which exports `handler`); its method and path are
 * the API contract's (`contract/routes.ts`), under the same name.
 */
import { apiRoutes, type ApiRoute, type RouteName } from '../contract/routes';

export type { HttpMethod, RouteName } from '../contract/routes';
export type Access = 'public' | 'authenticated' | 'contractor' | 'client';

/** How a route is served: who may call it, by which handler module, with what. */
export interface Serving {
  readonly access: Access;
  /** The handler module (`functions/handlers/<name>.ts`), which exports `handler`. */
  readonly handler: URL;
  /** Lambda sizing where the default (1024 MB, 29 s) is not enough, e.g. Chromium for PDFs. */
  readonly runtime?: { readonly memoryMb: number; readonly timeoutSeconds: number };
  /** Uses the audit key (functions/audit/): `sign` checkpoints (and publish), or only `publish` its public part. */
  readonly auditKey?: 'sign' | 'publish';
}

export interface HttpRoute extends ApiRoute, Serving {
  readonly name: RouteName;
}

const serving = {
  health: { access: 'public', handler: new URL('./handlers/health.ts', import.meta.url) },

  register: { access: 'public', handler: new URL('./handlers/auth-register.ts', import.meta.url) },
  login: { access: 'public', handler: new URL('./handlers/auth-login.ts', import.meta.url) },
  logout: { access: 'public', handler: new URL('./handlers/auth-logout.ts', import.meta.url) },
  me: { access: 'authenticated', handler: new URL('./handlers/auth-me.ts', import.meta.url) },
  forgotPassword: { access: 'public', handler: new URL('./handlers/auth-forgot-password.ts', import.meta.url) },
  resetPassword: { access: 'public', handler: new URL('./handlers/auth-reset-password.ts', import.meta.url) },
  updateProfile: { access: 'authenticated', handler: new URL('./handlers/auth-update-profile.ts', import.meta.url) },
  changePassword: { access: 'authenticated', handler: new URL('./handlers/auth-change-password.ts', import.meta.url) },
  deleteAccount: { access: 'authenticated', handler: new URL('./handlers/auth-delete-account.ts', import.meta.url) },
  verifyEmail: { access: 'authenticated', handler: new URL('./handlers/auth-verify-email.ts', import.meta.url) },
  resendVerification: { access: 'authenticated', handler: new URL('./handlers/auth-resend-verification.ts', import.meta.url) },
  // Sign-in by e-mail link (issue 18): mails a single-use link; its token signs in and proves the e-mail.
  magicLink: { access: 'public', handler: new URL('./handlers/auth-magic-link.ts', import.meta.url) },
  magicLinkVerify: { access: 'public', handler: new URL('./handlers/auth-magic-link-verify.ts', import.meta.url) },
  // Issue 27: the link in the notice of a password or e-mail change, when it was not the owner.
  notMe: { access: 'public', handler: new URL('./handlers/auth-not-me.ts', import.meta.url) },

  listProjectsWithStats: { access: 'contractor', handler: new URL('./handlers/projects-with-stats.ts', import.meta.url) },
  listProjects: { access: 'authenticated', handler: new URL('./handlers/projects-list.ts', import.meta.url) },
  createProject: { access: 'contractor', handler: new URL('./handlers/project-create.ts', import.meta.url) },
  updateProject: { access: 'contractor', handler: new URL('./handlers/project-update.ts', import.meta.url) },
  patchProject: { access: 'contractor', handler: new URL('./handlers/project-patch.ts', import.meta.url) },
  deleteProject: { access: 'contractor', handler: new URL('./handlers/project-delete.ts', import.meta.url) },
  listClientProjects: { access: 'client', handler: new URL('./handlers/client-projects.ts', import.meta.url) },
  projectStats: { access: 'authenticated', handler: new URL('./handlers/project-stats.ts', import.meta.url) },
  projectHistory: { access: 'authenticated', handler: new URL('./handlers/project-history.ts', import.meta.url) },
  // The checklist page in one call (project, stats, rooms with their items); the spec's per-room routes stay.
  projectChecklist: { access: 'authenticated', handler: new URL('./handlers/project-checklist.ts', import.meta.url) },
  // Chromium wants ~1.6 GB and a few seconds on a cold start; API Gateway answers within 30 s.
  exportPdf: { access: 'authenticated', handler: new URL('./handlers/project-export-pdf.ts', import.meta.url), runtime: { memoryMb: 1600, timeoutSeconds: 29 }, auditKey: 'sign' },
  shareWithClient: { access: 'contractor', handler: new URL('./handlers/project-share.ts', import.meta.url), auditKey: 'sign' },
  // Every event of the project with a signed checkpoint; a 10,000-event project is a few MB of JSON.
  auditExport: { access: 'authenticated', handler: new URL('./handlers/audit-export.ts', import.meta.url), auditKey: 'sign' },
  projectAudit: { access: 'authenticated', handler: new URL('./handlers/project-audit.ts', import.meta.url), auditKey: 'publish' },
  // Issue 18: allowances and costs summed per room and project (counters, not items).
  projectBudget: { access: 'authenticated', handler: new URL('./handlers/project-budget.ts', import.meta.url) },
  // Issue 18: the open selections and when each is due.
  projectDecisions: { access: 'authenticated', handler: new URL('./handlers/project-decisions.ts', import.meta.url) },

  listRooms: { access: 'authenticated', handler: new URL('./handlers/rooms-list.ts', import.meta.url) },
  createRoom: { access: 'contractor', handler: new URL('./handlers/room-create.ts', import.meta.url) },
  renameRoom: { access: 'contractor', handler: new URL('./handlers/room-rename.ts', import.meta.url) },
  deleteRoom: { access: 'contractor', handler: new URL('./handlers/room-delete.ts', import.meta.url) },
  getRoom: { access: 'authenticated', handler: new URL('./handlers/room-get.ts', import.meta.url) },
  listRoomItems: { access: 'authenticated', handler: new URL('./handlers/room-items.ts', import.meta.url) },

  createItem: { access: 'contractor', handler: new URL('./handlers/item-create.ts', import.meta.url) },
  patchItem: { access: 'authenticated', handler: new URL('./handlers/item-update.ts', import.meta.url) },
  putItem: { access: 'authenticated', handler: new URL('./handlers/item-update.ts', import.meta.url) },
  deleteItem: { access: 'contractor', handler: new URL('./handlers/item-delete.ts', import.meta.url) },
  // Issue 18: the assigned client's answer to an item's selection.
  approveItem: { access: 'client', handler: new URL('./handlers/item-approve.ts', import.meta.url) },
  declineItem: { access: 'client', handler: new URL('./handlers/item-decline.ts', import.meta.url) },
  itemHistory: { access: 'authenticated', handler: new URL('./handlers/item-history.ts', import.meta.url) },
  auditKeys: { access: 'public', handler: new URL('./handlers/audit-keys.ts', import.meta.url), auditKey: 'publish' },

  listChat: { access: 'authenticated', handler: new URL('./handlers/chat-list.ts', import.meta.url) },
  postChat: { access: 'authenticated', handler: new URL('./handlers/chat-post.ts', import.meta.url) },
  chatHistory: { access: 'authenticated', handler: new URL('./handlers/chat-history.ts', import.meta.url) },
  markMessageRead: { access: 'authenticated', handler: new URL('./handlers/chat-read.ts', import.meta.url) },
  markAllRead: { access: 'authenticated', handler: new URL('./handlers/chat-mark-all-read.ts', import.meta.url) },
  requestUpload: { access: 'authenticated', handler: new URL('./handlers/objects-upload.ts', import.meta.url) },
  publishObject: { access: 'authenticated', handler: new URL('./handlers/objects-acl.ts', import.meta.url) },
  // Public as a route: a signed-out browser gets the photo's 403, as a stranger does (functions/objects/serve-photo.ts).
  getObject: { access: 'public', handler: new URL('./handlers/objects-get.ts', import.meta.url) },

  // Issue 18: a digest mail's unsubscribe link (a signed token, no sign-in).
  digestUnsubscribe: { access: 'public', handler: new URL('./handlers/digest-unsubscribe.ts', import.meta.url) },

  // Issue 30: the punch list (a room's open problems: fixed by the contractor, accepted by the client).
  listPunchItems: { access: 'authenticated', handler: new URL('./handlers/punch-items-list.ts', import.meta.url) },
  createPunchItem: { access: 'authenticated', handler: new URL('./handlers/punch-item-create.ts', import.meta.url) },
  patchPunchItem: { access: 'authenticated', handler: new URL('./handlers/punch-item-update.ts', import.meta.url) },

  // Issue 30: change orders, drafted and sent by the contractor, signed or declined by the client.
  listChangeOrders: { access: 'authenticated', handler: new URL('./handlers/change-orders-list.ts', import.meta.url) },
  createChangeOrder: { access: 'contractor', handler: new URL('./handlers/change-order-create.ts', import.meta.url) },
  getChangeOrder: { access: 'authenticated', handler: new URL('./handlers/change-order-get.ts', import.meta.url) },
  patchChangeOrder: { access: 'contractor', handler: new URL('./handlers/change-order-update.ts', import.meta.url) },
  sendChangeOrder: { access: 'contractor', handler: new URL('./handlers/change-order-send.ts', import.meta.url) },
  signChangeOrder: { access: 'client', handler: new URL('./handlers/change-order-sign.ts', import.meta.url) },
  declineChangeOrder: { access: 'client', handler: new URL('./handlers/change-order-decline.ts', import.meta.url) },
  changeOrderPdf: { access: 'authenticated', handler: new URL('./handlers/change-order-pdf.ts', import.meta.url), runtime: { memoryMb: 1600, timeoutSeconds: 29 } },

  getUserSession: { access: 'authenticated', handler: new URL('./handlers/user-session-get.ts', import.meta.url) },
  putUserSession: { access: 'authenticated', handler: new URL('./handlers/user-session-put.ts', import.meta.url) },

  // Issue 31: the team. Its three changes share one Lambda (team-changes.ts routes by the request's
  // route key): the stack has little headroom left under CloudFormation's 500 resources.
  getTeam: { access: 'contractor', handler: new URL('./handlers/team-list.ts', import.meta.url) },
  inviteColleague: { access: 'contractor', handler: new URL('./handlers/team-changes.ts', import.meta.url) },
  removeColleague: { access: 'contractor', handler: new URL('./handlers/team-changes.ts', import.meta.url) },
  joinTeam: { access: 'contractor', handler: new URL('./handlers/team-changes.ts', import.meta.url) },
} as const satisfies { readonly [N in RouteName]: Serving };

type HttpRoutes = { readonly [N in RouteName]: (typeof apiRoutes)[N] & (typeof serving)[N] & { readonly name: N } };

/** Every route of the API with how it is served: its name, method and path, access and handler module. */
export const httpRoutes = Object.fromEntries(
  Object.entries(serving).map(([name, served]) => [name, { name, ...apiRoutes[name as RouteName], ...served }]),
) as HttpRoutes;

/** The WebSocket API's routes (served at `/ws` locally). */
export const webSocketRoutes = {
  $connect: { handler: new URL('./handlers/ws-connect.ts', import.meta.url) },
  $disconnect: { handler: new URL('./handlers/ws-disconnect.ts', import.meta.url) },
  $default: { handler: new URL('./handlers/ws-default.ts', import.meta.url) },
} as const satisfies Record<string, { handler: URL }>;

/**
 * The one consumer of the events table's stream (an event source mapping in AWS, a poller
 * locally): it runs every processor named here (functions/processors/), each with its own
 * checkpoint, lag metrics and dead letters. One consumer, not one per processor: a DynamoDB
 * stream's shard serves at most two readers at once before it throttles them.
 */
export const streamProcessors = {
  handler: new URL('./handlers/stream-processors.ts', import.meta.url),
  batchSize: 100,
  /** Tells the browsers that have a project open what happened in it; counts the events each tenant appends a month. */
  processors: ['browser-notifier', 'usage-metering'],
} as const;
export type ProcessorName = (typeof streamProcessors.processors)[number];

/**
 * The operators' API (issue 31): every `/operator/*` path, one function routed inside, behind an
 * HTTP API of its own with IAM auth (infra/constructs/operator-api.ts); locally the gateway serves
 * it with the local operator key. A daily schedule runs its offboarding sweep.
 */
export const operatorApi = { handler: new URL('./handlers/operator-api.ts', import.meta.url), sweepSchedule: { hour: '3', minute: '0' } } as const;

/** Rotates the session key (a Secrets Manager rotation function; infra/stack.ts schedules it). */
export const sessionKeyRotator = { handler: new URL('./handlers/rotate-session-secret.ts', import.meta.url), everyDays: 30 } as const;

/** Mails each client the decisions due soon and overdue (issue 18): an EventBridge schedule, daily at 13:00 UTC (morning in the Americas). */
export const dailyDigest = { handler: new URL('./handlers/send-digest.ts', import.meta.url), schedule: { hour: '13', minute: '0' } } as const;

/** A handler module's name, as Lambda functions, roles and `functionNeeds` know it: `item-update`. */
export const handlerName = (handler: URL): string => handler.pathname.replace(/^.*\/|\.ts$/g, '');

/** A handler module's path from the repository's root: `functions/handlers/item-update.ts`. */
export const handlerModulePath = (handler: URL): string => `functions/handlers/${handlerName(handler)}.ts`;
