import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { StoredEvent } from '../../events/envelope';

/** The events a batch of the events table's stream records appended (new items only: an archive's deletions are not events). */
export const appendedEvents = (records: readonly DynamoDBRecord[]): StoredEvent[] =>
  records.flatMap((record) => (record.eventName === 'INSERT' && record.dynamodb?.NewImage ? [unmarshall(record.dynamodb.NewImage as Record<string, AttributeValue>) as StoredEvent] : []));
