import type { PunchStatus } from '../../contract/punch';

/** The punch list page's filters, in its URL (a filtered list can be shared): status and room. */
export interface PunchSearch {
  status?: PunchStatus;
  room?: string;
}

const statuses: readonly string[] = ['open', 'fixed', 'accepted'];

export function parsePunchSearch(search: Record<string, unknown>): PunchSearch {
  const parsed: PunchSearch = {};
  if (typeof search.status === 'string' && statuses.includes(search.status)) parsed.status = search.status as PunchStatus;
  if (typeof search.room === 'string' && /^[0-9a-f-]{36}$/.test(search.room)) parsed.room = search.room;
  return parsed;
}
