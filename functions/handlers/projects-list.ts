import { projectDto } from '../projects/dto';
import { clientProjects, contractorProjects } from '../projects/read';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

/** The plain list: a contractor's company's projects (issue 31: its tenant's), or the projects a client is assigned to. */
export const handler = httpHandler(httpRoutes.listProjects, {}, async ({ principal }) => {
  const summaries = principal.role === 'contractor' ? await contractorProjects(principal.tenantId ?? principal.userId) : await clientProjects(principal.userId);
  return summaries.map(projectDto);
});
