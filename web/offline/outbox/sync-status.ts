/**
 * The sync indicator's words (issue 29), exactly: 'Offline — 7 changes waiting', 'Syncing 3 of 7',
 * 'All changes saved'; 'Needs your decision (1)' is its button beside them.
 */

export type SyncState = 'offline' | 'syncing' | 'saved';

export interface SyncFigures {
  /** The device is online and the server was reached last time. */
  readonly online: boolean;
  /** The signed-in account's commands in the outbox. */
  readonly waiting: number;
  /** A replay under way: commands settled, and all it has to send. */
  readonly run: { readonly done: number; readonly total: number } | null;
}

export function syncState({ online, waiting }: SyncFigures): SyncState {
  if (!online) return 'offline';
  return waiting > 0 ? 'syncing' : 'saved';
}

export function syncText(figures: SyncFigures): string {
  const { waiting, run } = figures;
  switch (syncState(figures)) {
    case 'offline':
      // Nothing waiting reads as words, not as a count of zero.
      return `Offline — ${waiting === 0 ? 'no' : waiting} ${waiting === 1 ? 'change' : 'changes'} waiting`;
    case 'syncing': {
      // The one being sent: the run's next, or the first of those waiting before the run starts.
      const total = run ? Math.max(run.total, run.done + waiting) : waiting;
      const current = run ? Math.min(run.done + 1, total) : 1;
      return `Syncing ${current} of ${total}`;
    }
    case 'saved':
      return 'All changes saved';
  }
}

/** The figure a narrow header shows beside the icon: what waits offline, the one of all being sent, nothing once saved. */
export function shortText(figures: SyncFigures): string {
  const { waiting } = figures;
  switch (syncState(figures)) {
    case 'offline':
      return waiting > 0 ? String(waiting) : '';
    case 'syncing':
      return syncText(figures).replace(/^Syncing (\d+) of (\d+)$/, '$1/$2');
    case 'saved':
      return '';
  }
}

export const decisionsText = (count: number): string => `Needs your decision (${count})`;
