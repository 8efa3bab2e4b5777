import { setTimeout as sleep } from 'node:timers/promises';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import pMap from 'p-map';
import { dynamo } from '../adapters/dynamo';
import { eventStore } from '../commands/event-store';
import { config } from '../config';
import { replaceProjectViews } from '../projections/rebuild';
import { recordedCheckpoints } from '../store/audit-checkpoints';
import { stateKeys } from '../store/keys';
import { getStateItems } from '../store/view-table';
import { decodeArchive, eventCount, type ArchivedMark } from './archive-document';
import { deleteArchiveObject, getArchiveObject } from './archive-bucket';
import { checkArchive } from './archive-project';
import { forgetArchive } from './archived-reads';

/**
 * Restoring an archived project: its events and stream heads go back into the tables exactly as
 * they were (conditional puts: an item already there must be the same one, so a rerun after a
 * crash finishes the job and nothing is overwritten), its views are rebuilt from them through the
 * projections (replaceProjectViews, which also replaces the tombstone by the live summary), then
 * the archive object is deleted: the table is the record again, and one copy is paid for.
 */

export interface RestoreOutcome {
  readonly projectId: string;
  readonly events: number;
  readonly streams: number;
  readonly viewsWritten: number;
}

const PUTS_IN_FLIGHT = 16;

export async function restoreProject(projectId: string): Promise<RestoreOutcome> {
  const [summary] = await getStateItems([stateKeys.projectSummary(projectId)]);
  const mark = summary?.archived as ArchivedMark | undefined;
  if (!mark) throw new Error(summary ? `Project ${projectId} is not archived` : `No project ${projectId}`);
  const document = decodeArchive(await getArchiveObject(mark.key));
  if (document.projectId !== projectId) throw new Error(`The archive at ${mark.key} is of another project (${document.projectId}): nothing restored`);
  const problem = await checkArchive(document, undefined, await recordedCheckpoints(projectId));
  if (problem) throw new Error(`The archive of ${projectId} does not verify (${problem}): nothing restored`);

  const { eventsTable, stateTable } = config();
  const events = document.streams.flatMap((stream) => stream.events);
  await pMap(events, (event) => putOnce(eventsTable, event as unknown as Record<string, unknown>, 'streamId', (found) => found.hash === event.hash), { concurrency: PUTS_IN_FLIGHT });
  await pMap(document.headItems, (head) => putOnce(stateTable, head, 'pk', (found) => found.version === head.version && found.hash === head.hash), { concurrency: PUTS_IN_FLIGHT });

  // The views are rebuilt from the project's index, which follows the table (eventually, in AWS).
  const store = eventStore();
  for (let attempt = 0; (await store.readRawProjectEvents(projectId, { streamsOnly: true })).length < events.length; attempt++) {
    if (attempt >= 60) throw new Error(`The events' project index still misses some of ${projectId}'s ${events.length} restored events: run the restore again`);
    await sleep(500);
  }
  const rebuilt = await replaceProjectViews(store, projectId);
  // The rebuilt summary has no mark; should a replay ever yield one equal to the tombstone, drop it here.
  await dynamo().send(new UpdateCommand({ TableName: stateTable, Key: stateKeys.projectSummary(projectId), UpdateExpression: 'REMOVE archived, archiving', ConditionExpression: 'attribute_exists(pk)' }));
  await deleteArchiveObject(mark.key);
  forgetArchive(mark.key);
  return { projectId, events: eventCount(document), streams: document.streams.length, viewsWritten: rebuilt.written };
}

/** Puts the item unless its key is taken; a taken key must hold the same item (`same`), else the restore stops. */
async function putOnce(TableName: string, Item: Record<string, unknown>, keyName: string, same: (found: Record<string, unknown>) => boolean): Promise<void> {
  try {
    await dynamo().send(new PutCommand({ TableName, Item, ConditionExpression: `attribute_not_exists(${keyName})` }));
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const key = keyName === 'pk' ? { pk: Item.pk, sk: Item.sk } : { streamId: Item.streamId, version: Item.version };
    const { Item: found } = await dynamo().send(new GetCommand({ TableName, Key: key, ConsistentRead: true }));
    if (!found || !same(found)) throw new Error(`${JSON.stringify(key)} holds something other than the archive's copy: nothing overwritten, restore stopped`);
  }
}
