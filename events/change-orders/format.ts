/**
 * How a change order's figures read, in the mail, the PDF and the app alike (issue 30): a signed
 * amount of dollars from cents, and a signed number of days.
 */

// Made on first use: a formatter made at import loads ICU's data (~10 ms of CPU) in every Lambda
// whose code reaches this module (most do, through the budget's addDays), used or not.
let dollars: Intl.NumberFormat | undefined;

/** 34000 → '+$340.00', -2550 → '−$25.50', 0 → '$0.00'. */
export function priceChangeText(cents: number): string {
  const amount = (dollars ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })).format(Math.abs(cents) / 100);
  return cents > 0 ? `+${amount}` : cents < 0 ? `−${amount}` : amount;
}

/** 5 → '+5 days', -1 → '−1 day', 0 → 'No change'. */
export function scheduleChangeText(days: number): string {
  if (days === 0) return 'No change';
  const count = `${Math.abs(days)} ${Math.abs(days) === 1 ? 'day' : 'days'}`;
  return days > 0 ? `+${count}` : `−${count}`;
}

/** A calendar day (YYYY-MM-DD) moved by whole days, as a calendar day (UTC, so no daylight saving shifts it). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** '2026-12-20' → 'Dec 20, 2026'. */
export const calendarDayText = (day: string): string =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
