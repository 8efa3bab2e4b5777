import { dailyDigest, handlerName, httpRoutes, operatorApi, sessionKeyRotator, streamProcessors, webSocketRoutes } from './routes';

/**
 * What each function's code may do in AWS, by handler name, next to the route manifest: the CDK
 * stack derives every function's IAM role from this (infra/constructs/grants.ts) and nothing else,
 * so a grant is a line here. The audit key is the manifest's `auditKey`. Read a handler's code path
 * (functions/handlers/<name>.ts and what it calls) before changing an entry; the unit test fails on
 * a handler of the manifest with no entry, and on an entry whose code cannot reach that service.
 *
 * Levels, each including the one before:
 * - `events`: `read` (a stream, a project's events by the byProject index) · `append` (new events) ·
 *   `scan` (the whole table: operator tools only, never a function).
 * - `state`: `read` (items, batches, queries and its indexes) · `record` (puts and updates items:
 *   checkpoints, marks, hourly allowances; never deletes) · `write` (deletes too) · `scan` (the
 *   whole table: the daily digest, on its schedule; no route).
 * - `keys` (personal-data keys, and the KMS key that wraps them): `open` sealed values · `seal`
 *   new ones (creates a person's key) · `erase` (deletes a person's key: Delete Account only).
 * - `uploads` (the uploads bucket), each alone: `presign` a browser's PUT under uploads/ · `read`
 *   published photos · `serve` (read served copies and thumbnails, never an original) ·
 *   `publish` (check, keep the original under originals/, write the served copy and thumbnail,
 *   remove the upload) · `erase` (list and delete a person's uploads, originals and copies).
 */
export interface FunctionNeeds {
  readonly events?: 'read' | 'append' | 'scan' | 'remove';
  readonly state?: 'read' | 'record' | 'write' | 'scan';
  readonly keys?: 'open' | 'seal' | 'erase';
  readonly uploads?: 'presign' | 'read' | 'serve' | 'publish' | 'erase' | 'offboard';
  /**
   * Issue 31, the archive bucket (functions/archive/): `read` an archived project's archive (its reads are answered from
   * it) · `erase` (list, read and delete a tenant's archives: offboarding).
   */
  readonly archive?: 'read' | 'erase';
  /** Sends mail as MAIL_FROM (SES). */
  readonly mail?: true;
  /** Posts to, and closes, browsers' WebSocket connections (the management API). */
  readonly connections?: true;
  /** The session key's secret: `read` to verify and sign tokens, `rotate` for its rotation function. */
  readonly sessionKey?: 'read' | 'rotate';
  /** Purges paths from the CDN (CloudFront invalidations), e.g. erased photos. */
  readonly cdn?: true;
  /** /api/health: describes the tables, heads the bucket, lists SES templates (read-only probes). */
  readonly probes?: true;
  /**
   * Issue 31: spends its tenant's rate-limit tokens and adds to its monthly usage (functions/usage/):
   * UpdateItem on the state table only where the partition key starts `rate-bucket#` or
   * `tenant-usage#` (dynamodb:LeadingKeys), so a read route writes nothing else.
   */
  readonly meter?: true;
}

/** Every HTTP handler verifies a session cookie when one is sent, public routes too. */
const signedIn = { state: 'read', sessionKey: 'read', meter: true } as const satisfies FunctionNeeds;
/** A command: appends events (sealing personal data) with its views in one transaction. */
const command = { events: 'append', state: 'write', keys: 'seal', sessionKey: 'read' } as const satisfies FunctionNeeds;
/** Credential changes end the account's other sessions and close their WebSockets. */
const endsSessions = { ...command, connections: true } as const satisfies FunctionNeeds;

export const functionNeeds = {
  // --- HTTP: accounts ---
  health: { ...signedIn, probes: true, connections: true },
  'auth-register': { ...command, mail: true },
  'auth-login': { ...signedIn, state: 'write' },
  'auth-logout': { ...signedIn, state: 'write', connections: true },
  'auth-me': signedIn,
  'auth-forgot-password': { ...command, mail: true },
  'auth-reset-password': endsSessions,
  'auth-update-profile': { ...endsSessions, mail: true },
  'auth-change-password': { ...endsSessions, mail: true },
  // Erases the person: their key, their photos (and the CDN's copies). The projects they took part
  // in and their uploads are found through the person-projects view and gsi1, not a scan.
  'auth-delete-account': { ...command, keys: 'erase', uploads: 'erase', cdn: true, archive: 'read' },
  'auth-verify-email': { ...endsSessions, mail: true },
  'auth-resend-verification': { ...command, mail: true },
  'auth-magic-link': { ...command, mail: true },
  'auth-magic-link-verify': { ...endsSessions, mail: true },
  // 'This was not me': ends every session (and WebSocket) of the account.
  'auth-not-me': endsSessions,

  // --- HTTP: projects, rooms, items (reads read views only) ---
  'projects-with-stats': signedIn,
  'projects-list': signedIn,
  'project-create': command,
  'project-update': command,
  'project-patch': command,
  'project-delete': command,
  'client-projects': signedIn,
  'project-stats': signedIn,
  // An archived project (issue 31) is answered from its archive, replayed: its sealed values are opened.
  'project-history': { ...signedIn, keys: 'open', archive: 'read' },
  'project-checklist': { ...signedIn, keys: 'open', archive: 'read' },
  // Renders from views and published photos; records a checkpoint of the stream heads it signs.
  'project-export-pdf': { ...signedIn, events: 'read', state: 'record', uploads: 'read' },
  'project-share': { ...command, mail: true },
  // The events as stored (sealed values stay sealed) and a recorded checkpoint.
  'audit-export': { ...signedIn, events: 'read', state: 'record', archive: 'read' },
  'project-audit': { ...signedIn, events: 'read', keys: 'open', archive: 'read' },
  'project-budget': signedIn,
  'project-decisions': signedIn,
  'rooms-list': { ...signedIn, keys: 'open', archive: 'read' },
  'room-create': command,
  'room-rename': command,
  'room-delete': command,
  'room-get': signedIn,
  'room-items': signedIn,
  'item-create': command,
  'item-update': command,
  'item-delete': command,
  'item-approve': command,
  'item-decline': command,
  'item-history': { ...signedIn, events: 'read', keys: 'open', archive: 'read' },
  'audit-keys': signedIn,
  // Issue 30: the punch list (reads its views; writes are commands).
  'punch-items-list': signedIn,
  'punch-item-create': command,
  'punch-item-update': command,
  // Issue 30: change orders (reads are views; sending mails the client; the PDF counts against the export allowance).
  'change-orders-list': signedIn,
  'change-order-get': signedIn,
  'change-order-create': command,
  'change-order-update': command,
  'change-order-send': { ...command, mail: true },
  'change-order-sign': command,
  'change-order-decline': command,
  'change-order-pdf': { ...signedIn, state: 'record' },

  // --- HTTP: chat, photos, the rest ---
  'chat-list': { ...signedIn, keys: 'open', archive: 'read' },
  'chat-post': command,
  'chat-history': signedIn,
  'chat-read': command,
  'chat-mark-all-read': command,
  'objects-upload': { ...signedIn, state: 'record', uploads: 'presign' },
  'objects-acl': { ...command, uploads: 'publish' },
  // Serves a photo (or its thumbnail) to its project's people; writes nothing.
  'objects-get': { ...signedIn, uploads: 'serve' },
  'digest-unsubscribe': { ...signedIn, state: 'record' },
  'user-session-get': signedIn,
  'user-session-put': { ...signedIn, state: 'record' },

  // --- WebSocket API ---
  'ws-connect': { state: 'record', sessionKey: 'read' },
  'ws-disconnect': { state: 'write' },
  // Answers a ping; a connection found gone is forgotten.
  'ws-default': { state: 'write', connections: true },

  // Issue 31: the team. Its list reads; inviting mails a link; removing a colleague ends their sessions and closes their WebSockets.
  'team-list': signedIn,
  'team-changes': { ...endsSessions, mail: true },

  // --- Not routes ---
  // Issue 31: the operators' API (its own IAM-authorised HTTP API, infra/constructs/operator-api.ts) and its daily sweep: lists
  // and changes tenants (their events and records), closes their WebSockets, writes an offboarded tenant's export under
  // exports/tenants/ and, after the grace period, removes its events, items, keys and objects.
  'operator-api': { events: 'remove', state: 'scan', keys: 'erase', uploads: 'offboard', connections: true, archive: 'erase' },
  // The stream's processors (its stream read is the event source's): the browser notifier reads the project's views and
  // connections and drops outsiders'; usage metering ADDs to tenants' usage; checkpoints and dead letters are state items.
  'stream-processors': { state: 'write', connections: true },
  'rotate-session-secret': { sessionKey: 'rotate' },
  // Finds active projects by a scan of the summaries, once a day; signs unsubscribe links with the session key.
  'send-digest': { state: 'scan', mail: true, sessionKey: 'read' },
} as const satisfies Record<string, FunctionNeeds>;

/** Every handler module the manifest names, once each: HTTP routes, WebSocket routes, the stream consumer and the scheduled ones. */
export const manifestHandlers = (): URL[] => [
  ...new Map(
    [
      ...Object.values(httpRoutes).map((route) => route.handler),
      ...Object.values(webSocketRoutes).map((route) => route.handler),
      streamProcessors.handler,
      operatorApi.handler,
      sessionKeyRotator.handler,
      dailyDigest.handler,
    ].map((handler) => [handler.href, handler]),
  ).values(),
];

/** A handler module's needs; throws naming it when it has no entry (a new route must say what it may do). */
export function needsOf(handler: URL): FunctionNeeds {
  const name = handlerName(handler);
  const needs = (functionNeeds as Record<string, FunctionNeeds>)[name];
  if (!needs) throw new Error(`functions/route-permissions.ts: handler '${name}' has no entry in functionNeeds (declare what its code may do)`);
  return needs;
}
