import { limits } from '../../events/projects/model';
import { isCalendarDate, isMoney } from '../../events/projects/values';

/** An item's budget and decide-by fields as typed (issue 18): text to value and back, and the API's rules. */

/** A money field's text: empty is none; otherwise 0 to 10,000,000 with at most 2 decimals (the API's rule). */
export const moneyText = (value: number | null): string => (value === null ? '' : String(value));
export const parseMoney = (text: string): number | null => (text.trim() === '' ? null : Number(text));
export const validMoney = (text: string): boolean => text.trim() === '' || (/^\d+(\.\d{1,2})?$/.test(text.trim()) && isMoney(Number(text)));
/** '12.5' and '12.50' are one amount: a save does not rewrite what was typed. */
export const sameMoney = (a: string, b: string): boolean => a === b || (validMoney(a) && validMoney(b) && parseMoney(a) === parseMoney(b));

export const daysText = (value: number | null): string => (value === null ? '' : String(value));
export const parseDays = (text: string): number | null => (text.trim() === '' ? null : Number(text));
export const validDays = (text: string): boolean => text.trim() === '' || (/^\d{1,3}$/.test(text.trim()) && Number(text) <= limits.leadTimeDays);

export const validDate = (text: string): boolean => text === '' || isCalendarDate(text);
