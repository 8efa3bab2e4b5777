import { projectWithStatsDto } from '../projects/dto';
import { contractorProjects } from '../projects/read';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.listProjectsWithStats, {}, async ({ principal }) =>
  (await contractorProjects(principal.userId)).map(projectWithStatsDto),
);
