import { randomUUID } from 'node:crypto';
import { positionOf, type StreamPosition } from '../events/envelope';
import { itemStreamId } from '../events/streams';
import type { EventStore } from '../functions/store/event-store';

const CHUNK = 50; // events per append: well inside a transaction's 100 items

/**
 * Appends `count` flag events straight into the store, spread over `items` round robin, CHUNK at
 * a time (as a long-lived job would have them; no views are written with them).
 */
export async function seedFlagEvents(store: EventStore, projectId: string, items: readonly { id: string }[], count: number): Promise<void> {
  const positions = new Map<string, StreamPosition>();
  const { tenantId } = await store.readHead(itemStreamId(items[0]!.id));
  for (let from = 0; from < count; from += CHUNK) {
    const streamId = itemStreamId(items[(from / CHUNK) % items.length]!.id);
    const expected = positions.get(streamId) ?? (await store.readHead(streamId));
    const events = Array.from({ length: Math.min(CHUNK, count - from) }, (_, i) => ({
      type: 'ItemFlagSet' as const,
      data: { flag: (['selected', 'purchased', 'installed'] as const)[i % 3], value: i % 2 === 0 },
    }));
    const meta = { actorId: 'bench', role: 'contractor' as const, displayName: 'Bench Seeder', at: new Date().toISOString(), requestId: randomUUID() };
    const stored = await store.append({ streamId, expected, events: events as never, tenantId: tenantId!, projectId, meta });
    positions.set(streamId, positionOf(stored, expected));
  }
}
