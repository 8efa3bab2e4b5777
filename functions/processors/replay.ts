import { DEFAULT_ATTEMPTS, handleWithRetries } from './run-processors';
import type { Processor } from './processor';
import { fileDeadLetter, listDeadLetters, readEvent, removeDeadLetter } from './processor-state';

/**
 * Replays a processor's dead letters once its fault is fixed: each event is read back from the
 * events table and handed to the processor again (oldest first, with the same bounded attempts);
 * those that now pass leave the list, those that still fail stay with the new error and attempts
 * added. The checkpoint does not move: it is already past them.
 */

export interface ReplayReport {
  readonly processor: string;
  readonly replayed: number;
  readonly stillFailing: readonly { eventId: string; streamId: string; version: number; error: string }[];
}

export async function replayDeadLetters(processor: Processor, options: { attempts?: number; now?: () => Date } = {}): Promise<ReplayReport> {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const now = options.now ?? (() => new Date());
  const letters = await listDeadLetters(processor.name);
  let replayed = 0;
  const stillFailing: { eventId: string; streamId: string; version: number; error: string }[] = [];
  for (const letter of letters) {
    const event = await readEvent(letter.streamId, letter.version);
    if (!event || event.eventId !== letter.eventId) {
      // Archived or otherwise gone from the table: kept, for an operator to decide.
      stillFailing.push({ eventId: letter.eventId, streamId: letter.streamId, version: letter.version, error: 'the event is no longer in the events table' });
      continue;
    }
    const [failure] = await handleWithRetries(processor, [event], attempts);
    if (failure) {
      await fileDeadLetter(processor.name, event, { error: failure.error, attempts, at: now() });
      stillFailing.push({ eventId: event.eventId, streamId: event.streamId, version: event.version, error: failure.error });
    } else {
      await removeDeadLetter(processor.name, event.eventId);
      replayed++;
    }
  }
  return { processor: processor.name, replayed, stillFailing };
}
