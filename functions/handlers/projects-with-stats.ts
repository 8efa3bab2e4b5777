import { projectWithStatsDto } from '../projects/dto';
import { contractorProjects } from '../projects/read';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.listProjectsWithStats, {}, async ({ principal }) =>
  // The company's projects (issue 31): a colleague sees the same list as the owner.
  (await contractorProjects(principal.tenantId ?? principal.userId)).map(projectWithStatsDto),
);
