import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { chatStreamId } from '../../events/chat/events';
import type { StoredEvent } from '../../events/envelope';
import { describeItemEvent, describeProjectEvent } from '../../events/projects/activity';
import type { ItemEvent, ProjectEvent } from '../../events/projects/events';
import { countsOf, evolveItem, initialItemState, type ItemState } from '../../events/projects/item';
import { evolveProject, initialProjectState, type ProjectState } from '../../events/projects/project';
import { displayName } from '../../events/projects/room-naming';
import { dynamo } from '../adapters/aws-clients';
import { chatProjection } from '../chat/chat-store';
import { config } from '../config';
import type { EventStore } from '../store/event-store';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { WriteSet } from '../store/write-set';
import { historyItem, itemItem, roomItem, summaryItem, zeroCounts } from './views';

/**
 * Views from scratch: replay a project's events (every stream, in time order: the project's, its
 * items' and its chat's) and build the items the live projections should have written. The
 * rebuild tool writes them over the live ones; the tests compare the two.
 */

type ViewItem = Record<string, unknown> & { pk: string; sk: string };

export async function rebuildProjectViews(store: EventStore, projectId: string): Promise<ViewItem[]> {
  const events = await store.readProjectEvents(projectId);
  let project: ProjectState = initialProjectState;
  const items = new Map<string, ItemState>();
  const roomPositions = new Map<string, number>();
  const history: ViewItem[] = [];
  const chatEvents: StoredEvent[] = [];
  let createdAt = '';
  let updatedAt = '';

  for (const stored of events) {
    if (stored.streamId.startsWith('project#')) {
      const event = stored as unknown as StoredEvent & ProjectEvent;
      if (event.type !== 'ProjectDeleted') history.push(historyItem(projectId, stored, describeProjectEvent(event, project)));
      if (event.type === 'ProjectCreated') createdAt = updatedAt = stored.meta.at;
      if (event.type === 'ProjectUpdated' || event.type === 'LockBoxCodeSet' || event.type === 'ClientAssigned') updatedAt = stored.meta.at;
      if (event.type === 'RoomAdded') roomPositions.set(event.data.roomId, stored.version);
      project = evolveProject(project, event);
    } else if (stored.streamId === chatStreamId(projectId)) {
      chatEvents.push(stored);
    } else if (stored.streamId.startsWith('item#')) {
      const event = stored as unknown as StoredEvent & ItemEvent;
      const before = items.get(stored.streamId) ?? initialItemState;
      const after = evolveItem(before, event);
      const room = project.rooms.find((r) => r.roomId === after.roomId);
      if (!(event.type === 'ItemAdded' && event.data.fromTemplate)) {
        history.push(historyItem(projectId, stored, describeItemEvent(event, { itemName: after.name || before.name, roomName: room ? displayName(room) : '' })));
      }
      items.set(stored.streamId, after);
    }
  }
  if (!project.exists) return [];

  const views: ViewItem[] = [...history];
  const liveItems = [...items.values()].filter((item) => item.exists && project.rooms.some((room) => room.roomId === item.roomId));
  let completedRooms = 0;
  const totals = { ...zeroCounts };
  for (const room of project.rooms) {
    const counts = { ...zeroCounts };
    for (const item of liveItems.filter((i) => i.roomId === room.roomId)) {
      for (const [name, value] of Object.entries(countsOf(item))) counts[name as keyof typeof counts] += value;
    }
    for (const [name, value] of Object.entries(counts)) totals[name as keyof typeof totals] += value;
    const view = roomItem(projectId, room, roomPositions.get(room.roomId)!, counts);
    if (view.isComplete) completedRooms++;
    views.push(view, { ...stateKeys.roomPointer(room.roomId), projectId });
  }
  for (const item of liveItems) {
    views.push(itemItem(projectId, item), { ...stateKeys.itemPointer(item.itemId), projectId, roomId: item.roomId });
  }
  views.push(summaryItem(project, { ...totals, totalRooms: project.rooms.length, completedRooms }, createdAt, updatedAt));
  views.push(...chatViews(projectId, chatEvents));
  return views;
}

/**
 * The chat's views, by the chat's own projection over all its events at once: each message is
 * put, and its read receipts land on that put (a WriteSet merges them), so only puts come out.
 */
function chatViews(projectId: string, events: readonly StoredEvent[]): ViewItem[] {
  const writes = new WriteSet(config().stateTable);
  chatProjection(writes, projectId, events);
  return writes.toTransactItems().flatMap((item) => (item.Put ? [item.Put.Item as ViewItem] : []));
}

/** The live view items of a project, wherever they are kept. */
export async function liveProjectViews(projectId: string): Promise<ViewItem[]> {
  const TableName = config().stateTable;
  const query = (pk: string) => queryAll<ViewItem>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true });
  const get = async (key: { pk: string; sk: string }) =>
    (await dynamo().send(new GetCommand({ TableName, Key: key, ConsistentRead: true }))).Item as ViewItem | undefined;

  const partition = await query(stateKeys.projectSummary(projectId).pk);
  const roomIds = partition.filter((item) => item.sk.startsWith(stateKeys.projectRoomsPrefix)).map((room) => room.id as string);
  const views = [...partition];
  const messages = await query(stateKeys.chatMessage(projectId, '').pk);
  for (const message of messages) {
    views.push(message);
    const pointer = await get(stateKeys.messagePointer(message.id as string));
    if (pointer) views.push(pointer);
  }
  for (const roomId of roomIds) {
    const pointer = await get(stateKeys.roomPointer(roomId));
    if (pointer) views.push(pointer);
    const roomItems = (await query(stateKeys.roomPointer(roomId).pk)).filter((item) => item.sk !== 'room');
    views.push(...roomItems);
    for (const item of roomItems) {
      const itemPointer = await get(stateKeys.itemPointer(item.id as string));
      if (itemPointer) views.push(itemPointer);
    }
  }
  return views;
}

/** Replaces a project's live views with rebuilt ones. */
export async function replaceProjectViews(store: EventStore, projectId: string): Promise<{ deleted: number; written: number }> {
  const [live, rebuilt] = await Promise.all([liveProjectViews(projectId), rebuildProjectViews(store, projectId)]);
  const keep = new Set(rebuilt.map((item) => `${item.pk}|${item.sk}`));
  const stale = live.filter((item) => !keep.has(`${item.pk}|${item.sk}`));
  const requests = [
    ...stale.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })),
    ...rebuilt.map((item) => ({ PutRequest: { Item: item } })),
  ];
  for (let i = 0; i < requests.length; i += 25) {
    let pending: Record<string, unknown[]> | undefined = { [config().stateTable]: requests.slice(i, i + 25) };
    for (let attempt = 0; pending && Object.keys(pending).length && attempt < 5; attempt++) {
      pending = (await dynamo().send(new BatchWriteCommand({ RequestItems: pending as never }))).UnprocessedItems as Record<string, unknown[]> | undefined;
    }
  }
  return { deleted: stale.length, written: rebuilt.length };
}
