import { paginateQuery, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';

/** Every item a query on the state table matches, page after page. */
export async function queryAll<T>(input: Omit<QueryCommandInput, 'TableName'>): Promise<T[]> {
  const items: T[] = [];
  for await (const page of paginateQuery({ client: dynamo() }, { TableName: config().stateTable, ...input })) {
    items.push(...((page.Items ?? []) as T[]));
  }
  return items;
}
