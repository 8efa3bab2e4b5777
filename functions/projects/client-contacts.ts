import type { ProjectAuditEntry } from '../../contract/audit';

/** The contact details a contractor keeps on a project's client, as the project's fields name them. */
const clientContactFields: ReadonlySet<string> = new Set(['clientEmail', 'clientPhone']);

/**
 * The Audit page as a client reads it: without the client's e-mail and phone as recorded, before
 * and after each change. A project moved to another client (issue 27) records the previous
 * client's there, which the new client must not read; the contractor, who typed them, sees them.
 */
export const auditForClient = (entries: readonly ProjectAuditEntry[]): ProjectAuditEntry[] =>
  entries.map((entry) => ({ ...entry, changes: entry.changes.filter((change) => !clientContactFields.has(change.field)) }));
