import type { ChangeOrderStatus } from '../../contract/change-orders';
import type { Budget } from '../../contract/projects';
import { calendarDayText, priceChangeText, scheduleChangeText } from '../../events/change-orders/format';

/** The change orders' words in the app (issue 30); the figures' are shared with the mail and the PDF. */

export { priceChangeText, scheduleChangeText };

export const statusLabel: Record<ChangeOrderStatus, string> = {
  draft: 'Draft',
  sent: 'Awaiting signature',
  signed: 'Signed',
  declined: 'Declined',
};

/** 'Target completion: Dec 20, 2026 (+5 days by change orders)'; null without a target date. */
export function targetCompletionText(budget: Pick<Budget, 'adjustedTargetCompletionDate' | 'changeOrders'>): string | null {
  const date = budget.adjustedTargetCompletionDate;
  if (!date) return null;
  const days = budget.changeOrders?.scheduleDays ?? 0;
  return `Target completion: ${calendarDayText(date)}${days ? ` (${scheduleChangeText(days).toLowerCase()} by change orders)` : ''}`;
}

/** A price typed in dollars ('340', '-25.50', '+1,200') as whole cents, or undefined when it is not one. */
export function centsOf(text: string): number | undefined {
  const cleaned = text.replace(/[\s,$]/g, '').replace(/^−/, '-');
  if (!/^[+-]?\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * 100);
}

/** Cents as the price field shows them ('340.00', '-25.50'). */
export const dollarsOf = (cents: number): string => (cents / 100).toFixed(2);

const when = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
/** A moment in the browser's local time. */
export const momentText = (iso: string): string => when.format(new Date(iso));
