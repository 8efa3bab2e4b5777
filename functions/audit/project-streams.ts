import pMap from 'p-map';
import type { AuditStream, StreamHeadEntry } from '../../contract/audit';
import type { StoredEvent } from '../../events/envelope';
import { chatStreamId, projectStreamId } from '../../events/streams';
import type { EventStore } from '../store/event-store';
import { streamHeadOf } from '../store/event-store';
import { stateKeys } from '../store/keys';
import { getStateItems } from '../store/view-table';
import { CALLS_IN_FLIGHT } from '../adapters/bounded-clients';

/**
 * A project's streams (its own, its items' including deleted ones, its chat) and where each
 * stands. The streams are found through the events' project index, which may lag the newest
 * writes; the heads are read strongly consistent, and a stream whose indexed events stop short of
 * its head is completed from the stream itself. So every stream is exactly its events up to the
 * head that was read (a stream begun in the last instant may be missed: the next export has it).
 * Streams come out by streamId, events by version: the order the verifier checks.
 */

const BATCH = 100;

async function headsOf(streamIds: readonly string[]): Promise<StreamHeadEntry[]> {
  const chunks = Array.from({ length: Math.ceil(streamIds.length / BATCH) }, (_, i) => streamIds.slice(i * BATCH, (i + 1) * BATCH));
  const items = (await pMap(chunks, (ids) => getStateItems(ids.map((id) => stateKeys.streamHead(id))), { concurrency: CALLS_IN_FLIGHT })).flat();
  return streamIds.map((streamId, i) => ({ streamId, ...positionOnly(streamHeadOf(items[i] as Record<string, unknown> | undefined)) })).filter((head) => head.version > 0);
}

const positionOnly = ({ version, hash }: { version: number; hash: string }) => ({ version, hash });

const streamIdsOf = (projectId: string, events: readonly Pick<StoredEvent, 'streamId'>[]) =>
  [...new Set([projectStreamId(projectId), chatStreamId(projectId), ...events.map((event) => event.streamId)])].sort();

/** The heads of the project's streams, by streamId: what a checkpoint signs. */
export async function projectHeads(store: EventStore, projectId: string): Promise<StreamHeadEntry[]> {
  return headsOf(streamIdsOf(projectId, await store.readRawProjectEvents(projectId, { streamsOnly: true })));
}

/** Every event of the project's streams as stored, by stream and version, each stream with its head. */
export async function projectStreams(store: EventStore, projectId: string): Promise<AuditStream[]> {
  const indexed = await store.readRawProjectEvents(projectId);
  const byStream = new Map<string, StoredEvent[]>();
  for (const event of indexed) {
    const events = byStream.get(event.streamId);
    if (events) events.push(event);
    else byStream.set(event.streamId, [event]);
  }
  const heads = await headsOf(streamIdsOf(projectId, indexed));
  return pMap(
    heads,
    async ({ streamId, version, hash }) => {
      const events = (byStream.get(streamId) ?? []).sort((a, b) => a.version - b.version).filter((event) => event.version <= version);
      // The index promises no order of arrival: with a hole anywhere, read the whole stream.
      if (!events.every((event, i) => event.version === i + 1)) return { streamId, head: { version, hash }, events: await store.readRawStream(streamId, { to: version }) };
      const last = events.at(-1)?.version ?? 0;
      if (last < version) events.push(...(await store.readRawStream(streamId, { from: last + 1, to: version })));
      return { streamId, head: { version, hash }, events };
    },
    { concurrency: CALLS_IN_FLIGHT },
  );
}
