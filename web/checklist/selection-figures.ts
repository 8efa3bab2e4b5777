import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { flagsOfApi } from '../../contract/flags';
import type { Budget, BudgetFigures, ChecklistItem, Decision, Room } from '../../contract/projects';
import { openDecisions, utcDay } from '../../events/projects/decisions';
import { displayName } from '../../events/projects/room-naming';
import { queries } from '../api/queries';

/**
 * The checklist's Decisions due and budget (issue 18), worked out from the rooms and items the page
 * already holds, by the rules the API's /decisions and /budget follow (`openDecisions`, sums in
 * cents): no read more before the checklist is drawn (issue 14: at most 5 calls), and each edit
 * shows at once. They give the action bar's count and the cards' Overdue marks, and tell the panels
 * under the rooms whether they are there and how tall they are until the panels' own reads of
 * /decisions and /budget (made when scrolled near) come in.
 */

export interface SelectionFigures {
  /** The project they are of: the panels read its /decisions and /budget. */
  readonly projectId: string;
  /** Open selections with a decide-by date, earliest first. */
  readonly decisions: readonly Decision[];
  readonly budget: Budget;
}

const cents = (value: number | null) => Math.round((value ?? 0) * 100);
const figures = (allowanceCents: number, costCents: number): BudgetFigures => ({ allowance: allowanceCents / 100, cost: costCents / 100, difference: (allowanceCents - costCents) / 100 });

/** Allowances and costs summed per room and in all, as GET /api/projects/{id}/budget answers them. */
export function budgetOf(rooms: readonly Room[], itemsOf: (roomId: string) => readonly ChecklistItem[]): Budget {
  let [allowance, cost] = [0, 0];
  const perRoom = rooms.map((room) => {
    const items = itemsOf(room.id);
    const [roomAllowance, roomCost] = [items.reduce((sum, item) => sum + cents(item.allowance), 0), items.reduce((sum, item) => sum + cents(item.cost), 0)];
    allowance += roomAllowance;
    cost += roomCost;
    return { roomId: room.id, name: displayName(room), ...figures(roomAllowance, roomCost) };
  });
  return { ...figures(allowance, cost), rooms: perRoom };
}

/** Open selections that have a decide-by date, earliest first (the undated are not due). */
export function decisionsDue(rooms: readonly Room[], itemsOf: (roomId: string) => readonly ChecklistItem[], targetCompletionDate: string | null, today: string): Decision[] {
  const checklist = rooms.map((room) => ({ name: displayName(room), items: itemsOf(room.id).map((item) => ({ ...item, ...flagsOfApi(item) })) }));
  return openDecisions(checklist, targetCompletionDate, today).filter((decision) => decision.decideBy !== null);
}

const noItems: readonly ChecklistItem[] = [];
const noRooms: readonly Room[] = [];

/**
 * The figures from the page's cached rooms and items, once they are drawn (`ready`). The items'
 * queries are only watched here, never fetched (the room cards read them). The decisions keep
 * their identity while unchanged, so the cards that show them do not redraw on every edit.
 */
export function useSelectionFigures(projectId: string, targetCompletionDate: string | null, ready: boolean): SelectionFigures {
  const { data: rooms = noRooms } = useQuery({ ...queries.rooms(projectId), enabled: false });
  const shown = ready ? rooms : noRooms;
  const items = useQueries({
    queries: shown.map((room) => ({ ...queries.roomItems(room.id), enabled: false })),
    combine: (results) => results.map((result) => result.data ?? noItems),
  });
  const stable = useRef<{ key: string; decisions: Decision[] }>({ key: '[]', decisions: [] });
  return useMemo(() => {
    const byRoom = new Map(shown.map((room, index) => [room.id, items[index] ?? noItems]));
    const itemsOf = (roomId: string) => byRoom.get(roomId) ?? noItems;
    const decisions = decisionsDue(shown, itemsOf, targetCompletionDate, utcDay(new Date()));
    const key = JSON.stringify(decisions);
    if (key !== stable.current.key) stable.current = { key, decisions };
    return { projectId, decisions: stable.current.decisions, budget: budgetOf(shown, itemsOf) };
    // `shown` and `items` change with the cache's data (structural sharing keeps them while equal).
  }, [projectId, shown, items, targetCompletionDate]);
}
