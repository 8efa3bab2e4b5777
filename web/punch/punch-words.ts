import type { PunchAssignee, PunchCounts } from '../../contract/punch';

/** The punch list's words (issue 30), one place for each. */

/** A change kept on this device until the connection is back (field mode). */
export const savedOffline = { title: 'Saved on this device', description: 'It is sent when the connection is back.' } as const;

export const statusLabels = { open: 'Open', fixed: 'Fixed', accepted: 'Accepted' } as const;

export const assigneeText = (assignee: PunchAssignee) => (assignee.kind === 'contractor' ? 'Contractor' : assignee.name);

/**
 * Beside the checklist's progress: 'Punch list: 4 open, 2 awaiting your check' (the client's
 * words; the contractor reads 'awaiting the client's check'); undefined when none is open or fixed.
 */
export function punchLine(counts: PunchCounts, role: 'contractor' | 'client'): string | undefined {
  const parts = [
    counts.punchOpen > 0 ? `${counts.punchOpen} open` : '',
    counts.punchFixed > 0 ? `${counts.punchFixed} awaiting ${role === 'client' ? 'your' : "the client's"} check` : '',
  ].filter(Boolean);
  return parts.length ? `Punch list: ${parts.join(', ')}` : undefined;
}
