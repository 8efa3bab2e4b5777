import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { RecordedCheckpoint } from '../../contract/audit';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { stateKeys } from './keys';
import { queryAll } from './query-all';

/**
 * Checkpoints recorded when a project was exported or shared: one state-table item each, in a
 * partition of the project's own (never among its views, which a rebuild replaces). Written once,
 * never updated.
 */

export async function recordCheckpoint(projectId: string, checkpoint: RecordedCheckpoint): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: config().stateTable,
      Item: { ...stateKeys.auditCheckpoint(projectId, ulid()), projectId, ...checkpoint },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The project's recorded checkpoints, oldest first. */
export async function recordedCheckpoints(projectId: string): Promise<RecordedCheckpoint[]> {
  const items = await queryAll<RecordedCheckpoint>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': stateKeys.auditCheckpoint(projectId, '').pk },
    ConsistentRead: true,
  });
  return items.map(({ issuedAt, reason, jws }) => ({ issuedAt, reason, jws }));
}
