import { UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';

/**
 * Updates an item of the state table if it is there. One that is gone (expired, signed out,
 * erased) stays gone: nothing to update, and no error.
 */
export async function updateIfPresent(update: Omit<UpdateCommandInput, 'TableName' | 'ConditionExpression'>): Promise<void> {
  await dynamo()
    .send(new UpdateCommand({ ...update, TableName: config().stateTable, ConditionExpression: 'attribute_exists(pk)' }))
    .catch((error: Error) => {
      if (error.name !== 'ConditionalCheckFailedException') throw error;
    });
}
