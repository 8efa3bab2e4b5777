import { projectInput } from '../../contract/project-inputs';
import { httpHandler } from '../http/handler';
import { createProject } from '../projects/create-project';
import { httpRoutes } from '../routes';
import { stateKeys } from '../store/keys';

/**
 * A new project, with the template's rooms and items (see createProject). The owner's tenant
 * record is the one the session read already (the same key, read once): its active projects
 * counter is not read again.
 */
export const handler = httpHandler(
  httpRoutes.createProject,
  { body: projectInput, created: true, preload: (_params, _body, { userId }) => [stateKeys.tenant(userId)] },
  async ({ body, caller, preloaded }) => createProject(caller, body, preloaded[0]),
);
