import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { StoredEvent } from '../../events/envelope';
import { notifyBrowsers } from '../live/notify';
import { getSummary } from '../projects/read';
import { refreshViewGeneration } from '../store/view-generation';
import type { Processor } from './processor';

/**
 * The first processor: tells the browsers that have a project open what happened in it
 * (functions/live/notify.ts), a project's connections looked up once per batch. The events go to
 * it as the stream records it reads, each named by its event id, so what it reports as failed is
 * retried and dead-lettered by event.
 */
export const browserNotifier: Processor = {
  name: 'browser-notifier',
  async handle(events) {
    // Summaries are read in the live generation of the read models (issue 31).
    await refreshViewGeneration();
    const { batchItemFailures } = await notifyBrowsers(events.map(asStreamRecord), async (projectId) => (await getSummary(projectId))?.clientId);
    return batchItemFailures.map(({ itemIdentifier }) => ({ eventId: itemIdentifier, error: 'the browsers of the project could not be told (see the log line "notify failed" or "connection lookup failed")' }));
  },
};

const asStreamRecord = (event: StoredEvent): DynamoDBRecord => ({
  eventName: 'INSERT',
  dynamodb: { NewImage: marshall(event, { removeUndefinedValues: true }) as never, SequenceNumber: event.eventId },
});
