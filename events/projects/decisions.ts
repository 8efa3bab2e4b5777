/**
 * Decide-by dates (issue 18): when an item's selection must be made. An item's own date wins;
 * without one, the project's target completion less the item's lead time (when both exist).
 * A selection is open until the contractor marks it Selected. Dates are calendar days
 * (YYYY-MM-DD), compared in UTC.
 */

export interface DecisionItem {
  readonly id: string;
  readonly name: string;
  readonly selected: boolean;
  readonly decideBy?: string | null;
  readonly leadTimeDays?: number | null;
}

export interface OpenDecision {
  readonly itemId: string;
  readonly name: string;
  readonly roomName: string;
  readonly decideBy: string | null;
  readonly overdue: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day `days` before `date`. */
export const daysBefore = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** Today in UTC, as a calendar day. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

export function decideByOf(item: Pick<DecisionItem, 'decideBy' | 'leadTimeDays'>, targetCompletionDate: string | null): string | null {
  if (item.decideBy) return item.decideBy;
  if (targetCompletionDate && item.leadTimeDays !== null && item.leadTimeDays !== undefined) return daysBefore(targetCompletionDate, item.leadTimeDays);
  return null;
}

/**
 * The project's open selections, earliest decide-by first; those without a date come last, in
 * the checklist's order (rooms as given, their items as given).
 */
export function openDecisions(rooms: readonly { name: string; items: readonly DecisionItem[] }[], targetCompletionDate: string | null, today: string): OpenDecision[] {
  const open = rooms.flatMap((room) =>
    room.items
      .filter((item) => !item.selected)
      .map((item) => {
        const decideBy = decideByOf(item, targetCompletionDate);
        return { itemId: item.id, name: item.name, roomName: room.name, decideBy, overdue: decideBy !== null && decideBy < today };
      }),
  );
  // A stable sort: equal dates (and the undated) keep the checklist's order.
  return open.sort((a, b) => (a.decideBy === b.decideBy ? 0 : a.decideBy === null ? 1 : b.decideBy === null ? -1 : a.decideBy.localeCompare(b.decideBy)));
}
