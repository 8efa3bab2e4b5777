import { paginateScan } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';

/**
 * Every project a person appears in, found in the events themselves (an operator's tool, so a scan
 * is fine): the projects they acted in, and those they were ever the client of (assigned, or by an
 * accepted invitation), even after leaving them.
 */
export async function projectsOfPerson(userId: string): Promise<{ projectIds: Set<string>; clientOf: Set<string> }> {
  const projectIds = new Set<string>();
  const clientOf = new Set<string>();
  const pages = paginateScan(
    { client: dynamo() },
    {
      TableName: config().eventsTable,
      FilterExpression: 'attribute_exists(projectId) AND (meta.actorId = :id OR #data.clientId = :id)',
      ProjectionExpression: 'projectId, #type, #data.clientId',
      ExpressionAttributeNames: { '#data': 'data', '#type': 'type' },
      ExpressionAttributeValues: { ':id': userId },
    },
  );
  for await (const page of pages) {
    for (const event of page.Items ?? []) {
      projectIds.add(event.projectId as string);
      if ((event.data as { clientId?: string } | undefined)?.clientId === userId) clientOf.add(event.projectId as string);
    }
  }
  return { projectIds, clientOf };
}
