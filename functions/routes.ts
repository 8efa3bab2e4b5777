/**
 * The route manifest: the one place that says which routes exist, which handler module serves
 * each, and who may call it. The CDK stack makes one API Gateway route per entry and one Lambda
 * per handler module (PATCH and PUT of an item share one); the local gateway serves the same entries.
 *
 * A handler lives at `functions/handlers/<handler>.ts` and exports `handler`.
 */

export type Access = 'public' | 'authenticated' | 'contractor' | 'client';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRoute {
  readonly method: HttpMethod;
  /** API Gateway syntax: `/api/projects/{id}`. */
  readonly path: string;
  readonly handler: string;
  readonly access: Access;
  /** Lambda sizing where the default (1024 MB, 29 s) is not enough, e.g. Chromium for PDFs. */
  readonly runtime?: { readonly memoryMb: number; readonly timeoutSeconds: number };
  /** Uses the audit key (functions/audit/): `sign` checkpoints (and publish), or only `publish` its public part. */
  readonly auditKey?: 'sign' | 'publish';
}

export const httpRoutes = {
  health: { method: 'GET', path: '/api/health', handler: 'health', access: 'public' },

  register: { method: 'POST', path: '/api/auth/register', handler: 'auth-register', access: 'public' },
  login: { method: 'POST', path: '/api/auth/login', handler: 'auth-login', access: 'public' },
  logout: { method: 'POST', path: '/api/auth/logout', handler: 'auth-logout', access: 'public' },
  me: { method: 'GET', path: '/api/auth/me', handler: 'auth-me', access: 'authenticated' },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password', handler: 'auth-forgot-password', access: 'public' },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password', handler: 'auth-reset-password', access: 'public' },
  updateProfile: { method: 'PUT', path: '/api/auth/profile', handler: 'auth-update-profile', access: 'authenticated' },
  changePassword: { method: 'PUT', path: '/api/auth/change-password', handler: 'auth-change-password', access: 'authenticated' },
  deleteAccount: { method: 'DELETE', path: '/api/auth/account', handler: 'auth-delete-account', access: 'authenticated' },
  verifyEmail: { method: 'POST', path: '/api/auth/verify-email', handler: 'auth-verify-email', access: 'authenticated' },
  resendVerification: { method: 'POST', path: '/api/auth/resend-verification', handler: 'auth-resend-verification', access: 'authenticated' },
  // Sign-in by e-mail link (issue 18): mails a single-use link; its token signs in and proves the e-mail.
  magicLink: { method: 'POST', path: '/api/auth/magic-link', handler: 'auth-magic-link', access: 'public' },
  magicLinkVerify: { method: 'POST', path: '/api/auth/magic-link/verify', handler: 'auth-magic-link-verify', access: 'public' },
  // Issue 27: the link in the notice of a password or e-mail change, when it was not the owner.
  notMe: { method: 'POST', path: '/api/auth/not-me', handler: 'auth-not-me', access: 'public' },

  listProjectsWithStats: { method: 'GET', path: '/api/projects/with-stats', handler: 'projects-with-stats', access: 'contractor' },
  listProjects: { method: 'GET', path: '/api/projects', handler: 'projects-list', access: 'authenticated' },
  createProject: { method: 'POST', path: '/api/projects', handler: 'project-create', access: 'contractor' },
  updateProject: { method: 'PUT', path: '/api/projects/{id}', handler: 'project-update', access: 'contractor' },
  patchProject: { method: 'PATCH', path: '/api/projects/{id}', handler: 'project-patch', access: 'contractor' },
  deleteProject: { method: 'DELETE', path: '/api/projects/{id}', handler: 'project-delete', access: 'contractor' },
  listClientProjects: { method: 'GET', path: '/api/client-projects', handler: 'client-projects', access: 'client' },
  projectStats: { method: 'GET', path: '/api/projects/{id}/stats', handler: 'project-stats', access: 'authenticated' },
  projectHistory: { method: 'GET', path: '/api/projects/{id}/history', handler: 'project-history', access: 'authenticated' },
  // The checklist page in one call (project, stats, rooms with their items); the spec's per-room routes stay.
  projectChecklist: { method: 'GET', path: '/api/projects/{id}/checklist', handler: 'project-checklist', access: 'authenticated' },
  // Chromium wants ~1.6 GB and a few seconds on a cold start; API Gateway answers within 30 s.
  exportPdf: { method: 'POST', path: '/api/projects/{id}/export-pdf', handler: 'project-export-pdf', access: 'authenticated', runtime: { memoryMb: 1600, timeoutSeconds: 29 }, auditKey: 'sign' },
  shareWithClient: { method: 'POST', path: '/api/projects/{id}/share-with-client', handler: 'project-share', access: 'contractor', auditKey: 'sign' },
  // Every event of the project with a signed checkpoint; a 10,000-event project is a few MB of JSON.
  auditExport: { method: 'GET', path: '/api/projects/{id}/audit-export', handler: 'audit-export', access: 'authenticated', auditKey: 'sign' },
  projectAudit: { method: 'GET', path: '/api/projects/{id}/audit', handler: 'project-audit', access: 'authenticated', auditKey: 'publish' },
  // Issue 18: allowances and costs summed per room and project (counters, not items).
  projectBudget: { method: 'GET', path: '/api/projects/{id}/budget', handler: 'project-budget', access: 'authenticated' },
  // Issue 18: the open selections and when each is due.
  projectDecisions: { method: 'GET', path: '/api/projects/{id}/decisions', handler: 'project-decisions', access: 'authenticated' },

  listRooms: { method: 'GET', path: '/api/projects/{projectId}/rooms', handler: 'rooms-list', access: 'authenticated' },
  createRoom: { method: 'POST', path: '/api/rooms', handler: 'room-create', access: 'contractor' },
  renameRoom: { method: 'PUT', path: '/api/rooms/{id}', handler: 'room-rename', access: 'contractor' },
  deleteRoom: { method: 'DELETE', path: '/api/rooms/{id}', handler: 'room-delete', access: 'contractor' },
  getRoom: { method: 'GET', path: '/api/rooms/{id}', handler: 'room-get', access: 'authenticated' },
  listRoomItems: { method: 'GET', path: '/api/rooms/{id}/items', handler: 'room-items', access: 'authenticated' },

  createItem: { method: 'POST', path: '/api/checklist-items', handler: 'item-create', access: 'contractor' },
  patchItem: { method: 'PATCH', path: '/api/checklist-items/{id}', handler: 'item-update', access: 'authenticated' },
  putItem: { method: 'PUT', path: '/api/checklist-items/{id}', handler: 'item-update', access: 'authenticated' },
  deleteItem: { method: 'DELETE', path: '/api/checklist-items/{id}', handler: 'item-delete', access: 'contractor' },
  // Issue 18: the assigned client's answer to an item's selection.
  approveItem: { method: 'POST', path: '/api/checklist-items/{id}/approve', handler: 'item-approve', access: 'client' },
  declineItem: { method: 'POST', path: '/api/checklist-items/{id}/decline', handler: 'item-decline', access: 'client' },
  itemHistory: { method: 'GET', path: '/api/checklist-items/{id}/history', handler: 'item-history', access: 'authenticated' },
  auditKeys: { method: 'GET', path: '/api/audit/keys', handler: 'audit-keys', access: 'public', auditKey: 'publish' },

  listChat: { method: 'GET', path: '/api/projects/{id}/chat', handler: 'chat-list', access: 'authenticated' },
  postChat: { method: 'POST', path: '/api/chat', handler: 'chat-post', access: 'authenticated' },
  chatHistory: { method: 'GET', path: '/api/chat/{projectId}/history', handler: 'chat-history', access: 'authenticated' },
  markMessageRead: { method: 'PUT', path: '/api/chat/{messageId}/read', handler: 'chat-read', access: 'authenticated' },
  markAllRead: { method: 'PUT', path: '/api/chat/{projectId}/mark-all-read', handler: 'chat-mark-all-read', access: 'authenticated' },
  requestUpload: { method: 'POST', path: '/api/objects/upload', handler: 'objects-upload', access: 'authenticated' },
  publishObject: { method: 'PUT', path: '/api/objects/acl', handler: 'objects-acl', access: 'authenticated' },

  // Issue 18: a digest mail's unsubscribe link (a signed token, no sign-in).
  digestUnsubscribe: { method: 'POST', path: '/api/digest/unsubscribe', handler: 'digest-unsubscribe', access: 'public' },

  getUserSession: { method: 'GET', path: '/api/user-session', handler: 'user-session-get', access: 'authenticated' },
  putUserSession: { method: 'PUT', path: '/api/user-session', handler: 'user-session-put', access: 'authenticated' },
} as const satisfies Record<string, HttpRoute>;

export type RouteName = keyof typeof httpRoutes;

/** The WebSocket API's routes (served at `/ws` locally). */
export const webSocketRoutes = {
  $connect: { handler: 'ws-connect' },
  $disconnect: { handler: 'ws-disconnect' },
  $default: { handler: 'ws-default' },
} as const satisfies Record<string, { handler: string }>;

/**
 * The consumer of the events table's stream, which tells browsers that something happened (an
 * event source mapping in AWS, a poller locally).
 */
export const browserNotifier = { handler: 'notify-browsers', batchSize: 100 } as const;

/** Rotates the session key (a Secrets Manager rotation function; infra/stack.ts schedules it). */
export const sessionKeyRotator = { handler: 'rotate-session-secret', everyDays: 30 } as const;

/** Mails each client the decisions due soon and overdue (issue 18): an EventBridge schedule, daily at 13:00 UTC (morning in the Americas). */
export const dailyDigest = { handler: 'send-digest', schedule: { hour: '13', minute: '0' } } as const;

export const handlerModulePath = (handler: string): string => `functions/handlers/${handler}.ts`;
