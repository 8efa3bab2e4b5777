import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { fold } from '../../events/decider';
import { itemDecider, type ItemState } from '../../events/projects/item';
import { projectDecider } from '../../events/projects/project';
import { itemStreamId, projectStreamId } from '../../events/streams';
import { dynamo } from '../../functions/adapters/dynamo';
import { config } from '../../functions/config';
import { eventStore } from '../../functions/commands/event-store';
import { stateKeys } from '../../functions/store/keys';
import { verifyStream } from '../../functions/store/verify';
import { signedUp } from '../support/accounts';

/**
 * Commands load an item or a project from the snapshot kept on its stream's head instead of
 * folding the stream; the fold stays the proof. These hold the snapshot to it.
 */

const headOf = async (streamId: string) =>
  (await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.streamHead(streamId), ConsistentRead: true }))).Item!;

const setSnapshot = (streamId: string, snapshot: unknown) =>
  dynamo().send(
    new UpdateCommand({
      TableName: config().stateTable,
      Key: stateKeys.streamHead(streamId),
      UpdateExpression: 'SET #snapshot = :snapshot',
      ExpressionAttributeNames: { '#snapshot': 'snapshot' },
      ExpressionAttributeValues: { ':snapshot': snapshot },
    }),
  );

async function projectWithClient() {
  const client = await signedUp('client');
  const contractor = await signedUp('contractor');
  const project = (await contractor.api.post('/api/projects', { name: 'Snapshot Street', address: '1 Fold Road', clientName: 'Chris Owner', clientEmail: client.user.email })).body;
  expect((await client.api.get(`/api/projects/${project.id}/checklist`)).status).toBe(200);
  const rooms = (await contractor.api.get(`/api/projects/${project.id}/rooms`)).body;
  const kitchen = rooms.find((room: { type: string }) => room.type === 'kitchen');
  const [item] = (await contractor.api.get(`/api/rooms/${kitchen.id}/items`)).body;
  return { contractor, client, project, kitchen, item };
}

describe('snapshots on stream heads', () => {
  it('keep exactly the events folded, through changes by both people, and the verifier agrees', async () => {
    const { contractor, client, project, kitchen, item } = await projectWithClient();
    const itemStream = itemStreamId(item.id);
    // A template item is born with its snapshot.
    expect((await headOf(itemStream)).snapshot).toMatchObject({ schema: itemDecider.snapshot!.schema, state: { itemId: item.id, exists: true } });

    expect((await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { contractorCompleted: true, details: 'Matte black' })).status).toBe(200);
    expect((await client.api.request('PATCH', `/api/checklist-items/${item.id}`, { clientCompleted: true, purchasesMade: true })).status).toBe(200);
    expect((await contractor.api.put(`/api/checklist-items/${item.id}`, { referenceLinks: ['https://example.com/tap'] })).status).toBe(200);
    expect((await contractor.api.put(`/api/rooms/${kitchen.id}`, { customName: 'Chef Kitchen' })).status).toBe(200);
    expect((await contractor.api.request('PATCH', `/api/projects/${project.id}`, { lockBoxCode: '4411' })).status).toBe(200);

    const store = eventStore();
    const folded = fold(itemDecider.evolve, itemDecider.initialState, (await store.readStream(itemStream)).filter(itemDecider.owns));
    const head = await headOf(itemStream);
    expect(head.version).toBe(6); // added, then one event per field changed
    expect(head.snapshot.state).toEqual(JSON.parse(JSON.stringify(folded)));
    expect(head.snapshot.state).toMatchObject({ selected: true, installed: true, purchased: true, details: 'Matte black', referenceLinks: ['https://example.com/tap'] });
    const projectFolded = fold(projectDecider.evolve, projectDecider.initialState, (await store.readStream(projectStreamId(project.id))).filter(projectDecider.owns));
    expect((await headOf(projectStreamId(project.id))).snapshot.state).toEqual(JSON.parse(JSON.stringify(projectFolded)));
    expect(await verifyStream(store, itemStream)).toEqual([]);
    expect(await verifyStream(store, projectStreamId(project.id))).toEqual([]);
  });

  it('an edited snapshot is found by the verifier', async () => {
    const { contractor, item } = await projectWithClient();
    expect((await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { details: 'Brushed brass' })).status).toBe(200);
    const itemStream = itemStreamId(item.id);
    const { snapshot } = await headOf(itemStream);
    await setSnapshot(itemStream, { ...snapshot, state: { ...snapshot.state, selected: true } });
    expect(await verifyStream(eventStore(), itemStream)).toEqual([expect.objectContaining({ streamId: itemStream, version: 2, problem: 'snapshot_mismatch' })]);
  });

  it('a snapshot of another schema is never loaded: the command folds the stream and keeps a current one', async () => {
    const { contractor, item } = await projectWithClient();
    const itemStream = itemStreamId(item.id);
    expect((await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { details: 'Walnut' })).status).toBe(200);
    const { snapshot } = await headOf(itemStream);
    // A state this aggregate would misread, marked as an older shape.
    await setSnapshot(itemStream, { schema: snapshot.schema - 1, state: { ...snapshot.state, details: 'not from the events', exists: false } });

    const answer = await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { purchasesMade: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: item.id, details: 'Walnut', purchasesMade: true });
    const head = await headOf(itemStream);
    expect(head.snapshot.schema).toBe(itemDecider.snapshot!.schema);
    expect((head.snapshot.state as ItemState).details).toBe('Walnut');
    expect(await verifyStream(eventStore(), itemStream)).toEqual([]);
  });

  it("events carry the name the session holds, renamed with the profile", async () => {
    const { contractor, project, item } = await projectWithClient();
    const profile = { firstName: 'Robin', lastName: 'Renamed', email: contractor.user.email, companyName: null, phone: null };
    expect((await contractor.api.put('/api/auth/profile', profile)).status).toBe(200);
    expect((await contractor.api.request('PATCH', `/api/checklist-items/${item.id}`, { contractorCompleted: true })).status).toBe(200);
    const [latest] = (await contractor.api.get(`/api/projects/${project.id}/history`)).body;
    expect(latest).toMatchObject({ action: 'Marked as completed (contractor)', userName: 'Robin Renamed' });
  });

  it("a foreign item's id answers 404 whatever its head says, and changes nothing", async () => {
    const { item } = await projectWithClient();
    const stranger = await signedUp('contractor');
    const before = await headOf(itemStreamId(item.id));
    for (const body of [{ purchasesMade: true }, { contractorCompleted: true }, { clientCompleted: true }]) {
      expect((await stranger.api.request('PATCH', `/api/checklist-items/${item.id}`, body)).status).toBe(404);
    }
    expect((await stranger.api.delete(`/api/checklist-items/${item.id}`)).status).toBe(404);
    expect((await headOf(itemStreamId(item.id))).version).toBe(before.version);
  });
});
