import { invalid } from '../errors';
import type { ChangeOrderTerms } from './events';

/** A change order's terms (issue 30): their limits and checks, shared by the API's input and the decider. */

export const changeOrderLimits = {
  title: 200,
  // Under the 5,000 characters the hostile-input test sends as oversized text.
  description: 4000,
  items: 50,
  /** $1,000,000.00 either way, in cents. */
  priceChangeCents: 100_000_000,
  scheduleDays: 365,
  fullName: 200,
  reason: 1000,
  userAgent: 500,
} as const;

export const termFields = ['title', 'description', 'itemIds', 'priceChangeCents', 'scheduleDays'] as const satisfies readonly (keyof ChangeOrderTerms)[];

export const priceMessage = `must be a whole number of cents between -${changeOrderLimits.priceChangeCents} and ${changeOrderLimits.priceChangeCents}`;
export const daysMessage = `must be a whole number of days between -${changeOrderLimits.scheduleDays} and ${changeOrderLimits.scheduleDays}`;

const withinBound = (value: number, bound: number) => Number.isSafeInteger(value) && Math.abs(value) <= bound;

/** The terms, trimmed, or a refusal naming the first field that is wrong. */
export function checkTerms(terms: ChangeOrderTerms): ChangeOrderTerms {
  const title = terms.title.trim();
  if (!title) throw invalid('title', 'Title is required');
  if (title.length > changeOrderLimits.title) throw invalid('title', `must be at most ${changeOrderLimits.title} characters`);
  if (/[\r\n\u0085\u2028\u2029]/.test(title)) throw invalid('title', 'must not contain line breaks');
  const description = terms.description.trim();
  if (description.length > changeOrderLimits.description) throw invalid('description', `must be at most ${changeOrderLimits.description} characters`);
  const itemIds = [...new Set(terms.itemIds)];
  if (itemIds.length > changeOrderLimits.items) throw invalid('itemIds', `must name at most ${changeOrderLimits.items} items`);
  if (!withinBound(terms.priceChangeCents, changeOrderLimits.priceChangeCents)) throw invalid('priceChangeCents', priceMessage);
  if (!withinBound(terms.scheduleDays, changeOrderLimits.scheduleDays)) throw invalid('scheduleDays', daysMessage);
  return { title, description, itemIds, priceChangeCents: terms.priceChangeCents, scheduleDays: terms.scheduleDays };
}
