import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { indexesOf, tables, type KeyAttribute, type TableDefinition } from '../../functions/tables';
import { pascal } from './construct-ids';

const attributeTypes = { S: AttributeType.STRING, N: AttributeType.NUMBER } as const;
const attribute = (key: KeyAttribute) => ({ name: key.name, type: attributeTypes[key.type] });

/** The DynamoDB tables of `functions/tables.ts`, by name: on demand, recoverable to the second, retained. */
export function buildTables(scope: Stack): Map<string, Table> {
  return new Map(tables.map((definition) => [definition.name, table(scope, definition)]));
}

function table(scope: Stack, definition: TableDefinition): Table {
  const built = new Table(scope, `${pascal(definition.name)}Table`, {
    partitionKey: attribute(definition.partitionKey),
    sortKey: attribute(definition.sortKey),
    billingMode: BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    deletionProtection: true,
    removalPolicy: RemovalPolicy.RETAIN,
    stream: definition.stream === 'NEW_IMAGE' ? StreamViewType.NEW_IMAGE : undefined,
    timeToLiveAttribute: definition.ttlAttribute,
  });
  for (const index of indexesOf(definition)) {
    built.addGlobalSecondaryIndex({
      indexName: index.name,
      partitionKey: attribute(index.partitionKey),
      sortKey: attribute(index.sortKey),
      projectionType: ProjectionType.ALL,
    });
  }
  return built;
}
