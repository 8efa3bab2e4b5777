import type { StoredEvent } from '../../events/envelope';
import { publishedKeyOf } from '../../events/uploads/object-paths';
import { config } from '../config';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { scanAll } from '../store/scan-all';
import { stateTable } from '../tables';

/**
 * What a person uploaded, the only objects an operator tool may remove on their behalf: a path that
 * merely appears in their events or chat may be anyone's photo. Two sources, because upload
 * records are kept only a day (functions/objects/upload-records.ts): the upload records still
 * there (pending uploads, and photos published from them), and the PhotoPublished events the
 * person made (only the uploader may publish an upload, so the actor is the uploader; kept for good).
 */

export type UploadRecordItem = Record<string, unknown> & { pk: string; sk: string; userId: string; objectPath?: string };

/** One account's upload records (gsi1; records are kept a day, and those made before the index expired long ago). */
export async function uploadRecordsOfUser(userId: string): Promise<UploadRecordItem[]> {
  return queryAll<UploadRecordItem>({ IndexName: stateTable.indexes.gsi1.name, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': stateKeys.userUploads(userId) } });
}

/** The upload records of these accounts (a scan: operator tools only). */
export async function uploadRecordsOf(userIds: ReadonlySet<string>): Promise<UploadRecordItem[]> {
  const pk = stateKeys.upload('').pk;
  const prefix = pk.slice(0, pk.indexOf('#') + 1);
  const records = await scanAll<UploadRecordItem>({ TableName: config().stateTable, FilterExpression: 'begins_with(pk, :prefix)', ExpressionAttributeValues: { ':prefix': prefix } });
  return records.filter((record) => userIds.has(record.userId));
}

/** The paths (`/objects/…`) of the photos these accounts published onto items, from their PhotoPublished events. */
export function photoPathsPublishedBy(userIds: ReadonlySet<string>, events: Iterable<Pick<StoredEvent, 'type' | 'data' | 'meta'>>): string[] {
  return [...events].flatMap((event) => {
    const path = (event.data as { objectPath?: unknown }).objectPath;
    return event.type === 'PhotoPublished' && userIds.has(event.meta.actorId) && typeof path === 'string' ? [path] : [];
  });
}

/** The bucket keys (`objects/…`) that published photo paths name, each once. */
export function bucketKeysOf(paths: Iterable<string | undefined>): Set<string> {
  return new Set([...paths].flatMap((path) => (typeof path === 'string' && publishedKeyOf(path) ? [publishedKeyOf(path)!] : [])));
}
