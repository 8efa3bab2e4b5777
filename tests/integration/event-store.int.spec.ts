import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { streamStart, type StoredEvent } from '../../events/envelope';
import { DomainError } from '../../events/errors';
import { dynamo } from '../../functions/adapters/dynamo';
import { config } from '../../functions/config';
import { ConcurrencyConflict } from '../../functions/store/event-store';
import { loadByFolding, runCommand } from '../../functions/commands/run-commands';
import { verifyProject, verifyStream } from '../../functions/store/verify';
import { storeWith, testMeta, uniqueId } from '../support/store';
import { catalogueV1, note } from '../support/test-catalogue';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A command that appends one note to a stream, counting the events already there. */
const addNote = (store: ReturnType<typeof storeWith>, streamId: string, text: string) => ({
  streamId,
  tenantId: 'tenant-a',
  meta: testMeta(),
  load: () => loadByFolding(store, streamId, 0, (count: number) => count + 1),
  decide: () => [note(text)],
  evolve: (count: number) => count + 1,
  respond: (count: number) => ({ version: count }),
});

describe('appending to a stream', () => {
  it('lands all of 50 concurrent appends to one stream as versions 1..50 with no gap', async () => {
    const store = storeWith();
    const streamId = uniqueId('item');
    const outcomes = await Promise.allSettled(
      range(1, 50).map((writer) =>
        runCommand(store, { ...addNote(store, streamId, `writer ${writer}`), retry: { retries: 200, minTimeoutMs: 5, maxTimeoutMs: 100 } }),
      ),
    );

    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const events = await store.readStream(streamId);
    expect(events.map((event) => event.version)).toEqual(range(1, 50));
    // Each writer's note landed exactly once, and each writer was told the version it got.
    expect(new Set(events.map((event) => (event.data as { text: string }).text)).size).toBe(50);
    const answered = outcomes.map((outcome) => (outcome.status === 'fulfilled' ? (outcome.value.result as { version: number }).version : 0));
    expect(answered.sort((a, b) => a - b)).toEqual(range(1, 50));
    expect(await store.readHead(streamId)).toMatchObject({ version: 50, hash: events.at(-1)!.hash });
    expect(await verifyStream(store, streamId)).toEqual([]);
  });

  it('answers a 409 naming the stream when conflicts outlast the retries, after re-reading each time', async () => {
    const store = storeWith();
    const streamId = uniqueId('item');
    await store.append({ streamId, expected: streamStart, events: [note('first')], tenantId: 'tenant-a', meta: testMeta() });
    let loads = 0;
    const stale = runCommand(store, {
      ...addNote(store, streamId, 'late'),
      // Always reads a position someone else has already moved past.
      load: async () => (loads++, { state: 0, position: streamStart }),
      retry: { retries: 2, minTimeoutMs: 1, maxTimeoutMs: 5 },
    });

    const error = await stale.then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'conflict', message: expect.stringContaining(streamId) });
    expect(loads).toBe(3);
    expect((await store.readStream(streamId)).map((event) => event.version)).toEqual([1]);
  });

  it('refuses an expected position whose version is right but whose hash is not', async () => {
    const store = storeWith();
    const streamId = uniqueId('item');
    await store.append({ streamId, expected: streamStart, events: [note('first')], tenantId: 'tenant-a', meta: testMeta() });
    const append = store.append({ streamId, expected: { version: 1, hash: 'f'.repeat(64) }, events: [note('forged')], tenantId: 'tenant-a', meta: testMeta() });
    await expect(append).rejects.toBeInstanceOf(ConcurrencyConflict);
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('commits the events and their view updates together', async () => {
    const store = storeWith();
    const streamId = uniqueId('item');
    const counterKey = { pk: `counter#${streamId}#`, sk: 'counter' };
    // The views are built from the events as the store will keep them, then committed with them.
    const prepared = await store.prepare({ streamId, expected: streamStart, events: [note('a'), note('b')], tenantId: 'tenant-a', meta: testMeta() });
    await store.commit([
      {
        prepared,
        views: [
          {
            item: {
              Update: {
                TableName: config().stateTable,
                Key: counterKey,
                UpdateExpression: 'ADD notes :n SET lastEventId = :id',
                ExpressionAttributeValues: { ':n': prepared.events.length, ':id': prepared.events.at(-1)!.eventId },
              },
            },
          },
        ],
      },
    ]);
    const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: counterKey }));
    const events = await store.readStream(streamId);
    expect(Item).toMatchObject({ notes: 2, lastEventId: events[1]!.eventId });
  });

  it('leaves no event behind when a view update in the same transaction fails', async () => {
    const store = storeWith();
    const streamId = uniqueId('item');
    const counterKey = { pk: `counter#${streamId}#`, sk: 'counter' };
    const taken = new DomainError('conflict', 'That e-mail address is already registered');
    const prepared = await store.prepare({ streamId, expected: streamStart, events: [note('should not survive')], tenantId: 'tenant-a', meta: testMeta() });
    const append = store.commit([
      {
        prepared,
        views: [
          { item: { Update: { TableName: config().stateTable, Key: counterKey, UpdateExpression: 'ADD notes :one', ExpressionAttributeValues: { ':one': 1 } } } },
          {
            // A uniqueness guard that is already taken.
            item: { ConditionCheck: { TableName: config().stateTable, Key: { pk: `missing#${streamId}#`, sk: 'x' }, ConditionExpression: 'attribute_exists(pk)' } },
            onConditionFailed: () => taken,
          },
        ],
      },
    ]);

    await expect(append).rejects.toBe(taken);
    expect(await store.readStream(streamId)).toEqual([]);
    expect(await store.readHead(streamId)).toEqual(streamStart);
    const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: counterKey }));
    expect(Item).toBeUndefined();
  });

  it('reads a stream longer than one DynamoDB page in full and in order', async () => {
    const store = storeWith();
    const streamId = uniqueId('item');
    const bulky = 'x'.repeat(20_000); // 60 × 20 KB > the 1 MB a Query page holds
    let position = streamStart;
    for (let batch = 0; batch < 6; batch++) {
      const events = range(1, 10).map((i) => note(`${batch * 10 + i} ${bulky}`));
      const stored = await store.append({ streamId, expected: position, events, tenantId: 'tenant-a', meta: testMeta() });
      position = stored.at(-1)!;
    }
    const events = await store.readStream(streamId);
    expect(events.map((event) => event.version)).toEqual(range(1, 60));
  });

  it("lists a project's events across its streams in time order, and only that project's", async () => {
    const store = storeWith();
    const projectId = uniqueId('project');
    const streams = [uniqueId('project'), uniqueId('item'), uniqueId('chat')];
    const positions = new Map(streams.map((stream) => [stream, streamStart]));
    const appended: StoredEvent[] = [];
    for (const round of [1, 2]) {
      for (const stream of streams) {
        const [event] = await store.append({ streamId: stream, expected: positions.get(stream)!, events: [note(`${stream} ${round}`)], tenantId: 'tenant-a', projectId, meta: testMeta() });
        positions.set(stream, event!);
        appended.push(event!);
      }
    }
    await store.append({ streamId: uniqueId('item'), expected: streamStart, events: [note('elsewhere')], tenantId: 'tenant-a', projectId: `${projectId}0`, meta: testMeta() });

    const listed = await store.readProjectEvents(projectId);
    expect(listed.map((event) => event.eventId)).toEqual(appended.map((event) => event.eventId));
    expect(await verifyProject(store, projectId)).toEqual([]);
  });
});

describe('tamper evidence', () => {
  const eventsTable = () => config().eventsTable;

  async function streamOfFive() {
    const store = storeWith();
    const streamId = uniqueId('item');
    await store.append({ streamId, expected: streamStart, events: range(1, 5).map((i) => note(`note ${i}`)), tenantId: 'tenant-a', meta: testMeta() });
    expect(await verifyStream(store, streamId)).toEqual([]);
    return { store, streamId };
  }

  it('finds an edited event', async () => {
    const { store, streamId } = await streamOfFive();
    await dynamo().send(
      new UpdateCommand({ TableName: eventsTable(), Key: { streamId, version: 3 }, UpdateExpression: 'SET #data.#text = :forged', ExpressionAttributeNames: { '#data': 'data', '#text': 'text' }, ExpressionAttributeValues: { ':forged': 'forged' } }),
    );
    expect(await verifyStream(store, streamId)).toEqual([expect.objectContaining({ version: 3, problem: 'edited' })]);
  });

  it('finds an event removed from the middle and one removed from the end', async () => {
    const { store, streamId } = await streamOfFive();
    await dynamo().send(new DeleteCommand({ TableName: eventsTable(), Key: { streamId, version: 2 } }));
    expect(await verifyStream(store, streamId)).toEqual(
      expect.arrayContaining([expect.objectContaining({ version: 3, problem: 'gap' }), expect.objectContaining({ version: 3, problem: 'broken_link' })]),
    );

    const second = await streamOfFive();
    await dynamo().send(new DeleteCommand({ TableName: eventsTable(), Key: { streamId: second.streamId, version: 5 } }));
    expect(await verifyStream(second.store, second.streamId)).toEqual([expect.objectContaining({ problem: 'head_mismatch' })]);
  });

  it('finds two events that swapped places', async () => {
    const { store, streamId } = await streamOfFive();
    const [two, three] = await store.readRawStream(streamId, { from: 2, to: 3 });
    await dynamo().send(new PutCommand({ TableName: eventsTable(), Item: { ...three, version: 2 } }));
    await dynamo().send(new PutCommand({ TableName: eventsTable(), Item: { ...two, version: 3 } }));
    const findings = await verifyStream(store, streamId);
    expect(findings.map((finding) => finding.version)).toEqual(expect.arrayContaining([2, 3]));
    expect(findings.every((finding) => ['broken_link', 'edited'].includes(finding.problem))).toBe(true);
  });
});

describe('schema versions', () => {
  it('upcasts events written by older code when reading, and keeps them as written', async () => {
    const oldCode = storeWith(catalogueV1);
    const newCode = storeWith();
    const streamId = uniqueId('item');
    const [written] = await oldCode.append({ streamId, expected: streamStart, events: [{ type: 'NoteAdded', data: { text: 'from v1' } }], tenantId: 'tenant-a', meta: testMeta() });

    const [read] = await newCode.readStream(streamId);
    expect(read).toMatchObject({ version: 1, schemaVersion: 2, data: { text: 'from v1', pinned: false } });
    const [raw] = await newCode.readRawStream(streamId);
    expect(raw).toMatchObject({ schemaVersion: 1, data: { text: 'from v1' } });
    expect(raw!.data).not.toHaveProperty('pinned');

    // New code goes on from where the old left off, and the chain still holds.
    await newCode.append({ streamId, expected: written!, events: [note('from v2', true)], tenantId: 'tenant-a', meta: testMeta() });
    expect((await newCode.readStream(streamId)).map((event) => event.schemaVersion)).toEqual([2, 2]);
    expect(await verifyStream(newCode, streamId)).toEqual([]);
  });
});

describe('Idempotency-Key', () => {
  const key = (requestHash = 'request-1') => ({ scope: uniqueScope, key: 'retry-me', requestHash });
  const uniqueScope = uniqueId('user');

  it('answers a retried command from the first answer and appends nothing twice, even concurrently', async () => {
    const store = storeWith();
    const streamId = uniqueId('item');
    const idempotency = key();
    const first = await runCommand(store, { ...addNote(store, streamId, 'once'), idempotency });
    const retries = await Promise.all(range(1, 5).map(() => runCommand(store, { ...addNote(store, streamId, 'once'), idempotency })));

    expect(first).toMatchObject({ replayed: false, result: { version: 1 } });
    for (const retry of retries) expect(retry).toMatchObject({ replayed: true, result: { version: 1 }, events: [] });
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('lets only one of several simultaneous first attempts append', async () => {
    const store = storeWith();
    const streamId = uniqueId('item');
    const idempotency = { ...key(), key: uniqueId('key') };
    const outcomes = await Promise.all(range(1, 5).map(() => runCommand(store, { ...addNote(store, streamId, 'once'), idempotency })));
    expect(outcomes.filter((outcome) => !outcome.replayed)).toHaveLength(1);
    expect(new Set(outcomes.map((outcome) => JSON.stringify(outcome.result)))).toEqual(new Set(['{"version":1}']));
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('answers a copy that loads what the first committed with the first answer, where deciding again would be refused (a delete of a deleted item)', async () => {
    const store = storeWith();
    const streamId = uniqueId('item');
    const idempotency = { ...key(), key: uniqueId('key') };
    // Appends once: deciding on a stream that already has its note is refused, as a second delete is.
    const once = { ...addNote(store, streamId, 'once'), decide: (count: number) => { if (count > 0) throw new DomainError('not_found', 'Already done'); return [note('once')]; } };
    let firstCommitted!: () => void;
    const committed = new Promise<void>((resolve) => (firstCommitted = resolve));
    // The copy starts first, but its load is slow: it reads the stream only once the first has committed.
    const copy = runCommand(store, { ...once, idempotency, load: async () => (await committed, once.load()) });
    const first = await runCommand(store, { ...once, idempotency });
    firstCommitted();
    expect(first).toMatchObject({ replayed: false, result: { version: 1 } });
    expect(await copy).toMatchObject({ replayed: true, result: { version: 1 }, events: [] });
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('refuses a key reused for a different request with 422 and appends nothing', async () => {
    const store = storeWith();
    const streamId = uniqueId('item');
    const idempotency = { ...key(), key: uniqueId('key') };
    await runCommand(store, { ...addNote(store, streamId, 'first'), idempotency });
    const reuse = runCommand(store, { ...addNote(store, streamId, 'other'), idempotency: { ...idempotency, requestHash: 'request-2' } });
    await expect(reuse).rejects.toMatchObject({ kind: 'unprocessable', message: expect.stringContaining('Idempotency-Key') });
    expect(await store.readStream(streamId)).toHaveLength(1);
  });
});
