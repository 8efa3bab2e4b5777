import { viewPrefix } from './view-generation';

/**
 * Keys of the `state` table. Every id in a key ends with the `#` delimiter, so a begins_with
 * query for one tenant or project never matches another whose id merely starts the same way.
 */

const part = (kind: string, id: string): string => `${kind}#${id}#`;
/** A view's partition (or gsi) key, in the live generation or the one this call is pinned to (functions/store/view-generation.ts). */
const view = (kind: string, id: string): string => `${viewPrefix()}${kind}#${id}#`;

export const stateKeys = {
  /** The recorded last position of an event stream (version and hash). */
  streamHead: (streamId: string) => ({ pk: part('stream', streamId), sk: 'head' }),
  /** A replayable response for an Idempotency-Key, per caller. */
  idempotency: (scope: string, key: string) => ({ pk: part('idempotency', scope), sk: part('key', key) }),
  /** A signed-in session (user_sessions); deleting it revokes the session cookie. */
  session: (sessionId: string) => ({ pk: part('session', sessionId), sk: 'session' }),
  userSessions: (userId: string) => part('user-sessions', userId),
  /** An account; `email` is its uniqueness guard (lower-cased e-mail → user id). */
  user: (userId: string) => ({ pk: part('user', userId), sk: 'user' }),
  email: (email: string) => ({ pk: part('email', email.toLowerCase()), sk: 'email' }),
  /** A password reset token, by the SHA-256 of the token (the token itself is never stored). */
  resetToken: (tokenHash: string) => ({ pk: part('reset-token', tokenHash), sk: 'token' }),
  userTokens: (userId: string) => part('user-tokens', userId),
  /** gsi1 of an invitation's token (mailed to a project's client e-mail, no account yet): the project's invitations. */
  projectInvitations: (projectId: string) => part('project-invitations', projectId),
  /** An e-mail verification token (email_verification_tokens), by its SHA-256; bound to the address it was mailed to. */
  verificationToken: (tokenHash: string) => ({ pk: part('verify-token', tokenHash), sk: 'token' }),
  /** A sign-in link's token (issue 18), by its SHA-256; bound to the account and the address it was mailed to. */
  signInToken: (tokenHash: string) => ({ pk: part('sign-in-token', tokenHash), sk: 'token' }),
  /**
   * A person who has been part of a project, as its contractor or a client (kept after they leave
   * it), in the project's partition; gsi1 `personProjects` lists a person's: how Delete Account
   * finds every project whose views name them without scanning the events.
   */
  personProject: (userId: string, projectId: string) => ({ pk: view('project', projectId), sk: part('person', userId) }),
  personProjects: (userId: string) => view('person-projects', userId),
  /** The uploads an account asked for and has not published yet (functions/objects/pending-uploads.ts). */
  pendingUploads: (userId: string) => ({ pk: part('pending-uploads', userId), sk: 'pending-uploads' }),
  /** gsi1 of an upload record: the uploads of one account (Delete Account and offboarding find them without a scan). */
  userUploads: (userId: string) => part('user-uploads', userId),
  /** A 'this was not me' token (invariant 11), mailed with the notice of a password or e-mail change, by its SHA-256. */
  notMeToken: (tokenHash: string) => ({ pk: part('not-me-token', tokenHash), sk: 'token' }),
  /** A WebSocket connection filed under its user, with the session that opened it: closed when that session or all of the user's end. */
  userConnection: (userId: string, connectionId: string) => ({ pk: part('user-connections', userId), sk: part('connection', connectionId) }),
  /** An upload handed out by POST /api/objects/upload, by its object key: who asked for it, and whether it was published. */
  upload: (objectKey: string) => ({ pk: part('upload', objectKey), sk: 'upload' }),
  /** A published photo (issue 30), by its path (`/objects/…`): the project it belongs to, who uploaded it, its evidence. */
  photo: (objectPath: string) => ({ pk: part('photo', objectPath), sk: 'photo' }),
  /**
   * The checklist's views. A project's summary, rooms and history share its partition (one query
   * lists the rooms, or the history newest first); a room's items share the room's partition.
   * Pointers find a room's or an item's project from its id alone.
   */
  projectSummary: (projectId: string) => ({ pk: view('project', projectId), sk: 'summary' }),
  projectRoom: (projectId: string, roomId: string) => ({ pk: view('project', projectId), sk: part('room', roomId) }),
  projectRoomsPrefix: 'room#',
  historyEntry: (projectId: string, eventId: string) => ({ pk: view('project', projectId), sk: part('history', eventId) }),
  historyPrefix: 'history#',
  roomPointer: (roomId: string) => ({ pk: view('room', roomId), sk: 'room' }),
  roomItem: (roomId: string, itemId: string) => ({ pk: view('room', roomId), sk: part('item', itemId) }),
  roomItemsPrefix: 'item#',
  itemPointer: (itemId: string) => ({ pk: view('item', itemId), sk: 'item' }),
  /** gsi1 of a project summary: the contractor's projects. */
  contractorProjects: (contractorId: string) => view('contractor-projects', contractorId),
  /** gsi2 of a project summary: its client's projects, or, while no account has its client e-mail, that e-mail. */
  clientProjects: (clientId: string) => view('client-projects', clientId),
  unassignedClientEmail: (email: string) => view('client-email', email.toLowerCase()),
  /** A punch item's view (issue 30), in its project's partition: one query lists the punch list. */
  projectPunchItem: (projectId: string, punchItemId: string) => ({ pk: view('project', projectId), sk: part('punch', punchItemId) }),
  projectPunchPrefix: 'punch#',
  /** A change order's view (issue 30), in its project's partition: one query lists the project's change orders. */
  projectChangeOrder: (projectId: string, changeOrderId: string) => ({ pk: view('project', projectId), sk: part('change-order', changeOrderId) }),
  projectChangeOrdersPrefix: 'change-order#',
  /** A project's chat: messages in time order (ULIDs), and a pointer from a message id. */
  chatMessage: (projectId: string, messageId: string) => ({ pk: view('chat', projectId), sk: part('message', messageId) }),
  chatMessagesPrefix: 'message#',
  messagePointer: (messageId: string) => ({ pk: view('chat-message', messageId), sk: 'message' }),
  /** A user's chat session (the Join Project Chat choice), kept per signed-in user. */
  userSession: (userId: string) => ({ pk: part('user-session', userId), sk: 'session' }),
  /** Failed sign-in counter for one e-mail or address, per fixed window. */
  throttle: (subject: string, windowStart: number) => ({ pk: part('throttle', subject), sk: `window#${windowStart}` }),
  /** A signed audit checkpoint recorded when a project was exported or shared (ids are ULIDs: oldest first). */
  auditCheckpoint: (projectId: string, checkpointId: string) => ({ pk: part('audit-checkpoints', projectId), sk: part('checkpoint', checkpointId) }),
  /** A client's opt-out of a project's daily decisions digest (issue 18), recorded by its mail's unsubscribe link. */
  digestOptOut: (userId: string, projectId: string) => ({ pk: part('digest-opt-out', userId), sk: part('project', projectId) }),
  /** That a project's digest of one day went to its client: a run again that day (or a retry) mails no one twice. */
  digestSent: (projectId: string, userId: string, day: string) => ({ pk: part('digest-sent', projectId), sk: `${part('user', userId)}${day}` }),
  /** A WebSocket connection; gsi1 lists a project's connections. */
  connection: (connectionId: string) => ({ pk: part('connection', connectionId), sk: 'connection' }),
  projectConnections: (projectId: string) => part('project-connections', projectId),
  /**
   * A tenant (a contractor company, issue 31): status, plan and usage counters (kept with the
   * events that change them). gsi1 `tenants` lists every tenant for the operators.
   */
  tenant: (tenantId: string) => ({ pk: part('tenant', tenantId), sk: 'tenant' }),
  tenants: 'tenants#',
  /** A tenant's metered usage in one calendar month (UTC, `2026-11`): what the cost report prices. */
  tenantUsage: (tenantId: string, month: string) => ({ pk: part('tenant-usage', tenantId), sk: `month#${month}` }),
  /** The marker that lists a tenant's usage of one month in gsi1 (written once a month; the usage item itself is in no index, so counting writes no index). */
  tenantUsageListing: (tenantId: string, month: string) => ({ pk: part('tenant-usage', tenantId), sk: `listed#${month}` }),
  /** gsi1 of the usage markers: every tenant with usage in one month (gsi1sk = tenantId), as the cost report reads it. */
  usageOfMonth: (month: string) => part('usage-month', month),
  /** A tenant's PDF exports of one UTC day (`2026-11-27`), counted against its plan's daily allowance (functions/tenants/quotas.ts). */
  tenantDailyExports: (tenantId: string, day: string) => ({ pk: part('tenant-usage', tenantId), sk: `day#${day}` }),
  /** A colleague invited to a tenant (issue 31, functions/team/): the pending invitation, by e-mail; gsi1 lists the tenant's. */
  teamInvitation: (tenantId: string, email: string) => ({ pk: part('team-invitation', tenantId), sk: part('email', email) }),
  teamInvitations: (tenantId: string) => part('team-invitations', tenantId),
  /** A team invitation's mailed link (its SHA-256), single use. */
  teamInvitationToken: (tokenHash: string) => ({ pk: part('team-invitation-token', tokenHash), sk: 'token' }),
  /** A colleague in a tenant (issue 31): written with MemberJoined, deleted with MemberRemoved; the tenant's partition lists its team. */
  teamMember: (tenantId: string, userId: string) => ({ pk: part('team', tenantId), sk: part('member', userId) }),
  teamMembersPrefix: 'member#',
  /** A token bucket of the per-tenant rate limit (functions/usage/rate-limit.ts): one per subject (a tenant, or a client) and route group. */
  rateBucket: (subject: string, group: string) => ({ pk: part('rate-bucket', subject), sk: part('group', group) }),
} as const;
