import { gunzipSync, gzipSync } from 'node:zlib';
import type { AuditStream } from '../../contract/audit';

/**
 * One archived project, as one gzip JSON object in the archive bucket: every event of every
 * stream of the project exactly as stored (sealed personal values, hash and prevHash, so the
 * chains verify as they did in the table and erasing a person's key still erases them here), each
 * stream's head item as stored (its snapshot too, so a restore puts it back as it was), and a
 * checkpoint over those heads signed by the audit key when the project was archived.
 */
export interface ArchiveDocument {
  readonly format: 'construction-checklist/project-archive';
  readonly formatVersion: 1;
  readonly projectId: string;
  readonly tenantId: string;
  readonly archivedAt: string;
  /** When the project became completed or cancelled (the event that set its status). */
  readonly closedAt: string;
  /** By streamId, events by version: the audit export's shape, so the same verifier checks both. */
  readonly streams: AuditStream[];
  /** The stream heads' state-table items as stored, by streamId. */
  readonly headItems: Record<string, unknown>[];
  /** Compact JWS over the streams' heads (the checkpoint signer's), also recorded with the project's checkpoints. */
  readonly checkpoint: string;
}

/** Where a project's archive is kept: by tenant, so a tenant's archives can be listed, exported or removed together. */
export const archiveKey = (tenantId: string, projectId: string): string => `archive/${tenantId}/${projectId}.json.gz`;

export const encodeArchive = (document: ArchiveDocument): Buffer => gzipSync(JSON.stringify(document));

export function decodeArchive(bytes: Uint8Array): ArchiveDocument {
  const document = JSON.parse(gunzipSync(bytes).toString('utf8')) as ArchiveDocument;
  if (document.format !== 'construction-checklist/project-archive' || document.formatVersion !== 1) throw new Error('Not a project archive of format version 1');
  return document;
}

export const eventCount = (document: Pick<ArchiveDocument, 'streams'>): number => document.streams.reduce((sum, stream) => sum + stream.events.length, 0);

/** What the project's summary keeps once its events and views are archived (the tombstone): lists still show it, reads open the archive. */
export interface ArchivedMark {
  readonly at: string;
  readonly key: string;
  readonly events: number;
  /** The archive object's size (compressed). */
  readonly bytes: number;
}
