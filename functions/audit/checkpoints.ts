import { createHash } from 'node:crypto';
import type { AuditExport, AuditStream, CheckpointReason, StreamHeadEntry } from '../../contract/audit';
import { logger } from '../logger';
import { lastRecordedHeads, recordCheckpointIfMoved, recordedCheckpoints } from '../store/audit-checkpoints';
import { eventStore } from '../commands/event-store';
import { checkpointSigner } from './audit-key';
import { projectHeads, projectStreams } from './project-streams';

/**
 * Signed checkpoints: a project's stream heads signed by the audit key. One is recorded when the
 * project is exported or shared after it changed (heads the last recorded checkpoint did not
 * sign), so every later export carries the earlier ones, and an event at or before a recorded head
 * can never change unseen (the verifier holds the chain to it). Exporting an unchanged project
 * records nothing: a checkpoint over the same heads would pin nothing new, and the record (and
 * every export's size) would grow with each click.
 */

/** Heads come by streamId (project-streams.ts), so equal heads give equal digests. */
const digestOf = (heads: readonly StreamHeadEntry[]) => createHash('sha256').update(JSON.stringify(heads)).digest('base64url');

async function sign(projectId: string, heads: StreamHeadEntry[]) {
  const issuedAt = new Date().toISOString();
  return { issuedAt, jws: await (await checkpointSigner()).sign({ projectId, issuedAt, heads }) };
}

/** The audit export of a project: its streams, a checkpoint over their heads signed now, and the checkpoints recorded before. */
export async function exportProjectAudit(projectId: string, archived?: Promise<AuditStream[]>): Promise<AuditExport> {
  // `archived`: an archived project's streams, read from its archive (functions/archive).
  const [streams, earlier, lastDigest] = await Promise.all([archived ?? projectStreams(eventStore(), projectId), recordedCheckpoints(projectId), lastRecordedHeads(projectId)]);
  const heads = streams.map(({ streamId, head }) => ({ streamId, ...head }));
  const signed = await sign(projectId, heads);
  // The export always carries its own checkpoint; the record keeps it only if the project moved.
  const digest = digestOf(heads);
  if (digest !== lastDigest) await recordCheckpointIfMoved(projectId, digest, { ...signed, reason: 'audit-export' });
  return {
    format: 'construction-checklist/audit-export',
    formatVersion: 1,
    projectId,
    exportedAt: new Date().toISOString(),
    hashAlgorithm: 'sha256(RFC 8785 canonical JSON of the event without hash)',
    streams,
    checkpoint: signed.jws,
    recordedCheckpoints: earlier,
  };
}

/**
 * Records a checkpoint of the project as it stands (a PDF export, a share), if it changed since the
 * last one recorded. Never fails the request it accompanies: what that request did stands; a missed
 * checkpoint is logged as an error.
 */
export async function checkpointProject(projectId: string, reason: CheckpointReason): Promise<void> {
  try {
    const [heads, lastDigest] = await Promise.all([projectHeads(eventStore(), projectId), lastRecordedHeads(projectId)]);
    const digest = digestOf(heads);
    if (digest === lastDigest) return;
    await recordCheckpointIfMoved(projectId, digest, { ...(await sign(projectId, heads)), reason });
  } catch (error) {
    logger.error('audit checkpoint not recorded', { projectId, reason, error: error as Error });
  }
}
