import { catalogue } from '../../events/registered-events';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { defaultCipher } from '../personal-data/sealing';
import { createEventStore, type EventStore } from '../store/event-store';

let store: EventStore | undefined;

/** The event store the handlers use: the product's catalogue on the configured tables. */
export const eventStore = (): EventStore =>
  (store ??= createEventStore({
    client: dynamo(),
    eventsTableName: config().eventsTable,
    stateTableName: config().stateTable,
    catalogue,
    personalData: defaultCipher(),
  }));
