import type { AuditExport, CheckpointReason, StreamHeadEntry } from '../../contract/audit';
import { logger } from '../logger';
import { recordCheckpoint, recordedCheckpoints } from '../store/audit-checkpoints';
import { eventStore } from '../store/default-store';
import { checkpointSigner } from './audit-key';
import { projectHeads, projectStreams } from './project-streams';

/**
 * Signed checkpoints: a project's stream heads signed by the audit key. One is recorded each time
 * the project is exported or shared, so every later export carries the earlier ones, and an event
 * at or before a recorded head can never change unseen (the verifier holds the chain to it).
 */

async function signAndRecord(projectId: string, heads: StreamHeadEntry[], reason: CheckpointReason) {
  const issuedAt = new Date().toISOString();
  const jws = await (await checkpointSigner()).sign({ projectId, issuedAt, heads });
  await recordCheckpoint(projectId, { issuedAt, reason, jws });
  return jws;
}

/** The audit export of a project: its streams, a checkpoint over their heads, and the checkpoints recorded before. */
export async function exportProjectAudit(projectId: string): Promise<AuditExport> {
  const [streams, earlier] = await Promise.all([projectStreams(eventStore(), projectId), recordedCheckpoints(projectId)]);
  const heads = streams.map(({ streamId, head }) => ({ streamId, ...head }));
  const checkpoint = await signAndRecord(projectId, heads, 'audit-export');
  return {
    format: 'construction-checklist/audit-export',
    formatVersion: 1,
    projectId,
    exportedAt: new Date().toISOString(),
    hashAlgorithm: 'sha256(RFC 8785 canonical JSON of the event without hash)',
    streams,
    checkpoint,
    recordedCheckpoints: earlier,
  };
}

/**
 * Records a checkpoint of the project as it stands (a PDF export, a share). Never fails the
 * request it accompanies: what that request did stands; a missed checkpoint is logged as an error.
 */
export async function checkpointProject(projectId: string, reason: CheckpointReason): Promise<void> {
  try {
    await signAndRecord(projectId, await projectHeads(eventStore(), projectId), reason);
  } catch (error) {
    logger.error('audit checkpoint not recorded', { projectId, reason, error: error as Error });
  }
}
