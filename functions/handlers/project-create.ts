import { randomUUID } from 'node:crypto';
import { projectInput } from '../../events/projects/inputs';
import { displayName } from '../../events/projects/room-naming';
import { newProjectTemplate } from '../../events/projects/template';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { addTemplateItems } from '../commands/template-items';
import { projectViews } from '../projections/project-views';
import { clientIdForEmail } from '../projects/client-match';
import { projectDto } from '../projects/dto';
import { getSummary } from '../projects/read';
import { httpRoutes } from '../routes';

/** A new project, with the template's rooms and items, assigned to its client if they have an account. */
export const handler = httpHandler(httpRoutes.createProject, { body: projectInput }, async ({ body, principal, requestId, idempotency }) => {
  const projectId = randomUUID();
  const rooms = newProjectTemplate.map((room) => ({ roomId: randomUUID(), type: room.type, name: room.name, customName: room.customName, items: room.items }));
  const clientId = await clientIdForEmail(body.clientEmail);
  const caller = { principal, requestId, idempotency };
  const target = { projectId, tenantId: principal.userId };
  const commands = [{ type: 'create', projectId, details: body, rooms }, ...(clientId ? [{ type: 'assignClient' as const, clientId }] : [])] as const;
  const created = await runCommands(projectDecider, inProject(target), commands, { by: caller, projection: projectViews, respond: () => ({ projectId }) });
  // A retry with the same Idempotency-Key gets the project the first request made.
  if (!created.replayed) {
    await addTemplateItems(caller, target, rooms.map((room) => ({ roomId: room.roomId, roomName: displayName(room), items: room.items })), randomUUID);
  }
  return reply(201, projectDto((await getSummary(created.result.projectId))!));
});
