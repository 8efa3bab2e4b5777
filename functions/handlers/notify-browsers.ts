import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { notifyBrowsers } from '../live/notify';
import { getSummary } from '../projects/read';

/** Fed by the events table's stream: tells the browsers that have a project open what happened in it (see notifyBrowsers). */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  return notifyBrowsers(event.Records, async (projectId) => (await getSummary(projectId))?.clientId);
}
