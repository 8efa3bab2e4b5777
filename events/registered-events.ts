import { accountEvents } from './accounts/events';
import { EventCatalogue, type EventDefinition } from './catalogue-machinery';
import { changeOrderEvents } from './change-orders/events';
import { chatEvents } from './chat/events';
import { itemEvents, projectEvents } from './projects/events';
import { punchEvents } from './punch/events';
import { tenantEvents } from './tenants/events';

/**
 * Every domain event type the product records, in one place. Each domain module exports its
 * definitions and they are listed here; the event store accepts and reads only these.
 */
export const eventDefinitions: readonly EventDefinition[] = [...accountEvents, ...projectEvents, ...itemEvents, ...chatEvents, ...punchEvents, ...changeOrderEvents, ...tenantEvents];

export const catalogue = new EventCatalogue(eventDefinitions);
