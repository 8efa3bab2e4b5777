import type { NewCommand } from './command';
import { loadMachinery, machineryNow } from './machinery';
import type { Submitted } from './replay';

export type { Submitted };

/**
 * A change, through the outbox: kept in IndexedDB, shown at once, sent now if online. Resolves
 * when the server has it (`sent`, with its answer), when it waits for the network (`waiting`) or
 * when it became a decision for the person (`conflict`); rejects with the ApiError of a refusal.
 *
 * @example
 * await submit({ route: 'patchItem', params: { id }, body: { purchasesMade: true }, projectId, userId, itemId: id, roomId, label: 'Ticked Purchased on Sink' });
 */
export function submit(fields: NewCommand, { wait = true } = {}): Promise<Submitted> {
  const keepIt = ({ enqueue, makeCommand, writeCommand }: NonNullable<ReturnType<typeof machineryNow>>) => enqueue(makeCommand(fields), writeCommand, { wait });
  const machinery = machineryNow();
  // Here already (the usual case): kept and shown now, in the handler that made the change.
  return machinery ? keepIt(machinery) : loadMachinery().then(keepIt);
}

/** The same, answering once the change is kept (a photo's upload may take long; a refusal later is the outbox's toast). */
export const keep = (fields: NewCommand): Promise<Submitted> => submit(fields, { wait: false });
