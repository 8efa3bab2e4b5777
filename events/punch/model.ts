/**
 * A punch item's values (issue 30): what is still wrong in a room, who must fix it, by when, and
 * where it stands. The limits and messages are shared by the API's schema, the decider and the
 * web form, so a refusal reads the same wherever it is made.
 */

export const punchStatuses = ['open', 'fixed', 'accepted'] as const;
export type PunchStatus = (typeof punchStatuses)[number];

export const punchLimits = {
  title: 200,
  note: 2000,
  photos: 20,
  tradeName: 100,
  reason: 2000,
} as const;

/** Who must fix it: the project's contractor, or a trade named as text ('Plumber', 'Ace Electric'). */
export type PunchAssignee = { readonly kind: 'contractor' } | { readonly kind: 'trade'; readonly name: string };

export const contractorAssignee: PunchAssignee = { kind: 'contractor' };

/** The assignee as the list, the PDF and the digest say it. */
export const assigneeLabel = (assignee: PunchAssignee): string => (assignee.kind === 'contractor' ? 'Contractor' : assignee.name);

/** The status as people read it: 'fixed' is the client's to check. */
export const statusLabel: Record<PunchStatus, string> = { open: 'Open', fixed: 'Fixed', accepted: 'Accepted' };

/** The counts kept per room and per project (view attributes of those names, moved by ADD). */
export interface PunchCounts {
  readonly punchOpen: number;
  readonly punchFixed: number;
  readonly punchAccepted: number;
}

export const zeroPunchCounts: PunchCounts = { punchOpen: 0, punchFixed: 0, punchAccepted: 0 };

const counterOf: Record<PunchStatus, keyof PunchCounts> = { open: 'punchOpen', fixed: 'punchFixed', accepted: 'punchAccepted' };

/** How a change from one status (none: the item did not exist) to another moves the counters. */
export function punchCountsDelta(before: PunchStatus | null, after: PunchStatus | null): PunchCounts {
  const delta = { punchOpen: 0, punchFixed: 0, punchAccepted: 0 };
  if (before === after) return delta;
  if (before) delta[counterOf[before]] -= 1;
  if (after) delta[counterOf[after]] += 1;
  return delta;
}

/** The counters as a view holds them (missing on views written before issue 30: zero). */
export const punchCountsOf = (view: Partial<PunchCounts> | undefined): PunchCounts => ({
  punchOpen: view?.punchOpen ?? 0,
  punchFixed: view?.punchFixed ?? 0,
  punchAccepted: view?.punchAccepted ?? 0,
});
