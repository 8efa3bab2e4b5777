import { describe, expect, it } from 'vitest';
import { chatDecider } from '../../events/chat/chat';
import type { Decider } from '../../events/decider';
import type { NewEvent, StoredEvent } from '../../events/envelope';
import { itemDecider, type ItemCommand } from '../../events/projects/item';
import { projectDecider, type ProjectCommand } from '../../events/projects/project';
import { stateKeys } from '../store/keys';
import { memoryViewTable } from '../store/view-table';
import { chatViews } from './chat-views';
import { itemViews, type ItemLocation } from './item-views';
import { applyChange, type Projection } from './projection';
import { projectViews } from './project-views';

/** Given events, the views each projection leaves (applied in memory, as the rebuild does). */

const contractor = { userId: 'contractor-1', role: 'contractor' } as const;
const client = { userId: 'client-1', role: 'client' } as const;
const projectId = 'p1';
const details = { name: 'Maple St', address: '1 Maple St', clientName: 'Ada', clientEmail: 'ada@example.com', clientPhone: null, status: 'active', contractorNotes: null, startDate: null, targetCompletionDate: null } as const;
const rooms = [
  { roomId: 'r-home', type: 'whole_home', name: 'Whole Home', customName: null },
  { roomId: 'r-kitchen', type: 'kitchen', name: 'Kitchen', customName: null },
] as const;
const kitchen: ItemLocation = { projectId, roomId: 'r-kitchen', roomName: 'Kitchen' };

/** A project's views, built by running commands through each aggregate and its projection. */
function world() {
  const views = memoryViewTable();
  const states = new Map<string, unknown>();
  let clock = 0;
  const versions = new Map<string, number>();
  const stored = <E extends NewEvent>(streamId: string, event: E, actor: { userId: string; role: string }): StoredEvent & E => {
    const version = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, version);
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString();
    const meta = { actorId: actor.userId, role: actor.role as 'contractor', displayName: actor.role === 'client' ? 'Ada Client' : 'Bob Builder', at, requestId: `r${clock}` };
    return { ...event, streamId, version, schemaVersion: 1, eventId: `e${String(clock).padStart(4, '0')}`, tenantId: contractor.userId, projectId, meta, prevHash: '', hash: '' };
  };
  async function run<C, S, E extends NewEvent>(decider: Decider<C, S, E>, id: string, projection: Projection<S, E>, command: C, actor: typeof contractor | typeof client) {
    const streamId = decider.streamId(id);
    const before = (states.get(streamId) as S | undefined) ?? decider.initialState;
    const events = decider.decide(command, before, actor).map((event) => stored(streamId, event, actor));
    await applyChange(projection, { before, events }, views);
    states.set(streamId, events.reduce(decider.evolve, before));
    return events;
  }
  return {
    views,
    project: (command: ProjectCommand, actor: typeof contractor | typeof client = contractor) => run(projectDecider, projectId, projectViews, command, actor),
    item: (itemId: string, command: ItemCommand, actor: typeof contractor | typeof client = contractor) => run(itemDecider, itemId, itemViews(kitchen), command, actor),
    chat: (command: Parameters<typeof chatDecider.decide>[0], actor: typeof contractor | typeof client = contractor) => run(chatDecider, projectId, chatViews(projectId), command, actor),
    summary: () => views.get<Record<string, unknown>>(stateKeys.projectSummary(projectId)),
    room: (roomId: string) => views.get<Record<string, unknown>>(stateKeys.projectRoom(projectId, roomId)),
    history: async () => (await views.query(stateKeys.projectSummary(projectId).pk)).filter((item) => item.sk.startsWith(stateKeys.historyPrefix)).map((item) => item.summary),
  };
}

const add = (itemId: string, name: string, fromTemplate?: true): ItemCommand => ({
  type: 'add', itemId, roomId: 'r-kitchen', category: 'standard', name, itemType: 'single', details: '', order: 0, cabinetDetails: null, ...(fromTemplate ? { fromTemplate } : {}),
});
const setFlag = (flag: 'selected' | 'purchased' | 'installed', value = true): ItemCommand => ({ type: 'setFlag', flag, value });

async function createdProject() {
  const w = world();
  await w.project({ type: 'create', projectId, details, rooms: [...rooms] });
  return w;
}

describe('the project projection', () => {
  it('puts a summary with zero counters, a room view and a pointer per room, and one history line per event', async () => {
    const w = await createdProject();
    expect(await w.summary()).toMatchObject({ id: projectId, name: 'Maple St', totalRooms: 2, completedRooms: 0, totalItems: 0, gsi1pk: stateKeys.contractorProjects(contractor.userId) });
    expect(await w.room('r-kitchen')).toMatchObject({ id: 'r-kitchen', position: 3, total: 0, isComplete: false });
    expect(await w.views.get(stateKeys.roomPointer('r-kitchen'))).toMatchObject({ projectId });
    expect(await w.history()).toEqual(['Created project - Maple St', 'Added Interior', 'Added Kitchen']);
  });

  it('moves the summary to the assigned client and records a renamed room under its new name', async () => {
    const w = await createdProject();
    await w.project({ type: 'assignClient', clientId: client.userId });
    await w.project({ type: 'renameRoom', roomId: 'r-kitchen', customName: 'Galley' });
    expect(await w.summary()).toMatchObject({ clientId: client.userId, gsi2pk: stateKeys.clientProjects(client.userId) });
    expect(await w.room('r-kitchen')).toMatchObject({ customName: 'Galley' });
    expect((await w.history()).slice(-2)).toEqual(['Client assigned', 'Renamed Kitchen to Galley']);
  });

  it('takes a deleted room\'s counters off the summary and clears its items and their pointers', async () => {
    const w = await createdProject();
    await w.item('i1', add('i1', 'Sink'));
    await w.item('i1', setFlag('purchased'));
    await w.project({ type: 'deleteRoom', roomId: 'r-kitchen' });
    expect(await w.summary()).toMatchObject({ totalRooms: 1, totalItems: 0, purchasedItems: 0 });
    expect(await w.room('r-kitchen')).toBeUndefined();
    expect(await w.views.query(stateKeys.roomPointer('r-kitchen').pk)).toEqual([]);
    expect(await w.views.get(stateKeys.itemPointer('i1'))).toBeUndefined();
  });

  it('leaves nothing of a deleted project: summary, rooms, items, history, chat', async () => {
    const w = await createdProject();
    await w.item('i1', add('i1', 'Sink'));
    await w.chat({ type: 'post', messageId: 'm1', sender: { role: 'contractor', name: 'Bob Builder' }, message: 'Hello', roomId: null });
    await w.project({ type: 'delete' });
    expect(w.views.items()).toEqual([]);
  });
});

describe('the item projection', () => {
  it('counts an item in its room and the summary, and settles room completion only when all three flags are set', async () => {
    const w = await createdProject();
    await w.item('i1', add('i1', 'Sink'));
    await w.item('i1', setFlag('selected'));
    await w.item('i1', setFlag('purchased'));
    expect(await w.room('r-kitchen')).toMatchObject({ total: 1, completed: 0, selected: 1, purchased: 1, isComplete: false });
    await w.item('i1', setFlag('installed'), client);
    expect(await w.room('r-kitchen')).toMatchObject({ completed: 1, isComplete: true });
    expect(await w.summary()).toMatchObject({ totalItems: 1, completedItems: 1, installedItems: 1, completedRooms: 1 });
    await w.item('i1', setFlag('purchased', false), client);
    expect(await w.room('r-kitchen')).toMatchObject({ completed: 0, isComplete: false });
    expect(await w.summary()).toMatchObject({ completedItems: 0, completedRooms: 0 });
  });

  it('keeps the item view in step and writes history in the spec\'s words, but none for a template item', async () => {
    const w = await createdProject();
    await w.item('t1', add('t1', 'Faucet', true));
    await w.item('i1', add('i1', 'Sink'));
    await w.item('i1', { type: 'editDetails', details: 'Undermount' });
    expect(await w.views.get(stateKeys.roomItem('r-kitchen', 'i1'))).toMatchObject({ id: 'i1', projectId, name: 'Sink', details: 'Undermount', completed: false });
    expect(await w.views.get(stateKeys.itemPointer('t1'))).toMatchObject({ projectId, roomId: 'r-kitchen' });
    expect((await w.history()).slice(3)).toEqual(['Added item "Sink" in Kitchen', 'Updated details "Sink" in Kitchen']);
  });

  it('removes a deleted item, its pointer and its counts', async () => {
    const w = await createdProject();
    await w.item('i1', add('i1', 'Sink'));
    await w.item('i1', { type: 'delete' });
    expect(await w.views.get(stateKeys.roomItem('r-kitchen', 'i1'))).toBeUndefined();
    expect(await w.views.get(stateKeys.itemPointer('i1'))).toBeUndefined();
    expect(await w.room('r-kitchen')).toMatchObject({ total: 0 });
    expect(await w.summary()).toMatchObject({ totalItems: 0 });
  });
});

describe('the chat projection', () => {
  it('puts each message unread by both with a pointer, and read receipts per role', async () => {
    const w = await createdProject();
    await w.chat({ type: 'post', messageId: 'm1', sender: { role: 'contractor', name: 'Bob Builder' }, message: 'Tile arrives Monday', roomId: null });
    const message = stateKeys.chatMessage(projectId, 'm1');
    expect(await w.views.get(message)).toMatchObject({ id: 'm1', message: 'Tile arrives Monday', senderType: 'contractor', readByContractor: false, readByClient: false });
    expect(await w.views.get(stateKeys.messagePointer('m1'))).toMatchObject({ projectId });
    await w.chat({ type: 'markRead', by: 'client', messageIds: ['m1'] }, client);
    expect(await w.views.get(message)).toMatchObject({ readByContractor: false, readByClient: true });
  });
});
