import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { streamStart, type EventMeta, type StoredEvent } from '../../events/envelope';
import { itemStreamId, projectStreamId, type ItemEvent, type ProjectEvent } from '../../events/projects/events';
import { decideItem, evolveItem, initialItemState, type ItemCommand, type ItemState } from '../../events/projects/item';
import { decideProject, evolveProject, initialProjectState, type Actor, type ProjectCommand, type ProjectState } from '../../events/projects/project';
import type { TemplateItem } from '../../events/projects/template';
import { findUserById } from '../accounts/users';
import { dynamo } from '../adapters/aws-clients';
import type { Principal } from '../auth/session-token';
import { config } from '../config';
import type { AppendRequest, IdempotencyKey } from '../store/event-store';
import { eventStore } from '../store/default-store';
import { loadByFolding, runCommand } from '../store/run-command';
import { stateKeys } from '../store/keys';
import { WriteSet } from '../store/write-set';
import { itemProjection, projectProjection, type ItemLocation } from './projection';
import { getRoomView, projectPartition, roomPartition } from './read';
import { settleRoomCompletion } from './room-completion';
import type { RoomView } from './views';

/**
 * Running checklist commands: load the aggregate, decide, append the events with their view
 * writes in one transaction (retried on conflicts), then the follow-ups that may lag: room
 * completion, and clearing the views of deleted rooms and projects.
 */

export interface Caller {
  readonly principal: Principal;
  readonly requestId: string;
  readonly idempotency?: IdempotencyKey;
}

/**
 * Changes made by the app itself: only assigning a client who signed up with a project's client
 * e-mail, which the project decider allows whoever asks.
 */
export const systemActor = { userId: 'system', role: 'system', name: 'Construction Checklist' } as const;

export async function metaFor(caller: Caller | typeof systemActor): Promise<EventMeta> {
  const at = new Date().toISOString();
  if (!('principal' in caller)) return { actorId: caller.userId, role: 'system', displayName: caller.name, at, requestId: `system-${at}` };
  const user = await findUserById(caller.principal.userId);
  const displayName = user ? `${user.firstName} ${user.lastName}` : caller.principal.userId;
  return { actorId: caller.principal.userId, role: caller.principal.role, displayName, at, requestId: caller.requestId };
}

const actorOf = (caller: Caller | typeof systemActor): Actor =>
  'principal' in caller ? { userId: caller.principal.userId, role: caller.principal.role } : { userId: systemActor.userId, role: 'contractor' };

/** Several commands as one change: each decided on the state the ones before it left. */
function decideInTurn<C, S, E>(commands: readonly C[], state: S, decide: (command: C, state: S) => E[], evolve: (state: S, event: E) => S): E[] {
  const events: E[] = [];
  for (const command of commands) {
    const decided = decide(command, state);
    events.push(...decided);
    state = decided.reduce(evolve, state);
  }
  return events;
}

const toViewWrites = (writes: WriteSet) => writes.toTransactItems().map((item) => ({ item }));

/** Runs commands on one project, one after the other, as a single change. */
export async function runProjectCommands<R>(
  caller: Caller | typeof systemActor,
  target: { projectId: string; tenantId: string },
  commands: readonly ProjectCommand[],
  respond: (after: ProjectState, events: readonly ProjectEvent[]) => R,
): Promise<{ result: R; events: readonly StoredEvent[]; replayed: boolean }> {
  const store = eventStore();
  const streamId = projectStreamId(target.projectId);
  const actor = actorOf(caller);
  const roomViews = new Map<string, RoomView>();
  let before: ProjectState = initialProjectState;
  const outcome = await runCommand(store, {
    streamId,
    tenantId: target.tenantId,
    projectId: target.projectId,
    meta: await metaFor(caller),
    idempotency: 'principal' in caller ? caller.idempotency : undefined,
    load: async () => {
      const loaded = await loadByFolding(store, streamId, initialProjectState, (state: ProjectState, event: ProjectEvent) => evolveProject(state, event));
      before = loaded.state;
      roomViews.clear();
      for (const command of commands) {
        if (command.type !== 'deleteRoom') continue;
        const view = await getRoomView(target.projectId, command.roomId);
        if (view) roomViews.set(command.roomId, view);
      }
      return loaded;
    },
    decide: (state) => decideInTurn(commands, state, (command, current) => decideProject(command, current, actor), evolveProject),
    evolve: evolveProject,
    views: ({ before: loaded, events }) => {
      const writes = new WriteSet(config().stateTable);
      projectProjection(writes, loaded, events, { roomViews });
      return toViewWrites(writes);
    },
    respond,
  });
  await clearDeletedViews(before, outcome.events);
  return outcome;
}

/** Deleted rooms and projects leave their items, pointers and history behind: clear them. */
async function clearDeletedViews(before: ProjectState, events: readonly StoredEvent[]): Promise<void> {
  for (const event of events as readonly (StoredEvent & ProjectEvent)[]) {
    if (event.type === 'RoomDeleted') await deleteKeys(await roomPartition(event.data.roomId));
    if (event.type === 'ProjectDeleted') {
      for (const room of before.rooms) await deleteKeys(await roomPartition(room.roomId));
      const rest = await projectPartition(before.projectId);
      await deleteKeys(rest);
    }
  }
}

async function deleteKeys(keys: readonly { pk: string; sk: string; id?: string }[]): Promise<void> {
  // Items of a room also have a pointer by item id.
  const all = keys.flatMap((key) => (key.sk.startsWith(stateKeys.roomItemsPrefix) && key.id ? [key, stateKeys.itemPointer(key.id)] : [key]));
  for (let i = 0; i < all.length; i += 25) {
    const chunk = all.slice(i, i + 25).map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } }));
    let unprocessed: Record<string, unknown[]> | undefined = { [config().stateTable]: chunk };
    for (let attempt = 0; unprocessed && Object.keys(unprocessed).length && attempt < 5; attempt++) {
      const result = await dynamo().send(new BatchWriteCommand({ RequestItems: unprocessed as never }));
      unprocessed = result.UnprocessedItems as Record<string, unknown[]> | undefined;
    }
  }
}

/** Runs commands on one checklist item (which lives in `location`'s room), as a single change. */
export async function runItemCommands<R>(
  caller: Caller,
  location: ItemLocation & { tenantId: string },
  itemId: string,
  commands: readonly ItemCommand[],
  respond: (after: ItemState) => R,
): Promise<R> {
  const store = eventStore();
  const streamId = itemStreamId(itemId);
  const actor = actorOf(caller);
  const outcome = await runCommand(store, {
    streamId,
    tenantId: location.tenantId,
    projectId: location.projectId,
    meta: await metaFor(caller),
    idempotency: caller.idempotency,
    load: () => loadByFolding(store, streamId, initialItemState, (state: ItemState, event: ItemEvent) => evolveItem(state, event)),
    decide: (state) => decideInTurn(commands, state, (command, current) => decideItem(command, current, actor), evolveItem),
    evolve: evolveItem,
    views: ({ before, events }) => {
      const writes = new WriteSet(config().stateTable);
      itemProjection(writes, before, events, location);
      return toViewWrites(writes);
    },
    respond: (after) => respond(after),
  });
  if (outcome.events.length) await settleRoomCompletion(location.projectId, location.roomId);
  return outcome.result;
}

/** The template's items for a new project's rooms, a chunk of items per transaction. */
export async function addTemplateItems(
  caller: Caller,
  project: { projectId: string; tenantId: string },
  rooms: readonly { roomId: string; roomName: string; items: readonly TemplateItem[] }[],
  newId: () => string,
): Promise<void> {
  const store = eventStore();
  const meta = await metaFor(caller);
  const actor = actorOf(caller);
  const all = rooms.flatMap((room) => room.items.map((item, order) => ({ room, item, order })));
  const CHUNK = 20; // ~4 writes an item, and DynamoDB takes 100 per transaction
  for (let i = 0; i < all.length; i += CHUNK) {
    const writes = new WriteSet(config().stateTable);
    const requests: AppendRequest[] = all.slice(i, i + CHUNK).map(({ room, item, order }) => {
      const itemId = newId();
      const location = { projectId: project.projectId, roomId: room.roomId, roomName: room.roomName };
      const events = decideItem(
        { type: 'add', itemId, roomId: room.roomId, category: item.category, name: item.name, itemType: item.itemType ?? 'single', details: item.details ?? '', order, cabinetDetails: item.cabinetDetails ?? null, fromTemplate: true },
        initialItemState,
        actor,
      );
      return {
        streamId: itemStreamId(itemId),
        expected: streamStart,
        events,
        tenantId: project.tenantId,
        projectId: project.projectId,
        meta,
        views: (stored) => {
          itemProjection(writes, initialItemState, stored, location);
          return [];
        },
      };
    });
    await store.appendAll(requests, () => toViewWrites(writes));
  }
  await Promise.all(rooms.map((room) => settleRoomCompletion(project.projectId, room.roomId)));
}
