import { randomUUID } from 'node:crypto';
import type { EventMeta } from '../../events/envelope';
import type { EventCatalogue } from '../../events/catalogue-machinery';
import { dynamo } from '../../functions/adapters/dynamo';
import { config } from '../../functions/config';
import { createEventStore } from '../../functions/store/event-store';
import { catalogueV2 } from './test-catalogue';

/** An event store on the local cloud's tables, and fresh ids so tests never share a stream. */

export const storeWith = (catalogue: EventCatalogue = catalogueV2) =>
  createEventStore({
    client: dynamo(),
    eventsTableName: config().eventsTable,
    stateTableName: config().stateTable,
    catalogue,
  });

export const uniqueId = (prefix: string) => `${prefix}-${randomUUID()}`;

export const testMeta = (overrides: Partial<EventMeta> = {}): EventMeta => ({
  actorId: 'user-1',
  role: 'contractor',
  displayName: 'Casey Contractor',
  at: new Date().toISOString(),
  requestId: randomUUID(),
  ...overrides,
});
