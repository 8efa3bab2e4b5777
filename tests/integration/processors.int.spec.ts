import { describe, expect, it } from 'vitest';
import { streamStart, type StoredEvent } from '../../events/envelope';
import { eventStore } from '../../functions/commands/event-store';
import type { Processor } from '../../functions/processors/processor';
import { fileDeadLetter, listDeadLetters, readCheckpoint, readEvent } from '../../functions/processors/processor-state';
import { processors } from '../../functions/processors/registry';
import { replayDeadLetters } from '../../functions/processors/replay';
import { runProcessors } from '../../functions/processors/run-processors';
import { processorStatus } from '../../functions/processors/status';
import { getUsage, usageMonth } from '../../functions/usage/usage-counters';
import { signedUp } from '../support/accounts';
import { runScript } from '../support/run-script';
import { storeWith, testMeta, uniqueId } from '../support/store';
import { note } from '../support/test-catalogue';

/**
 * The events stream's processors (issue 31): each keeps a checkpoint (the last event it got past)
 * with its lag, files an event it cannot handle as a dead letter after a bounded number of tries
 * while the events behind it are handled, and replays its dead letters once fixed. The running
 * local cloud feeds the manifest's processors (browser notifier, usage metering); the poison is
 * tried on a processor of the test's own, run by the same runner against the same tables.
 */

/** Waits until `check` holds: the stream is asynchronous (no deadline of ours: vitest's timeout is the bound). */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
}

const newestEventId = async (projectId: string) => (await eventStore().readRawProjectEvents(projectId)).map((event) => event.eventId).sort().at(-1)!;
const passed = async (processor: string, eventId: string) => ((await readCheckpoint(processor))?.eventId ?? '') >= eventId;

describe('the stream processors of the running app', () => {
  it('move their checkpoints past new events with the lag they had, and usage metering counts the events the tenant appended', async () => {
    const contractor = await signedUp('contractor');
    const tenantId = contractor.user.id;
    const created = await contractor.api.post('/api/projects', { name: 'Meter House', address: '1 Count Road', clientName: 'Chris Owner', clientEmail: 'chris@example.com' });
    expect(created.status).toBe(201);
    const projectId = created.body.id as string;
    let newest = await newestEventId(projectId);
    await until(async () => (await passed('browser-notifier', newest)) && (await passed('usage-metering', newest)));
    const before = await getUsage(tenantId, usageMonth());
    expect(before.eventsAppended).toBeGreaterThan(0);

    // Two rooms: two more events of the tenant, counted once each, with their bytes.
    for (const customName of ['Studio', 'Den']) expect((await contractor.api.post('/api/rooms', { projectId, type: 'study', customName })).status).toBe(201);
    const events = await eventStore().readRawProjectEvents(projectId);
    const added = events.filter((event) => event.eventId > newest);
    expect(added).toHaveLength(2);
    newest = await newestEventId(projectId);
    await until(async () => (await passed('browser-notifier', newest)) && (await passed('usage-metering', newest)));
    await until(async () => (await getUsage(tenantId, usageMonth())).eventsAppended >= before.eventsAppended + 2);
    const after = await getUsage(tenantId, usageMonth());
    expect(after.eventsAppended).toBe(before.eventsAppended + 2);
    expect(after.eventBytes - before.eventBytes).toBeGreaterThan(2 * 200);

    // What an operator sees: each processor where it stands, its lag, its dead letters.
    const status = await runScript('processors', ['status', '--json']);
    expect(status.code, status.out).toBe(0);
    const shown = JSON.parse(status.out.slice(status.out.indexOf('['))) as Awaited<ReturnType<typeof processorStatus>>;
    expect(shown.map((entry) => entry.processor)).toEqual(Object.keys(processors));
    for (const entry of shown) {
      expect(entry.checkpoint!.eventId >= newest).toBe(true);
      expect(entry.checkpoint).toMatchObject({ lagSeconds: expect.any(Number), lagEvents: expect.any(Number), handled: expect.any(Number) });
      expect(entry.checkpoint!.lagSeconds).toBeGreaterThanOrEqual(0);
      expect(entry.checkpoint!.lagEvents).toBeGreaterThanOrEqual(1);
    }
    const text = await runScript('processors', ['status']);
    expect(text.out).toMatch(/browser-notifier: at \S+ v\d+ .*lag then [\d.]+ s, \d+ event\(s\)/);
    expect(text.out).toMatch(/usage-metering: at /);
  });

  it('replays a processor\'s dead letters with one command, and the replayed ones leave the list; discards one by its event', async () => {
    const tenantId = uniqueId('tenant');
    const [event] = await storeWith().append({ streamId: uniqueId('item'), expected: streamStart, events: [note('metered')], tenantId, meta: testMeta() });
    await until(async () => (await getUsage(tenantId, usageMonth())).eventsAppended === 1);
    // As if metering had failed on it every try (its usage table unreachable): a dead letter.
    await fileDeadLetter('usage-metering', event!, { error: 'ServiceUnavailable: the table did not answer', attempts: 3, at: new Date() });
    expect((await listDeadLetters('usage-metering')).map((letter) => letter.eventId)).toContain(event!.eventId);

    const replay = await runScript('processors', ['replay', 'usage-metering', '--json']);
    expect(replay.code, replay.out).toBe(0);
    expect(JSON.parse(replay.out.slice(replay.out.indexOf('{')))).toEqual({ processor: 'usage-metering', replayed: 1, stillFailing: [] });
    expect((await listDeadLetters('usage-metering')).map((letter) => letter.eventId)).not.toContain(event!.eventId);
    // Handed over once more: counted again (here it had been counted before it was filed).
    expect((await getUsage(tenantId, usageMonth())).eventsAppended).toBe(2);

    // One not worth replaying is discarded by its event id; the event stays in the table.
    await fileDeadLetter('browser-notifier', event!, { error: 'GoneException', attempts: 3, at: new Date() });
    const discard = await runScript('processors', ['discard', 'browser-notifier', '--event', event!.eventId]);
    expect([discard.code, discard.out]).toEqual([0, expect.stringContaining(`browser-notifier: 1 dead letter(s) discarded (${event!.eventId})`)]);
    expect((await listDeadLetters('browser-notifier')).map((letter) => letter.eventId)).not.toContain(event!.eventId);
    expect(await readEvent(event!.streamId, event!.version)).toMatchObject({ eventId: event!.eventId });
  });

  it('refuses to replay a processor that does not exist, naming those that do', async () => {
    const answer = await runScript('processors', ['replay', 'no-such-processor']);
    expect(answer.code).toBe(2);
    expect(answer.out).toContain('No processor is named "no-such-processor" (processors: browser-notifier, usage-metering)');
  });
});

describe('a processor that cannot handle an event', () => {
  /** Three notes on a stream of their own, as the stream delivers them. */
  async function appendNotes(count: number): Promise<StoredEvent[]> {
    const store = storeWith();
    const streamId = uniqueId('item');
    return store.append({ streamId, expected: streamStart, events: Array.from({ length: count }, (_, i) => note(`note ${i + 1}`)), tenantId: uniqueId('tenant'), meta: testMeta() });
  }

  /** A processor of the test's own that fails on one event while `broken` (a bug not fixed yet). */
  function flakyProcessor(poisonId: string) {
    const state = { broken: true, handled: [] as string[], triesOfPoison: 0 };
    const processor: Processor = {
      name: uniqueId('test-processor'),
      async handle(events) {
        if (events.some((event) => event.eventId === poisonId)) {
          state.triesOfPoison++;
          if (state.broken) throw new Error('cannot read this note');
        }
        state.handled.push(...events.map((event) => event.eventId));
        return [];
      },
    };
    return { processor, state };
  }

  it('files it as a dead letter after the bounded tries, handles the events behind it, and replays it once fixed', async () => {
    const [first, poison, third] = await appendNotes(3);
    const { processor, state } = flakyProcessor(poison!.eventId);
    const noPause = { attempts: 3, pauseMs: () => 0 };

    const [outcome] = await runProcessors([processor], [first!, poison!, third!], noPause);
    expect(outcome).toEqual({ processor: processor.name, handled: 2, deadLettered: 1 });
    expect(state.handled).toEqual([first!.eventId, third!.eventId]);
    const [letter, ...others] = await listDeadLetters(processor.name);
    expect(others).toEqual([]);
    expect(letter).toMatchObject({ eventId: poison!.eventId, streamId: poison!.streamId, version: 2, eventType: 'NoteAdded', attempts: 3, error: 'Error: cannot read this note' });
    expect(await readCheckpoint(processor.name)).toMatchObject({ eventId: third!.eventId, streamId: third!.streamId, version: 3, handled: 2, deadLettered: 1, lagEvents: 3 });

    // Later events are not held up by the dead letter: the checkpoint moves on.
    const [later] = await appendNotes(1);
    await runProcessors([processor], [later!], noPause);
    expect(state.handled).toContain(later!.eventId);
    expect(await readCheckpoint(processor.name)).toMatchObject({ eventId: later!.eventId, handled: 3, deadLettered: 1 });

    // Replayed before the fix: it stays, with the tries added.
    expect(await replayDeadLetters(processor, noPause)).toEqual({
      processor: processor.name,
      replayed: 0,
      stillFailing: [{ eventId: poison!.eventId, streamId: poison!.streamId, version: 2, error: 'Error: cannot read this note' }],
    });
    expect((await listDeadLetters(processor.name))[0]).toMatchObject({ attempts: 6, firstFailedAt: letter!.firstFailedAt });

    // Fixed: the replay hands it over once more and clears it.
    state.broken = false;
    expect(await replayDeadLetters(processor, noPause)).toEqual({ processor: processor.name, replayed: 1, stillFailing: [] });
    expect(state.handled).toContain(poison!.eventId);
    expect(await listDeadLetters(processor.name)).toEqual([]);
    // The checkpoint stays where the stream is, past the replayed event.
    expect(await readCheckpoint(processor.name)).toMatchObject({ eventId: later!.eventId });
  });

  it('keeps the checkpoint at the newest event when batches of different shards finish out of order', async () => {
    const [older, newer] = await appendNotes(2);
    const { processor } = flakyProcessor('none');
    await runProcessors([processor], [newer!]);
    await runProcessors([processor], [older!]);
    // The position stays at the newest; the lag shown is the last batch's.
    expect(await readCheckpoint(processor.name)).toMatchObject({ eventId: newer!.eventId, handled: 2, lagEvents: 1 });
  });
});
