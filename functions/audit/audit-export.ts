import type { AuditExport, AuditStream } from '../../contract/audit';
import { exportProjectAudit } from './checkpoints';
import { takeExportAllowance } from './export-allowance';

/**
 * The project's audit export for one of its people, at most EXPORTS_PER_ACCOUNT_PER_HOUR per
 * account: every event of its streams as stored, their heads, a checkpoint signed now (recorded
 * if the project changed since the last one), and the checkpoints recorded before.
 */
export async function auditExportFor(accountId: string, projectId: string, archived?: () => Promise<AuditStream[]>): Promise<AuditExport> {
  await takeExportAllowance(accountId);
  return exportProjectAudit(projectId, archived?.());
}
