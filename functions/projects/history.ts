import type { HistoryEntry } from '../../contract/chat';
import { listHistory } from './read';

const HISTORY_LIMIT = 200;

/**
 * The project's activity entries, newest first (the last HISTORY_LIMIT), as the API answers them:
 * only those the server recorded from the events themselves, so no body can forge a line.
 */
export async function projectHistory(projectId: string, rows = listHistory): Promise<HistoryEntry[]> {
  // Stored as the answer's fields plus the item's keys. `rows`: an archived project's come from its archive.
  return (await rows(projectId, HISTORY_LIMIT)).map(({ pk: _pk, sk: _sk, ...entry }) => entry);
}
