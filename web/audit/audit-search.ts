/**
 * The Audit page's filters as its URL and the API carry them. Small and on its own: the route's
 * search validation and loader load with the app, before the page's own code.
 */

/** The filters as the page's URL carries them (ids, and days as yyyy-mm-dd). */
export interface AuditSearch {
  room?: string;
  item?: string;
  person?: string;
  from?: string;
  to?: string;
}

const day = /^\d{4}-\d{2}-\d{2}$/;
const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : undefined);

/** Whatever the URL holds, only well-formed filters. */
export function parseAuditSearch(search: Record<string, unknown>): AuditSearch {
  const days = (value: unknown) => (typeof value === 'string' && day.test(value) ? value : undefined);
  const parsed = { room: text(search.room), item: text(search.item), person: text(search.person), from: days(search.from), to: days(search.to) };
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
}

/**
 * The API's query for the filters: a day range in the browser's local time, from the first
 * millisecond of `from` to the last of `to`.
 */
export function auditQuery(search: AuditSearch): Record<string, string> {
  const query: Record<string, string> = {};
  if (search.room) query.room = search.room;
  if (search.item) query.item = search.item;
  if (search.person) query.person = search.person;
  if (search.from) query.from = new Date(`${search.from}T00:00:00`).toISOString();
  if (search.to) query.to = new Date(`${search.to}T23:59:59.999`).toISOString();
  return query;
}
