import { randomUUID } from 'node:crypto';
import pMap from 'p-map';
import { positionOf, type StreamPosition } from '../events/envelope';
import { itemStreamId } from '../events/streams';
import { CALLS_IN_FLIGHT } from '../functions/adapters/bounded-clients';
import type { EventStore } from '../functions/store/event-store';

const CHUNK = 50; // events per append: well inside a transaction's 100 items

/**
 * Appends `count` flag events straight into the store, spread over `items` round robin, CHUNK at
 * a time (as a long-lived job would have them; no views are written with them). Each item's
 * stream in order, a few streams side by side: only one stream's appends wait on each other.
 */
export async function seedFlagEvents(store: EventStore, projectId: string, items: readonly { id: string }[], count: number): Promise<void> {
  const { tenantId } = await store.readHead(itemStreamId(items[0]!.id));
  const chunks = Array.from({ length: Math.ceil(count / CHUNK) }, (_, at) => ({ from: at * CHUNK, item: items[at % items.length]! }));
  await pMap(
    items,
    async (item) => {
      const streamId = itemStreamId(item.id);
      let expected: StreamPosition = await store.readHead(streamId);
      for (const { from } of chunks.filter((chunk) => chunk.item === item)) {
        const events = Array.from({ length: Math.min(CHUNK, count - from) }, (_, i) => ({
          type: 'ItemFlagSet' as const,
          data: { flag: (['selected', 'purchased', 'installed'] as const)[i % 3], value: i % 2 === 0 },
        }));
        const meta = { actorId: 'bench', role: 'contractor' as const, displayName: 'Bench Seeder', at: new Date().toISOString(), requestId: randomUUID() };
        const stored = await store.append({ streamId, expected, events: events as never, tenantId: tenantId!, projectId, meta });
        expected = positionOf(stored, expected);
      }
    },
    { concurrency: CALLS_IN_FLIGHT },
  );
}
