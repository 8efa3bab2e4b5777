import { limits } from './model';

/** Values of issue 18's fields, checked alike by the API's schemas and the item decider. */

export const moneyMessage = 'must be a number from 0 to 10,000,000 with at most 2 decimals';
export const dateMessage = 'must be a date (YYYY-MM-DD)';
export const leadTimeMessage = `must be a whole number from 0 to ${limits.leadTimeDays}`;

/** An amount of money: 0 to 10,000,000 with at most two decimals (cents). */
export const isMoney = (value: number): boolean =>
  Number.isFinite(value) && value >= 0 && value <= limits.money && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** A real day of the calendar, written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}
