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
  at: string;
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
export type CheckpointReason = 'audit-export' | 'pdf-export' | 'share';

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
