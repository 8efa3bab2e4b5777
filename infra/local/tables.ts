import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { indexesOf, type IndexDefinition, type TableDefinition } from '../../functions/tables';

/**
 * Creates the tables of `functions/tables.ts` that do not exist yet, and adds the indexes that a
 * newer definition has to a table kept from an earlier run (`npm start` keeps its data).
 */

const attributeDefinitions = (attributes: readonly { name: string; type: 'S' | 'N' }[]) => [
  ...new Map(attributes.map((a) => [a.name, { AttributeName: a.name, AttributeType: a.type }])).values(),
];

const indexKeySchema = (index: IndexDefinition) => [
  { AttributeName: index.partitionKey.name, KeyType: 'HASH' as const },
  { AttributeName: index.sortKey.name, KeyType: 'RANGE' as const },
];

export async function ensureTable(client: DynamoDBClient, physicalName: string, table: TableDefinition): Promise<void> {
  const indexes = indexesOf(table);
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: physicalName }));
    const existing = new Set(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName));
    for (const index of indexes.filter((i) => !existing.has(i.name))) {
      await client.send(
        new UpdateTableCommand({
          TableName: physicalName,
          AttributeDefinitions: attributeDefinitions([index.partitionKey, index.sortKey]),
          GlobalSecondaryIndexUpdates: [{ Create: { IndexName: index.name, KeySchema: indexKeySchema(index), Projection: { ProjectionType: 'ALL' } } }],
        }),
      );
    }
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyAttributes = [table.partitionKey, table.sortKey, ...indexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  await client.send(
    new CreateTableCommand({
      TableName: physicalName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributeDefinitions(keyAttributes),
      KeySchema: [
        { AttributeName: table.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: table.sortKey.name, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: indexes.length
        ? indexes.map((index) => ({ IndexName: index.name, KeySchema: indexKeySchema(index), Projection: { ProjectionType: 'ALL' } }))
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
