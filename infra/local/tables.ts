import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import type { TableDefinition } from '../../functions/tables';

/** Creates the tables of `functions/tables.ts` that do not exist yet. */

export async function ensureTable(client: DynamoDBClient, physicalName: string, table: TableDefinition): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: physicalName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyAttributes = [table.partitionKey, table.sortKey, ...table.indexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  const attributeDefinitions = [...new Map(keyAttributes.map((a) => [a.name, { AttributeName: a.name, AttributeType: a.type }])).values()];
  await client.send(
    new CreateTableCommand({
      TableName: physicalName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributeDefinitions,
      KeySchema: [
        { AttributeName: table.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: table.sortKey.name, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: table.indexes.length
        ? table.indexes.map((index) => ({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
              { AttributeName: index.sortKey.name, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          }))
        : undefined,
      StreamSpecification: table.stream ? { StreamEnabled: true, StreamViewType: table.stream } : undefined,
    }),
  );
  if (table.ttlAttribute) {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: physicalName,
        TimeToLiveSpecification: { Enabled: true, AttributeName: table.ttlAttribute },
      }),
    );
  }
}
