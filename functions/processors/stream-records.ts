import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { StoredEvent } from '../../events/envelope';

/**
 * An event written to the table this long after its own time (`meta.at`, the server's clock at
 * commit) was not appended then: it is an archived project's event put back by a restore
 * (functions/archive/). Its browsers need no notice and its usage was counted when it was
 * appended. Appends are written within seconds of their time; the margin covers DynamoDB Local's
 * stream times, stamped to the whole minute.
 */
export const PUT_BACK_AFTER_MS = 10 * 60_000;

/**
 * The events a batch of the events table's stream records appended: new items only (an archive's
 * deletions are not events, nor are its restores).
 */
export function appendedEvents(records: readonly DynamoDBRecord[]): StoredEvent[] {
  return records.flatMap((record) => {
    if (record.eventName !== 'INSERT' || !record.dynamodb?.NewImage) return [];
    const event = unmarshall(record.dynamodb.NewImage as Record<string, AttributeValue>) as StoredEvent;
    const writtenAt = writtenAtMs(record.dynamodb.ApproximateCreationDateTime);
    return writtenAt !== undefined && writtenAt - Date.parse(event.meta.at) > PUT_BACK_AFTER_MS ? [] : [event];
  });
}

/** Lambda's records carry epoch seconds; the SDK's stream client (the local poller) a Date. */
const writtenAtMs = (value: number | Date | undefined): number | undefined =>
  value instanceof Date ? value.getTime() : typeof value === 'number' ? value * 1000 : undefined;
