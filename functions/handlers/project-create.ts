import { projectInput } from '../../contract/project-inputs';
import { httpHandler } from '../http/handler';
import { createProject } from '../projects/create-project';
import { httpRoutes } from '../routes';

/** A new project, with the template's rooms and items (see createProject). */
export const handler = httpHandler(httpRoutes.createProject, { body: projectInput, created: true }, async ({ body, caller }) => createProject(caller, body));
