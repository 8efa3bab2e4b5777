import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import { defineEvent, EventCatalogue, type EventOf } from '../../../events/catalogue-machinery';
import { positionOf, streamStart, type EventMeta, type StreamPosition } from '../../../events/envelope';
import type { EventStore, ViewWrite } from '../../../functions/store/event-store';
import { loadByFolding, type Command, type RetryPolicy } from '../../../functions/commands/run-commands';
import { MAX_EVENTS_PER_APPEND } from './settings';

/**
 * What the scenarios write: a bench-only catalogue of one event type (an item's flag set or
 * cleared), ids unique to this run, and the typical commands and view updates.
 */

const flags = ['selected', 'purchased', 'installed'] as const;
type Flag = (typeof flags)[number];

const FlagSet = defineEvent('FlagSet', {
  schemaVersion: 1,
  schema: () => z.object({ flag: z.enum(flags), value: z.boolean() }),
});
export type FlagSetEvent = EventOf<typeof FlagSet>;
export const catalogue = new EventCatalogue([FlagSet]);

export type ItemState = Readonly<Record<Flag, boolean>>;
export const initialItem: ItemState = { selected: false, purchased: false, installed: false };
export const evolveItem = (state: ItemState, event: FlagSetEvent): ItemState => ({ ...state, [event.data.flag]: event.data.value });
export const flagEvent = (i: number): FlagSetEvent => ({ type: 'FlagSet', data: { flag: flags[i % flags.length]!, value: i % 2 === 0 } });

export const tenantId = 'bench-tenant';
const runId = randomUUID().slice(0, 8);
export const id = (kind: string, ...parts: (string | number)[]) => [`bench-${runId}`, kind, ...parts].join('-');

export const meta = (): EventMeta => ({
  actorId: 'bench-user',
  role: 'contractor',
  displayName: 'Bench Contractor',
  at: new Date().toISOString(),
  requestId: randomUUID(),
});

/** Appends `count` events to a new stream in as few transactions as DynamoDB allows. */
export async function seedStream(store: EventStore, streamId: string, count: number, projectId: string): Promise<StreamPosition> {
  let position = streamStart;
  for (let from = 0; from < count; from += MAX_EVENTS_PER_APPEND) {
    const events = Array.from({ length: Math.min(MAX_EVENTS_PER_APPEND, count - from) }, (_, i) => flagEvent(from + i));
    const stored = await store.append({ streamId, expected: position, events, tenantId, projectId, meta: meta() });
    position = positionOf(stored, position);
  }
  return position;
}

/** The typical item command: load by folding the stream, toggle a flag, append. */
export function toggleCommand(
  store: EventStore,
  streamId: string,
  projectId: string,
  counters: { loads: number },
  retry?: RetryPolicy,
): Command<ItemState, FlagSetEvent, ItemState> {
  return {
    streamId,
    tenantId,
    projectId,
    meta: meta(),
    load: () => {
      counters.loads++;
      return loadByFolding(store, streamId, initialItem, (state, event) => evolveItem(state, event as unknown as FlagSetEvent));
    },
    decide: (state) => [{ type: 'FlagSet', data: { flag: 'selected', value: !state.selected } }],
    evolve: evolveItem,
    respond: (after) => after,
    retry,
  };
}

/** Two inline view updates, like a room's and a project's completed / total counters. */
export function counterViews(stateTable: string, projectId: string): ViewWrite[] {
  const counter = (sk: string): ViewWrite => ({
    item: {
      Update: {
        TableName: stateTable,
        Key: { pk: `project#${projectId}#`, sk },
        UpdateExpression: 'ADD #completed :one, #total :one',
        ExpressionAttributeNames: { '#completed': 'completed', '#total': 'total' },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  });
  return [counter('room#bench-room#counters'), counter('counters')];
}
