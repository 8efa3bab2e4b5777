/**
 * The API's routes, by name: method and path (API Gateway syntax, `/api/projects/{id}`). Shared
 * by the web client (`web/api/call.ts`) and the route manifest (`functions/routes.ts`, which says
 * who may call each and which handler module serves it); `contract/answers.ts` says what each
 * answers, under the same names.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  readonly method: HttpMethod;
  readonly path: string;
}

export const apiRoutes = {
  health: { method: 'GET', path: '/api/health' },

  register: { method: 'POST', path: '/api/auth/register' },
  login: { method: 'POST', path: '/api/auth/login' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  me: { method: 'GET', path: '/api/auth/me' },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password' },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password' },
  updateProfile: { method: 'PUT', path: '/api/auth/profile' },
  changePassword: { method: 'PUT', path: '/api/auth/change-password' },
  deleteAccount: { method: 'DELETE', path: '/api/auth/account' },
  verifyEmail: { method: 'POST', path: '/api/auth/verify-email' },
  resendVerification: { method: 'POST', path: '/api/auth/resend-verification' },
  // Sign-in by e-mail link (issue 18): mails a single-use link; its token signs in and proves the e-mail.
  magicLink: { method: 'POST', path: '/api/auth/magic-link' },
  magicLinkVerify: { method: 'POST', path: '/api/auth/magic-link/verify' },
  // Issue 27: the link in the notice of a password or e-mail change, when it was not the owner.
  notMe: { method: 'POST', path: '/api/auth/not-me' },

  listProjectsWithStats: { method: 'GET', path: '/api/projects/with-stats' },
  listProjects: { method: 'GET', path: '/api/projects' },
  createProject: { method: 'POST', path: '/api/projects' },
  updateProject: { method: 'PUT', path: '/api/projects/{id}' },
  patchProject: { method: 'PATCH', path: '/api/projects/{id}' },
  deleteProject: { method: 'DELETE', path: '/api/projects/{id}' },
  listClientProjects: { method: 'GET', path: '/api/client-projects' },
  projectStats: { method: 'GET', path: '/api/projects/{id}/stats' },
  projectHistory: { method: 'GET', path: '/api/projects/{id}/history' },
  // The checklist page in one call (project, stats, rooms with their items); the spec's per-room routes stay.
  projectChecklist: { method: 'GET', path: '/api/projects/{id}/checklist' },
  // Chromium wants ~1.6 GB and a few seconds on a cold start; API Gateway answers within 30 s.
  exportPdf: { method: 'POST', path: '/api/projects/{id}/export-pdf' },
  shareWithClient: { method: 'POST', path: '/api/projects/{id}/share-with-client' },
  // Every event of the project with a signed checkpoint; a 10,000-event project is a few MB of JSON.
  auditExport: { method: 'GET', path: '/api/projects/{id}/audit-export' },
  projectAudit: { method: 'GET', path: '/api/projects/{id}/audit' },
  // Issue 18: allowances and costs summed per room and project (counters, not items).
  projectBudget: { method: 'GET', path: '/api/projects/{id}/budget' },
  // Issue 18: the open selections and when each is due.
  projectDecisions: { method: 'GET', path: '/api/projects/{id}/decisions' },

  listRooms: { method: 'GET', path: '/api/projects/{projectId}/rooms' },
  createRoom: { method: 'POST', path: '/api/rooms' },
  renameRoom: { method: 'PUT', path: '/api/rooms/{id}' },
  deleteRoom: { method: 'DELETE', path: '/api/rooms/{id}' },
  getRoom: { method: 'GET', path: '/api/rooms/{id}' },
  listRoomItems: { method: 'GET', path: '/api/rooms/{id}/items' },

  createItem: { method: 'POST', path: '/api/checklist-items' },
  patchItem: { method: 'PATCH', path: '/api/checklist-items/{id}' },
  putItem: { method: 'PUT', path: '/api/checklist-items/{id}' },
  deleteItem: { method: 'DELETE', path: '/api/checklist-items/{id}' },
  // Issue 18: the assigned client's answer to an item's selection.
  approveItem: { method: 'POST', path: '/api/checklist-items/{id}/approve' },
  declineItem: { method: 'POST', path: '/api/checklist-items/{id}/decline' },
  itemHistory: { method: 'GET', path: '/api/checklist-items/{id}/history' },
  auditKeys: { method: 'GET', path: '/api/audit/keys' },

  listChat: { method: 'GET', path: '/api/projects/{id}/chat' },
  postChat: { method: 'POST', path: '/api/chat' },
  chatHistory: { method: 'GET', path: '/api/chat/{projectId}/history' },
  markMessageRead: { method: 'PUT', path: '/api/chat/{messageId}/read' },
  markAllRead: { method: 'PUT', path: '/api/chat/{projectId}/mark-all-read' },
  requestUpload: { method: 'POST', path: '/api/objects/upload' },
  publishObject: { method: 'PUT', path: '/api/objects/acl' },
  // Issue 30: a published photo (`?size=thumb`: its thumbnail), to its project's people only; HEAD too. Not under /api: its path is the photo's.
  getObject: { method: 'GET', path: '/objects/{key}' },

  // Issue 18: a digest mail's unsubscribe link (a signed token, no sign-in).
  digestUnsubscribe: { method: 'POST', path: '/api/digest/unsubscribe' },

  // Issue 30: the punch list (a room's open problems: fixed by the contractor, accepted by the client).
  listPunchItems: { method: 'GET', path: '/api/projects/{id}/punch-items' },
  createPunchItem: { method: 'POST', path: '/api/projects/{id}/punch-items' },
  patchPunchItem: { method: 'PATCH', path: '/api/punch-items/{id}' },

  // Issue 30: change orders, drafted and sent by the contractor, signed or declined by the client.
  listChangeOrders: { method: 'GET', path: '/api/projects/{id}/change-orders' },
  createChangeOrder: { method: 'POST', path: '/api/projects/{id}/change-orders' },
  getChangeOrder: { method: 'GET', path: '/api/change-orders/{id}' },
  patchChangeOrder: { method: 'PATCH', path: '/api/change-orders/{id}' },
  sendChangeOrder: { method: 'POST', path: '/api/change-orders/{id}/send' },
  signChangeOrder: { method: 'POST', path: '/api/change-orders/{id}/sign' },
  declineChangeOrder: { method: 'POST', path: '/api/change-orders/{id}/decline' },
  changeOrderPdf: { method: 'GET', path: '/api/change-orders/{id}/pdf' },

  getUserSession: { method: 'GET', path: '/api/user-session' },
  putUserSession: { method: 'PUT', path: '/api/user-session' },

  // Issue 31: a contractor company's team (colleagues invited by a mailed link; the owner invites and removes).
  getTeam: { method: 'GET', path: '/api/team' },
  inviteColleague: { method: 'POST', path: '/api/team/invitations' },
  removeColleague: { method: 'DELETE', path: '/api/team/members/{id}' },
  joinTeam: { method: 'POST', path: '/api/team/join' },
} as const satisfies Record<string, ApiRoute>;

export type RouteName = keyof typeof apiRoutes;
