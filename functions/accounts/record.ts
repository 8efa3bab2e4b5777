import type { AccountEvent } from '../../events/accounts/events';
import { userStreamId } from '../../events/accounts/events';
import type { ActorRole } from '../../events/envelope';
import type { ViewWrite } from '../store/event-store';
import { eventStore } from '../store/default-store';
import { runCommand } from '../store/run-command';

/**
 * Records an account event on the user's stream together with the account's state changes
 * (user record, e-mail guard, token…), in one transaction: the record changes only if the event
 * is stored, and the other way round.
 */
export async function recordAccountChange(input: {
  userId: string;
  actor: { id: string; role: ActorRole; name: string };
  requestId: string;
  event: AccountEvent;
  writes: readonly ViewWrite[];
}): Promise<void> {
  const store = eventStore();
  const streamId = userStreamId(input.userId);
  await runCommand(store, {
    streamId,
    tenantId: input.userId,
    meta: { actorId: input.actor.id, role: input.actor.role, displayName: input.actor.name, at: new Date().toISOString(), requestId: input.requestId },
    load: async () => ({ state: undefined, position: await store.readHead(streamId) }),
    decide: () => [input.event],
    evolve: (state) => state,
    views: () => input.writes,
    respond: () => undefined,
  });
}
