import { projectInput } from '../../contract/project-inputs';
import { httpHandler } from '../http/handler';
import { idParam } from '../projects/params';
import { accessibleProject, projectPreload } from '../projects/project-access';
import { updateProject } from '../projects/update-project';
import { httpRoutes } from '../routes';

/** Edits the project's details (see updateProject); its summary and stream head are read with the session. */
export const handler = httpHandler(httpRoutes.updateProject, { body: projectInput, params: idParam, preload: projectPreload }, async ({ body, params, principal, caller, preloaded }) =>
  updateProject(caller, await accessibleProject(principal, params.id, preloaded), body),
);
