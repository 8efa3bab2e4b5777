import { verifyChain, type ChainFinding } from '../../events/hash-chain';
import type { EventStore } from './event-store';
import type { StoredEvent } from '../../events/envelope';

/** Tamper checks over stored streams: one stream, one project, or the whole table. */

export async function verifyStream(store: EventStore, streamId: string): Promise<ChainFinding[]> {
  const [events, head] = await Promise.all([store.readRawStream(streamId), store.readHead(streamId)]);
  return verifyChain(streamId, events, head);
}

export async function verifyStreams(store: EventStore, streamIds: Iterable<string>): Promise<ChainFinding[]> {
  const findings: ChainFinding[] = [];
  for (const streamId of new Set(streamIds)) findings.push(...(await verifyStream(store, streamId)));
  return findings;
}

/** Every stream that has an event of the project (a stream's events are then read in full). */
export async function verifyProject(store: EventStore, projectId: string): Promise<ChainFinding[]> {
  const events = await store.readProjectEvents(projectId);
  return verifyStreams(store, events.map((event) => event.streamId));
}

export async function verifyAll(store: EventStore): Promise<{ streams: number; events: number; findings: ChainFinding[] }> {
  const byStream = new Map<string, StoredEvent[]>();
  let events = 0;
  for await (const page of store.scanAllRaw()) {
    for (const event of page) {
      events++;
      const stream = byStream.get(event.streamId);
      if (stream) stream.push(event);
      else byStream.set(event.streamId, [event]);
    }
  }
  const findings: ChainFinding[] = [];
  for (const [streamId, streamEvents] of byStream) {
    streamEvents.sort((a, b) => a.version - b.version);
    findings.push(...verifyChain(streamId, streamEvents, await store.readHead(streamId)));
  }
  return { streams: byStream.size, events, findings };
}
