import type { ActorRole, StoredEvent, StreamPosition } from '../events/envelope';
import type { ChecklistItem } from './projects';

/** For auditors (and people in a dispute): an item's history and its state at a moment. */

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One event of the item's stream: who, as what, when, and each field it changed (the API's field names). */
export interface ItemHistoryEntry {
  version: number;
  eventType: string;
  /** The server's time (ISO 8601). */
  at: string;
  /**
   * Field mode (issue 29): when the person made the change by their device's clock (ISO 8601,
   * UTC), when the app sent it; a change made offline reaches the server (`at`) later.
   */
  deviceTime?: string;
  actor: { id: string; name: string; role: ActorRole };
  changes: FieldChange[];
}

/** GET /api/checklist-items/{id}/history: every event, oldest first. */
export interface ItemHistory {
  itemId: string;
  entries: ItemHistoryEntry[];
}

/** GET /api/checklist-items/{id}/history?asOf=…: the item as it was then (its last event up to that moment). */
export interface ItemStateAt {
  version: number;
  at: string;
  state: ChecklistItem;
}

/** A stream's last position, named: what a checkpoint signs. */
export interface StreamHeadEntry extends StreamPosition {
  streamId: string;
}

/**
 * What a checkpoint's JWS signs (its payload, JSON): the heads of the project's streams at
 * `issuedAt`. Every event at or before a signed head is fixed for good: its hash is in the chain
 * that ends there.
 */
export interface CheckpointPayload {
  projectId: string;
  issuedAt: string;
  /** By streamId. */
  heads: StreamHeadEntry[];
}

/** Why a checkpoint was recorded. */
export type CheckpointReason = 'audit-export' | 'pdf-export' | 'share' | 'archive';

/** A checkpoint the app recorded earlier: its compact JWS (ES256, header `kid`) and why. */
export interface RecordedCheckpoint {
  issuedAt: string;
  reason: CheckpointReason;
  jws: string;
}

/** One stream of the project, every event exactly as stored (the hash covers these fields), by version. */
export interface AuditStream {
  streamId: string;
  head: StreamPosition;
  events: StoredEvent[];
}

/**
 * GET /api/projects/{id}/audit-export: every event of the project's streams (the project, its
 * items, deleted ones too, its chat), each stream's head, a checkpoint over those heads signed
 * now, and the checkpoints recorded before (exports and shares). `npm run audit:verify` checks it
 * offline against the keys of GET /api/audit/keys.
 */
export interface AuditExport {
  format: 'construction-checklist/audit-export';
  formatVersion: 1;
  projectId: string;
  exportedAt: string;
  /** How each event's hash is made (events/hash-chain.ts). */
  hashAlgorithm: 'sha256(RFC 8785 canonical JSON of the event without hash)';
  streams: AuditStream[];
  /** Compact JWS of a CheckpointPayload over exactly these streams' heads. */
  checkpoint: string;
  /** Oldest first. */
  recordedCheckpoints: RecordedCheckpoint[];
}

/** GET /api/audit/keys: the public keys that may have signed a checkpoint (current and retired), RFC 7517. */
export interface AuditKeys {
  keys: Array<{ kty: string; crv?: string; x?: string; y?: string; kid?: string; alg?: string; use?: string }>;
}

/** What an entry of a project's audit trail is about: the project, a room, an item, or the chat. */
export interface AuditSubject {
  kind: 'project' | 'room' | 'item' | 'chat';
  roomId?: string;
  /** The room's latest name (a deleted room keeps its last). */
  roomName?: string;
  itemId?: string;
  itemName?: string;
  /** The item's category: says how to read its details and links. */
  category?: string;
}

/** One event of any of the project's streams, in the item history's shape, with its stream and subject. */
export interface ProjectAuditEntry extends ItemHistoryEntry {
  streamId: string;
  subject: AuditSubject;
}

/** Whether the project's chains and its recorded checkpoints hold against the published audit keys (events/audit-verification.ts). */
export interface AuditVerificationSummary {
  verified: boolean;
  streams: number;
  events: number;
  checkpoints: number;
  /** Each failing check, naming the stream and version (at most 20). */
  failures: string[];
}

/**
 * GET /api/projects/{id}/audit?room=&item=&person=&from=&to=&before=: every change of the project
 * (events of its streams, folded), newest first, a page at a time, filtered; the filters' choices;
 * and whether the record verifies.
 */
export interface ProjectAudit {
  projectId: string;
  projectName: string;
  verification: AuditVerificationSummary;
  filters: {
    rooms: Array<{ id: string; name: string }>;
    items: Array<{ id: string; name: string; roomId: string; roomName: string }>;
    people: Array<{ id: string; name: string; role: ActorRole }>;
  };
  /** Entries matching the filters, on every page. */
  total: number;
  /** Newest first, at most AUDIT_PAGE_SIZE. */
  entries: ProjectAuditEntry[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export const AUDIT_PAGE_SIZE = 100;
