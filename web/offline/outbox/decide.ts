import { makeCommand } from './command';
import { resolvedBody, type Conflict } from './conflict';
import { enqueue, forgetConflict, type Submitted } from './replay';
import { writeCommand } from './storage';

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
