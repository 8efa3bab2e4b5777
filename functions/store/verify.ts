import canonicalize from 'canonicalize';
import { changeOrderDecider } from '../../events/change-orders/change-order';
import { fold, type Decider } from '../../events/decider';
import { verifyChain, type ChainFinding } from '../../events/hash-chain';
import { itemDecider } from '../../events/projects/item';
import { projectDecider } from '../../events/projects/project';
import { parseStreamId } from '../../events/streams';
import type { EventStore, Snapshot, StreamHead } from './event-store';
import type { NewEvent, StoredEvent } from '../../events/envelope';

/**
 * Tamper checks over stored streams: one stream, one project, or the whole table. Besides the
 * hash chain, a head's snapshot (the state commands load instead of folding) must be exactly the
 * stream's events folded: the fold stays the proof.
 */

export async function verifyStream(store: EventStore, streamId: string): Promise<ChainFinding[]> {
  const [events, head] = await Promise.all([store.readRawStream(streamId), store.readHead(streamId)]);
  return [...verifyChain(streamId, events, head), ...(await verifySnapshot(store, streamId, head))];
}

const canonical = (state: unknown) => canonicalize(JSON.parse(JSON.stringify(state)));

/** The head's snapshot against the stream's events (upcast) folded by its aggregate; nothing to check: no finding. */
export async function verifySnapshot(store: EventStore, streamId: string, head: StreamHead): Promise<ChainFinding[]> {
  const kind = parseStreamId(streamId)?.kind;
  const { snapshot } = head;
  if (!snapshot) return [];
  const holds =
    kind === 'item'
      ? await snapshotHolds(store, itemDecider, streamId, snapshot)
      : kind === 'project'
        ? await snapshotHolds(store, projectDecider, streamId, snapshot)
        : kind === 'changeOrder'
          ? await snapshotHolds(store, changeOrderDecider, streamId, snapshot)
          : true;
  return holds ? [] : [{ streamId, version: head.version, problem: 'snapshot_mismatch', detail: 'the state kept on the stream head is not its events folded' }];
}

async function snapshotHolds<Command, State, Event extends NewEvent>(store: EventStore, decider: Decider<Command, State, Event>, streamId: string, snapshot: Snapshot): Promise<boolean> {
  // A snapshot of another schema is never loaded (commands fold instead): nothing to hold it to.
  if (snapshot.schema !== decider.snapshot?.schema) return true;
  const folded = fold(decider.evolve, decider.initialState, (await store.readStream(streamId)).filter(decider.owns));
  return canonical(folded) === canonical(snapshot.state);
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
    const head = await store.readHead(streamId);
    findings.push(...verifyChain(streamId, streamEvents, head), ...(await verifySnapshot(store, streamId, head)));
  }
  return { streams: byStream.size, events, findings };
}
