import { addDays } from '../../events/change-orders/format';
import type { ChangeOrderCounters } from '../projections/change-order-views';

export type { ChangeOrderCounters };

/**
 * What the signed change orders make of a project's budget and dates (issue 30), from the
 * summary's counters (kept by the change orders' projection, moved only by a signature): their
 * total, the cost with them, and the target completion moved by their days.
 */
export function changeOrderAdjustment(summary: ChangeOrderCounters & { costCents?: number; targetCompletionDate: string | null }) {
  const cents = summary.changeOrderCents ?? 0;
  const days = summary.changeOrderDays ?? 0;
  const target = summary.targetCompletionDate ?? null;
  return {
    changeOrders: { signed: summary.signedChangeOrders ?? 0, total: cents / 100, scheduleDays: days },
    costWithChangeOrders: ((summary.costCents ?? 0) + cents) / 100,
    targetCompletionDate: target,
    adjustedTargetCompletionDate: target && addDays(target, days),
  };
}
