import { clientProjectDto } from '../projects/dto';
import { clientProjects } from '../projects/read';
import { httpHandler } from '../http/handler';
import { httpRoutes } from '../routes';

export const handler = httpHandler(httpRoutes.listClientProjects, {}, async ({ principal }) =>
  (await clientProjects(principal.userId)).map(clientProjectDto),
);
