import { randomUUID } from 'node:crypto';
import { roomInput } from '../../events/projects/inputs';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { projectViews } from '../projections/project-views';
import { roomDto } from '../projects/dto';
import { getRoomView } from '../projects/read';
import { accessibleProject } from '../projects/project-access';
import { httpRoutes } from '../routes';

/** Adds a room; bedrooms, bathrooms, kitchens and laundry rooms are named by the numbering rules. */
export const handler = httpHandler(httpRoutes.createRoom, { body: roomInput }, async ({ body, principal, requestId, idempotency }) => {
  const { summary, head } = await accessibleProject(principal, body.projectId);
  const roomId = randomUUID();
  const command = { type: 'addRoom', roomId, roomType: body.type, name: body.name, customName: body.customName } as const;
  const { result } = await runCommands(projectDecider, inProject({ projectId: summary.id, tenantId: summary.contractorId }), [command], {
    by: { principal, requestId, idempotency },
    projection: projectViews,
    head,
    respond: () => ({ roomId }),
  });
  return reply(201, roomDto((await getRoomView(body.projectId, result.roomId))!));
});
