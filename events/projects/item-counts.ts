import type { ItemState } from './item-state';
import { isComplete } from './model';

/**
 * What an item counts for in its room's and project's progress and budget: the counters the
 * views keep, moved by the difference a change makes.
 */

export interface ItemCounts {
  readonly total: number;
  readonly completed: number;
  readonly selected: number;
  readonly purchased: number;
  readonly installed: number;
}

export const zeroCounts: ItemCounts = { total: 0, completed: 0, selected: 0, purchased: 0, installed: 0 };

export const countsOf = (item: ItemState): ItemCounts =>
  item.exists
    ? {
        total: 1,
        completed: isComplete(item) ? 1 : 0,
        selected: item.selected ? 1 : 0,
        purchased: item.purchased ? 1 : 0,
        installed: item.installed ? 1 : 0,
      }
    : zeroCounts;

/** How the counters move when an item goes from `before` to `after`. */
export function countsDelta(before: ItemState, after: ItemState): ItemCounts {
  const [b, a] = [countsOf(before), countsOf(after)];
  return {
    total: a.total - b.total,
    completed: a.completed - b.completed,
    selected: a.selected - b.selected,
    purchased: a.purchased - b.purchased,
    installed: a.installed - b.installed,
  };
}

/** An item's allowance and cost in cents, as its room's and project's budget counters sum them (whole numbers add exactly). */
export interface BudgetCounts {
  readonly allowanceCents: number;
  readonly costCents: number;
}

const cents = (amount: number | null) => (amount === null ? 0 : Math.round(amount * 100));

export const budgetOf = (item: ItemState): BudgetCounts =>
  item.exists ? { allowanceCents: cents(item.allowance ?? null), costCents: cents(item.cost ?? null) } : { allowanceCents: 0, costCents: 0 };

/** How the budget counters move when an item goes from `before` to `after`. */
export function budgetDelta(before: ItemState, after: ItemState): BudgetCounts {
  const [b, a] = [budgetOf(before), budgetOf(after)];
  return { allowanceCents: a.allowanceCents - b.allowanceCents, costCents: a.costCents - b.costCents };
}
