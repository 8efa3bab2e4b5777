import { paginateQuery, paginateScan } from '@aws-sdk/lib-dynamodb';
import pMap from 'p-map';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { eventsTable, stateTable } from '../tables';

export interface PersonAppearances {
  readonly projectIds: Set<string>;
  readonly clientOf: Set<string>;
  readonly publishedPhotos: Set<string>;
}

/**
 * The same as projectsOfPerson, from the person-projects view (functions/projections/project-views.ts)
 * instead of a scan: the projects they were the contractor or a client of, then their PhotoPublished
 * events in each (a query of the project's events). What Delete Account uses: no route scans a
 * table (issue 27). Projects whose views predate the view are found once `views:rebuild` ran.
 */
export async function projectsOfPersonIndexed(userId: string): Promise<PersonAppearances> {
  const parts = await queryAll<{ projectId: string; role: string }>({
    IndexName: stateTable.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': stateKeys.personProjects(userId) },
  });
  const projectIds = new Set(parts.map((part) => part.projectId));
  const clientOf = new Set(parts.filter((part) => part.role === 'client').map((part) => part.projectId));
  const publishedPhotos = new Set<string>();
  await pMap(
    [...projectIds],
    async (projectId) => {
      const pages = paginateQuery(
        { client: dynamo() },
        {
          TableName: config().eventsTable,
          IndexName: eventsTable.indexes.byProject.name,
          KeyConditionExpression: 'projectId = :project',
          FilterExpression: '#type = :published AND meta.actorId = :id',
          ProjectionExpression: '#data.objectPath',
          ExpressionAttributeNames: { '#type': 'type', '#data': 'data' },
          ExpressionAttributeValues: { ':project': projectId, ':published': 'PhotoPublished', ':id': userId },
        },
      );
      for await (const page of pages) for (const event of page.Items ?? []) if (typeof event.data?.objectPath === 'string') publishedPhotos.add(event.data.objectPath);
    },
    { concurrency: 4 },
  );
  return { projectIds, clientOf, publishedPhotos };
}

/**
 * Every project a person appears in, found in the events themselves (a scan: operator tools and
 * the rare Delete Account; no index is kept by person): the projects they acted in, those they were
 * ever the client of (assigned, or by an accepted invitation), even after leaving them, and the
 * photos they published onto items there.
 */
export async function projectsOfPerson(userId: string): Promise<PersonAppearances> {
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
