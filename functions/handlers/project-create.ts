import { projectInput } from '../../contract/project-inputs';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { createProject } from '../projects/create-project';
import { httpRoutes } from '../routes';

/** A new project, with the template's rooms and items (see createProject). */
export const handler = httpHandler(httpRoutes.createProject, { body: projectInput }, async ({ body, principal, requestId, idempotency }) =>
  reply(201, await createProject({ principal, requestId, idempotency }, body)),
);
