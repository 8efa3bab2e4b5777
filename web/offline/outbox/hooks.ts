import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { OutboxCommand } from './command';
import type { Conflict } from './conflict';
import { firstDrawn } from '../../components/first-draw';
import { mayHoldChanges } from './kept-mark';
import { loadMachinery } from './machinery';
import { outboxSnapshot, useOutbox, type OutboxSnapshot } from './state';

/** What the components read of the outbox. */

/**
 * Starts the outbox for the signed-in account (the header does, on every signed-in page): its
 * machinery is fetched then, after the page's first draw, not with it (issue 16's first-draw
 * budget), and after its first look (issue 32) when nothing waits in it.
 */
export function useOutboxFor(userId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const start = () => void loadMachinery().then(({ startOutbox }) => startOutbox(queryClient, userId));
    // Online with nothing kept on this device, after the page's first look (issue 32); otherwise at once, so the first look shows what waits.
    if (mayHoldChanges() || !onlineManager.isOnline()) start();
    else void firstDrawn().then(start);
  }, [queryClient, userId]);
}

const commandsOf = (state: OutboxSnapshot) => state.commands;
const userOf = (state: OutboxSnapshot) => state.userId;
const conflictsOf = (state: OutboxSnapshot) => state.conflicts;

/** The signed-in account's waiting commands, in order. */
export function useWaitingCommands(): readonly OutboxCommand[] {
  const commands = useOutbox(commandsOf);
  const userId = useOutbox(userOf);
  return useMemo(() => commands.filter((command) => command.userId === userId), [commands, userId]);
}

/** The signed-in account's undecided conflicts (another account's wait for it). */
export function useConflicts(): readonly Conflict[] {
  const conflicts = useOutbox(conflictsOf);
  const userId = useOutbox(userOf);
  return useMemo(() => conflicts.filter((conflict) => conflict.command.userId === userId), [conflicts, userId]);
}

/** The undecided conflict of an item or a room, if any. */
export function useConflictOf(subject: { itemId: string } | { roomId: string }): Conflict | undefined {
  const id = 'itemId' in subject ? `item:${subject.itemId}` : `room:${subject.roomId}`;
  return useOutbox((state) => state.conflicts.find((conflict) => conflict.id === id && conflict.command.userId === state.userId));
}

const targetKey = (photo: NonNullable<OutboxCommand['photo']>) => ('list' in photo.target ? photo.target.list : photo.target.cabinetKey);

/** The waiting photos by item, worked out once per state of the outbox (every item card asks). */
const photoIndex = new WeakMap<OutboxSnapshot, Map<string, readonly OutboxCommand[]>>();
function photosByItem(state: OutboxSnapshot): Map<string, readonly OutboxCommand[]> {
  let index = photoIndex.get(state);
  if (!index) {
    index = new Map();
    for (const command of state.commands) {
      if (!command.photo || !command.itemId || command.userId !== state.userId) continue;
      index.set(command.itemId, [...(index.get(command.itemId) ?? []), command]);
    }
    photoIndex.set(state, index);
  }
  return index;
}

/** Photos taken for an item's list (or a cabinet part's) that wait to upload, each with an address to show its file by. */
export function usePendingPhotos(itemId: string, target: { list: 'referenceImages' } | { cabinetKey: string }): readonly { id: string; url: string }[] {
  const key = 'list' in target ? target.list : target.cabinetKey;
  // A string, so a card draws again only when its own waiting photos change.
  const ids = useOutbox((state) => (photosByItem(state).get(itemId) ?? []).filter((command) => targetKey(command.photo!) === key).map((command) => command.id).join(' '));
  const shown = useMemo(() => {
    if (!ids) return [];
    const byId = new Map(outboxSnapshot().commands.map((command) => [command.id, command]));
    return ids.split(' ').flatMap((id) => {
      const file = byId.get(id)?.photo?.file;
      return file ? [{ id, url: URL.createObjectURL(file) }] : [];
    });
  }, [ids]);
  useEffect(() => () => shown.forEach((photo) => URL.revokeObjectURL(photo.url)), [shown]);
  return shown;
}

/** The ids of chat messages written here that the server does not have yet ('Sending…'). */
export function useSendingMessages(projectId: string): ReadonlySet<string> {
  const commands = useWaitingCommands();
  return useMemo(() => new Set(commands.filter((command) => command.route === 'postChat' && command.projectId === projectId).map((command) => command.id)), [commands, projectId]);
}
