import { makeCommand, type NewCommand } from './command';
import { resolvedBody, type Conflict } from './conflict';
import { enqueue, forgetConflict, type Submitted } from './replay';
import { writeCommand } from './storage';

export type { Submitted };

/**
 * A change, through the outbox: kept in IndexedDB, shown at once, sent now if online. Resolves
 * when the server has it (`sent`, with its answer), when it waits for the network (`waiting`) or
 * when it became a decision for the person (`conflict`); rejects with the ApiError of a refusal.
 *
 * @example
 * await submit({ route: 'patchItem', params: { id }, body: { purchasesMade: true }, projectId, userId, itemId: id, roomId, label: 'Ticked Purchased on Sink' });
 */
export const submit = (fields: NewCommand): Promise<Submitted> => enqueue(makeCommand(fields), writeCommand);

/** The same, answering once the change is kept (a photo's upload may take long; a refusal later is the outbox's toast). */
export const keep = (fields: NewCommand): Promise<Submitted> => enqueue(makeCommand(fields), writeCommand, { wait: false });

/**
 * A person's decision on a conflict: 'theirs' keeps the server's text (mine is dropped); 'mine'
 * sends my text again, made against theirs; `merged` sends the texts typed by hand. The new
 * command is kept before the conflict goes, so nothing typed is lost in between.
 */
export async function decide(conflict: Conflict, choice: 'mine' | 'theirs' | { merged: Readonly<Record<string, string>> }): Promise<Submitted | undefined> {
  if (choice === 'theirs') {
    await forgetConflict(conflict);
    return undefined;
  }
  const { route, params, projectId, userId, itemId, roomId, label } = conflict.command;
  const command = makeCommand({ route, params, projectId, userId, itemId, roomId, label, baseVersion: conflict.version, body: resolvedBody(conflict, choice === 'mine' ? {} : choice.merged) });
  await writeCommand(command);
  await forgetConflict(conflict);
  return enqueue(command, async () => undefined);
}
