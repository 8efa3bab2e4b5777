import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { RecordedCheckpoint } from '../../contract/audit';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { stateKeys } from './keys';
import { queryAll } from './query-all';

/**
 * Checkpoints recorded when a project was exported or shared: one state-table item each, in a
 * partition of the project's own (never among its views, which a rebuild replaces). Written once,
 * never updated. Beside them, one marker holds the digest of the heads last recorded, so a
 * checkpoint is recorded only when the project changed since: exports repeated on an unchanged
 * project add nothing to the record (nor to every later export's size).
 */

const CHECKPOINT_PREFIX = 'checkpoint#';
const lastRecordedKey = (projectId: string) => ({ pk: stateKeys.auditCheckpoint(projectId, '').pk, sk: 'last-recorded-heads' });

/** The digest of the heads the project's last recorded checkpoint signed, if any was recorded. */
export async function lastRecordedHeads(projectId: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: lastRecordedKey(projectId), ConsistentRead: true }));
  return Item?.headsDigest as string | undefined;
}

/**
 * Records the checkpoint unless the last one recorded signed the same heads (`headsDigest`). The
 * marker's condition and the checkpoint commit together, so two exports racing on the same heads
 * record one checkpoint. True when this call recorded it.
 */
export async function recordCheckpointIfMoved(projectId: string, headsDigest: string, checkpoint: RecordedCheckpoint): Promise<boolean> {
  const TableName = config().stateTable;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName,
              Key: lastRecordedKey(projectId),
              UpdateExpression: 'SET headsDigest = :digest, issuedAt = :at',
              ConditionExpression: 'attribute_not_exists(headsDigest) OR headsDigest <> :digest',
              ExpressionAttributeValues: { ':digest': headsDigest, ':at': checkpoint.issuedAt },
            },
          },
          { Put: { TableName, Item: { ...stateKeys.auditCheckpoint(projectId, ulid()), projectId, ...checkpoint }, ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/** The project's recorded checkpoints, oldest first. */
export async function recordedCheckpoints(projectId: string): Promise<RecordedCheckpoint[]> {
  const items = await queryAll<RecordedCheckpoint>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :checkpoint)',
    ExpressionAttributeValues: { ':pk': stateKeys.auditCheckpoint(projectId, '').pk, ':checkpoint': CHECKPOINT_PREFIX },
    ConsistentRead: true,
  });
  return items.map(({ issuedAt, reason, jws }) => ({ issuedAt, reason, jws }));
}
