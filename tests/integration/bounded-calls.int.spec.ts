import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemStreamId } from '../../events/streams';
import { dynamo } from '../../functions/adapters/dynamo';
import { stateKeys } from '../../functions/store/keys';
import { startLocalCloud, localNames, type LocalCloud } from '../../infra/local/cloud';
import { PASSWORD, uniqueEmail } from '../support/accounts';
import { ApiClient } from '../support/api-client';

/**
 * Issue 27, "every call to another service is bounded": with the mail service frozen, Share with
 * Client answers a 503 naming it (rather than hanging: how soon is bench/bounded-mail.bench.ts's
 * figure, goal 10 s) and records nothing; with the database frozen for
 * 6 s under 60 concurrent writes, every write still lands.
 *
 * Freezing an emulator would stall every other test file of the run, so this file starts a local
 * cloud of its own in its worker process (the handlers behind its gateway run here, configured
 * by this process's environment) and freezes that cloud's emulators with SIGSTOP.
 */

let cloud: LocalCloud;

beforeAll(async () => {
  // The run's shared cloud is in this process's environment (use-local-cloud.ts): start afresh.
  for (const name of Object.keys(process.env)) if (name.startsWith('AWS_ENDPOINT_URL')) delete process.env[name];
  cloud = await startLocalCloud({ port: 0 });
});
afterAll(async () => {
  await cloud?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops (SIGSTOP) a process of this cloud until the returned function resumes it (SIGCONT). */
function freeze(pid: number | undefined): () => void {
  if (!pid) throw new Error('this emulator was not started as a process of its own');
  process.kill(pid, 'SIGSTOP');
  let resumed = false;
  return () => {
    if (!resumed) process.kill(pid, 'SIGCONT');
    resumed = true;
  };
}

const api = () => Object.assign(new ApiClient(randomUUID()), { baseUrl: cloud.url });

async function contractorWithProject(clientEmail: string) {
  const contractor = api();
  const email = uniqueEmail('contractor');
  const registered = await contractor.post('/api/auth/register', {
    firstName: 'Casey', lastName: 'Builder', email, role: 'contractor', password: PASSWORD, confirmPassword: PASSWORD,
  });
  expect(registered.status).toBe(201);
  const project = await contractor.post('/api/projects', { name: 'Maple Street Remodel', address: '12 Maple Street', clientName: 'Chris Owner', clientEmail });
  expect(project.status).toBe(201);
  return { contractor, projectId: project.body.id as string };
}

/** The tokens of the invitation mails this cloud's SES emulator holds for `address`. */
async function invitationsTo(address: string): Promise<string[]> {
  const { emails } = (await (await fetch(`${cloud.endpoints.ses}/store`)).json()) as {
    emails: { destination: { to: string[] }; subject: string; body: { text?: string } }[];
  };
  return emails
    .filter((mail) => mail.destination.to.includes(address) && mail.subject.includes('invited you'))
    .map((mail) => /token=([\w-]+)/.exec(mail.body.text ?? '')?.[1] ?? '');
}

describe('the mail service frozen', () => {
  it('Share with Client answers 503 naming the mail service, records nothing, and works once mail is back', async () => {
    const clientEmail = uniqueEmail('invited');
    const { contractor, projectId } = await contractorWithProject(clientEmail);

    const resume = freeze(cloud.pids.ses);
    let answer: Awaited<ReturnType<ApiClient['post']>>;
    try {
      answer = await contractor.post(`/api/projects/${projectId}/share-with-client`);
    } finally {
      resume();
    }
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ service: 'mail', message: expect.stringContaining('mail service') });

    // Nothing recorded: no event, no invitation token, no checkpoint.
    const history = (await contractor.get(`/api/projects/${projectId}/history`)).body as { action: string }[];
    expect(history.map((entry) => entry.action)).not.toContain('Shared with client');
    const { Items: tokens } = await dynamo().send(
      new QueryCommand({
        TableName: localNames.stateTable,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': stateKeys.projectInvitations(projectId) },
      }),
    );
    expect(tokens).toEqual([]);
    const { Items: checkpoints } = await dynamo().send(
      new QueryCommand({
        TableName: localNames.stateTable,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': stateKeys.auditCheckpoint(projectId, '').pk },
        ConsistentRead: true,
      }),
    );
    expect(checkpoints).toEqual([]);

    // The frozen service may still send what it had taken in once it wakes: let it, then tell those apart.
    await sleep(1000);
    const late = await invitationsTo(clientEmail);

    // Mail is back: the same request works, and its mail's link brings the project to the client.
    const shared = await contractor.post(`/api/projects/${projectId}/share-with-client`);
    expect(shared.status).toBe(200);
    const fresh = (await invitationsTo(clientEmail)).filter((token) => !late.includes(token));
    expect(fresh).toHaveLength(1);
    const client = api();
    const registered = await client.post('/api/auth/register', {
      firstName: 'Chris', lastName: 'Owner', email: clientEmail, role: 'client', password: PASSWORD, confirmPassword: PASSWORD,
    });
    expect(registered.status).toBe(201);
    // A mail the frozen service sent once it woke carries a link that was never stored.
    for (const token of late) expect((await client.post('/api/auth/verify-email', { token })).status).toBe(400);
    expect((await client.post('/api/auth/verify-email', { token: fresh[0] })).status).toBe(200);
    expect(((await client.get('/api/client-projects')).body as { id: string }[]).map((project) => project.id)).toEqual([projectId]);
  });
});

describe('the database frozen', () => {
  it('rides out a 6 s stall under 60 concurrent writes: every write answers 2xx and every event is there', async () => {
    // Six companies' projects, ten items each: 60 people's ticks at once, each an event and its views.
    // Not 60 project creations (440 write units each): after the stall, DynamoDB Local beside the
    // rest of the suite took longer than the SDK's budget to write 26,400 units, which measured the
    // emulator's throughput on two cores, not whether a stall is ridden out.
    const owners = await Promise.all(Array.from({ length: 6 }, () => contractorWithProject(uniqueEmail('client'))));
    const ticks = (
      await Promise.all(
        owners.map(async ({ contractor, projectId }) => {
          const checklist = await contractor.get(`/api/projects/${projectId}/checklist`);
          expect(checklist.status).toBe(200);
          const items = (checklist.body as { rooms: { items: { id: string }[] }[] }).rooms.flatMap((room) => room.items).slice(0, 10);
          return items.map((item) => ({ contractor, itemId: item.id }));
        }),
      )
    ).flat();
    expect(ticks).toHaveLength(60);
    // All 60 sent into the stall (a tick takes ~15 ms: sent before it, many would land before it).
    const resume = freeze(cloud.pids.dynamodb);
    let writes: Promise<{ status: number }>[] = [];
    try {
      writes = ticks.map(({ contractor, itemId }) => contractor.request('PATCH', `/api/checklist-items/${itemId}`, { purchasesMade: true }));
      await sleep(6000);
    } finally {
      resume();
    }
    const answers = await Promise.all(writes);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));

    // Each tick is its item's event, and its item reads ticked.
    for (const { itemId } of ticks) {
      const { Items = [] } = await dynamo().send(
        new QueryCommand({ TableName: localNames.eventsTable, KeyConditionExpression: 'streamId = :id', ExpressionAttributeValues: { ':id': itemStreamId(itemId) }, ConsistentRead: true }),
      );
      expect(Items.filter((event) => event.type === 'ItemFlagSet').map((event) => event.data), itemId).toEqual([{ flag: 'purchased', value: true }]);
    }
    for (const { contractor, projectId } of owners) {
      const rooms = ((await contractor.get(`/api/projects/${projectId}/checklist`)).body as { rooms: { items: { id: string; purchasesMade: boolean }[] }[] }).rooms;
      const ticked = new Set(ticks.map((tick) => tick.itemId));
      for (const item of rooms.flatMap((room) => room.items)) expect(item.purchasesMade, item.id).toBe(ticked.has(item.id));
    }
  }, 180_000);
});
