import { paginateScan } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';

/**
 * Every project a person appears in, found in the events themselves (a scan: operator tools and
 * the rare Delete Account; no index is kept by person): the projects they acted in, those they were
 * ever the client of (assigned, or by an accepted invitation), even after leaving them, and the
 * photos they published onto items there.
 */
export async function projectsOfPerson(userId: string): Promise<{ projectIds: Set<string>; clientOf: Set<string>; publishedPhotos: Set<string> }> {
  const projectIds = new Set<string>();
  const clientOf = new Set<string>();
  const publishedPhotos = new Set<string>();
  const pages = paginateScan(
    { client: dynamo() },
    {
      TableName: config().eventsTable,
      FilterExpression: 'attribute_exists(projectId) AND (meta.actorId = :id OR #data.clientId = :id)',
      ProjectionExpression: 'projectId, #type, #data.clientId, #data.objectPath, meta.actorId',
      ExpressionAttributeNames: { '#data': 'data', '#type': 'type' },
      ExpressionAttributeValues: { ':id': userId },
    },
  );
  for await (const page of pages) {
    for (const event of page.Items ?? []) {
      projectIds.add(event.projectId as string);
      const data = (event.data ?? {}) as { clientId?: string; objectPath?: string };
      if (data.clientId === userId) clientOf.add(event.projectId as string);
      if (event.type === 'PhotoPublished' && (event.meta as { actorId?: string } | undefined)?.actorId === userId && data.objectPath) publishedPhotos.add(data.objectPath);
    }
  }
  return { projectIds, clientOf, publishedPhotos };
}
