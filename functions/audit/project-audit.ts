import * as z from 'zod/mini';
import { AUDIT_PAGE_SIZE, type AuditStream, type ProjectAudit } from '../../contract/audit';
import { verifyAuditRecord } from '../../events/audit-verification';
import { invalid } from '../../events/errors';
import { eventStore } from '../commands/event-store';
import type { ProjectSummaryView } from '../projections/project-views';
import { auditForClient } from '../projects/client-contacts';
import { recordedCheckpoints } from '../store/audit-checkpoints';
import { publishedKeys } from './audit-key';
import { projectStreams } from './project-streams';
import { afterCursor, cursorOf, matches, projectTrail } from './project-trail';

const id = (name: string) => z.optional(z.string().check(z.minLength(1, `${name} must not be empty`), z.maxLength(100, `${name} must be at most 100 characters`)));
const moment = (name: string) => z.optional(z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date-time, e.g. 2026-03-01T09:00:00Z` }));

/** The Audit page's filters and page cursor. */
export const auditQuery = z.object({
  room: id('room'),
  item: id('item'),
  person: id('person'),
  from: moment('from'),
  to: moment('to'),
  before: z.optional(z.string().check(z.maxLength(300, 'before must be at most 300 characters'))),
});

const MAX_FAILURES = 20;

/**
 * The project's Audit page: every change (the events of its streams, folded), newest first, a page
 * at a time, filtered by room, item, person and time; and whether its chains and recorded
 * checkpoints verify against the published keys, checked on the same events the page lists. A
 * client sees the trail as clients may. Signs nothing: checkpoints are recorded by exports and shares.
 */
export async function projectAudit(summary: ProjectSummaryView, reader: 'contractor' | 'client', query: z.output<typeof auditQuery>, archived?: Promise<AuditStream[]>): Promise<ProjectAudit> {
  const store = eventStore();
  // `archived`: an archived project's streams, read from its archive (functions/archive).
  const [streams, checkpoints, keys] = await Promise.all([archived ?? projectStreams(store, summary.id), recordedCheckpoints(summary.id), publishedKeys()]);
  const verification = await verifyAuditRecord({ projectId: summary.id, streams, recordedCheckpoints: checkpoints }, keys);
  // Verified as stored (personal values sealed), shown opened: an erased person reads 'Deleted user'.
  // Opened all at once: one read of the keys for the whole project, not one per stream.
  const opened = await store.opened(streams.flatMap((stream) => stream.events));
  let next = 0;
  const trail = projectTrail(summary.id, streams.map((stream) => ({ ...stream, events: opened.slice(next, (next += stream.events.length)) })));

  const filter = { ...query, from: query.from && new Date(query.from).toISOString(), to: query.to && new Date(query.to).toISOString() };
  const entries = reader === 'client' ? auditForClient(trail.entries) : trail.entries;
  const matching = entries.filter((entry) => matches(entry, filter));
  const after = query.before === undefined ? matching : afterCursor(matching, query.before);
  if (!after) throw invalid('before', 'must be the nextCursor of a previous page');
  const page = after.slice(0, AUDIT_PAGE_SIZE);
  return {
    projectId: summary.id,
    projectName: summary.name,
    verification: { verified: verification.verified, streams: verification.streams, events: verification.events, checkpoints: verification.checkpoints, failures: verification.failures.slice(0, MAX_FAILURES) },
    filters: trail.filters,
    total: matching.length,
    entries: page,
    nextCursor: after.length > page.length ? cursorOf(page.at(-1)!) : null,
  };
}
