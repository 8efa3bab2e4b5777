import { conflict } from '../../events/errors';

/**
 * A project whose events were moved to the archive (functions/archive) keeps its summary as a
 * tombstone with an `archived` mark (`archiving` while the move is under way): it still lists and
 * opens (read from the archive), but nothing may change it until an operator restores it, so no
 * write lands beside the archived events.
 */

export const ARCHIVED_PROJECT = 'This project is archived. Ask the service to restore it.';

export const isArchived = (summary: object | undefined): boolean => {
  const marks = summary as { archived?: unknown; archiving?: unknown } | undefined;
  return Boolean(marks?.archived || marks?.archiving);
};

/** 409 for a write to an archived project; the summary, when it may be written. */
export function refuseIfArchived<Summary extends object | undefined>(summary: Summary): Summary {
  if (isArchived(summary)) throw conflict(ARCHIVED_PROJECT);
  return summary;
}
