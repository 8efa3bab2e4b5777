import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { stateKeys } from '../store/keys';
import { updateIfPresent } from '../store/update-if-present';

/**
 * Who asked for each upload URL, and what became of it: the record that lets only that person
 * publish the upload, and makes publishing it again answer the same path. It lives as long as a
 * pending upload may (the bucket's lifecycle rule removes those after a day), then TTL removes it.
 */

export const UPLOAD_RECORD_LIFETIME_SECONDS = 24 * 60 * 60;

export interface UploadRecord {
  readonly userId: string;
  /** The upload URL handed out, without its query: the only address this upload may be named by. */
  readonly location: string;
  readonly createdAt: string;
  /** Epoch seconds (the state table's TTL attribute). */
  readonly expiresAt: number;
  /** Set once published. */
  readonly objectPath?: string;
}

export async function saveUploadRecord(key: string, record: Omit<UploadRecord, 'createdAt' | 'expiresAt'>, now = new Date()): Promise<void> {
  const item = {
    ...stateKeys.upload(key),
    // Listed under its account: Delete Account and offboarding find a person's uploads without a scan.
    gsi1pk: stateKeys.userUploads(record.userId),
    gsi1sk: key,
    ...record,
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + UPLOAD_RECORD_LIFETIME_SECONDS,
  };
  // Keys are random; the condition only makes sure no record is ever overwritten.
  await dynamo().send(new PutCommand({ TableName: config().stateTable, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
}

/** The record of an upload that has not expired (TTL deletes lazily, so expiry is checked here too). */
export async function findUploadRecord(key: string, now = new Date()): Promise<UploadRecord | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.upload(key), ConsistentRead: true }));
  const record = Item as UploadRecord | undefined;
  return record && record.expiresAt * 1000 > now.getTime() ? record : undefined;
}

/**
 * Marks an upload published at `objectPath`, unless it already was (two publishes at once): then
 * the path it was published at first.
 */
export async function markPublished(key: string, objectPath: string): Promise<{ objectPath: string; first: boolean }> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config().stateTable,
        Key: stateKeys.upload(key),
        UpdateExpression: 'SET objectPath = :path, publishedAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(objectPath)',
        ExpressionAttributeValues: { ':path': objectPath, ':at': new Date().toISOString() },
      }),
    );
    return { objectPath, first: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const record = await findUploadRecord(key);
    if (!record?.objectPath) throw error;
    return { objectPath: record.objectPath, first: false };
  }
}

/** A claim older than this was left by a request that died: another may take it over. */
export const PUBLISH_CLAIM_SECONDS = 60;

/**
 * Claims the publishing of an upload for this request (issue 30): repeats racing it (a retried
 * PUT /api/objects/acl, another tab) wait for its answer instead of doing the work again, so one
 * object is written and one event recorded. False when another request holds a live claim.
 */
export async function claimPublish(key: string, now = new Date()): Promise<boolean> {
  const at = Math.floor(now.getTime() / 1000);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config().stateTable,
        Key: stateKeys.upload(key),
        UpdateExpression: 'SET publishingSince = :at',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(publishingSince) OR publishingSince < :stale)',
        ExpressionAttributeValues: { ':at': at, ':stale': at - PUBLISH_CLAIM_SECONDS },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The publish claimed by this request failed or was refused: no longer claimed. */
export async function releasePublishClaim(key: string): Promise<void> {
  await updateIfPresent({ Key: stateKeys.upload(key), UpdateExpression: 'REMOVE publishingSince' });
}
