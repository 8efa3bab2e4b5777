import type { StoredEvent } from '../../events/envelope';
import { addUsage, usageMonth } from '../usage/usage-counters';
import { describeError, type Processor } from './processor';

/**
 * Counts the events each tenant appends a month, and their bytes, into the tenant's monthly usage
 * (functions/usage/usage-counters.ts), which the cost report prices: one ADD per tenant and month
 * of a batch, not one per event. The month is the event's own (`meta.at`), so a late batch still
 * counts where it belongs. At least once: a batch retried after its counts were added counts
 * again (rare: only when the runner's own bookkeeping failed).
 */
export const usageMetering: Processor = {
  name: 'usage-metering',
  async handle(events) {
    const groups = new Map<string, { tenantId: string; month: string; events: StoredEvent[] }>();
    for (const event of events) {
      const month = usageMonth(new Date(event.meta.at));
      const key = `${event.tenantId}\n${month}`;
      const group = groups.get(key) ?? { tenantId: event.tenantId, month, events: [] };
      group.events.push(event);
      groups.set(key, group);
    }
    const failures = [];
    for (const { tenantId, month, events: counted } of groups.values()) {
      try {
        await addUsage(tenantId, month, { eventsAppended: counted.length, eventBytes: counted.reduce((sum, event) => sum + storedBytes(event), 0) });
      } catch (error) {
        failures.push(...counted.map(({ eventId }) => ({ eventId, error: describeError(error) })));
      }
    }
    return failures;
  },
};

/**
 * An event's size as stored, near enough for pricing: its JSON's UTF-8 bytes (DynamoDB counts
 * attribute names and values much the same way; numbers are a little smaller than their digits).
 */
export const storedBytes = (event: StoredEvent): number => Buffer.byteLength(JSON.stringify(event), 'utf8');
