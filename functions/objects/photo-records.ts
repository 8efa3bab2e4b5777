import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PhotoEvidence, PublishAnswer } from '../../events/uploads/photo-rules';
import { thumbnailPathOf } from '../../events/uploads/object-paths';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { stateKeys } from '../store/keys';

/**
 * The record of a published photo (issue 30), by its path (`/objects/…`): the project whose
 * people may see it, who uploaded it, and the evidence taken of its original at publishing. It is
 * what makes a photo private: the photo route serves a path only to the members of its record's
 * project, and a path without a record to no one. Kept for good (unlike upload records, which
 * expire after a day); an erasure that removes the photo removes its record.
 *
 * Photos published before records existed get one from `npm run views:rebuild`
 * (functions/objects/photo-backfill.ts), with the evidence that was never taken left null.
 */

export interface PhotoRecord {
  readonly objectPath: string;
  readonly projectId: string;
  /** The item it was published for, if any. */
  readonly itemId: string | null;
  /** Who uploaded it (null for a backfilled photo whose uploader is not known). */
  readonly uploadedBy: string | null;
  /** Hex SHA-256 of the original's bytes; null for photos published before evidence was taken. */
  readonly sha256: string | null;
  readonly evidence: PhotoEvidence | null;
  /** The bucket keys of the private original and the thumbnail (null: a photo published before they were kept, until the backfill). */
  readonly originalKey: string | null;
  readonly thumbnailKey: string | null;
  readonly publishedAt: string;
}

/** The photo's record, or undefined when the path names no published photo of any project. */
export async function findPhotoRecord(objectPath: string): Promise<PhotoRecord | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.photo(objectPath), ConsistentRead: true }));
  return Item ? photoRecordOf(Item) : undefined;
}

/** A record as the state table holds it (its keys dropped). */
export function photoRecordOf(item: Record<string, unknown>): PhotoRecord {
  const { pk: _pk, sk: _sk, ...record } = item;
  return record as unknown as PhotoRecord;
}

/**
 * Saves the record unless the path has one (two publishes of one upload at once, or a backfill
 * of a photo already recorded): answers the record that stands, and whether it is this one.
 */
export async function savePhotoRecord(record: PhotoRecord): Promise<{ record: PhotoRecord; first: boolean }> {
  try {
    await dynamo().send(
      new PutCommand({ TableName: config().stateTable, Item: { ...stateKeys.photo(record.objectPath), ...record }, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return { record, first: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const standing = await findPhotoRecord(record.objectPath);
    if (!standing) throw error;
    return { record: standing, first: false };
  }
}

export async function deletePhotoRecord(objectPath: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: config().stateTable, Key: stateKeys.photo(objectPath) }));
}

/** The publish answer a record stands for: the same for every repeat of the publish. */
export function answerOf(record: PhotoRecord): PublishAnswer | undefined {
  if (!record.evidence) return undefined;
  return { objectPath: record.objectPath, thumbnailPath: thumbnailPathOf(record.objectPath), evidence: record.evidence };
}
