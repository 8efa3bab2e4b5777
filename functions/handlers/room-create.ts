import { randomUUID } from 'node:crypto';
import { roomInput } from '../../events/projects/inputs';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { projectViews } from '../projections/project-views';
import { roomDto } from '../projects/dto';
import { accessibleProject, projectPreload } from '../projects/project-access';
import { roomItem } from '../projects/views';
import { httpRoutes } from '../routes';

/**
 * Adds a room; bedrooms, bathrooms, kitchens and laundry rooms are named by the numbering rules.
 * Two steps: the session with the project's summary and stream head, the transaction; the answer
 * is the room as the transaction writes it.
 */
export const handler = httpHandler(httpRoutes.createRoom, { body: roomInput, preload: (_params, body) => projectPreload({ id: body.projectId }) }, async ({ body, principal, requestId, idempotency, preloaded }) => {
  const { summary, head } = await accessibleProject(principal, body.projectId, preloaded);
  const roomId = randomUUID();
  const command = { type: 'addRoom', roomId, roomType: body.type, name: body.name, customName: body.customName } as const;
  const { result } = await runCommands(projectDecider, inProject({ projectId: summary.id, tenantId: summary.contractorId }), [command], {
    by: { principal, requestId, idempotency },
    projection: projectViews,
    head,
    respond: (after) => roomDto(roomItem(after.projectId, after.rooms.find((room) => room.roomId === roomId)!, 0)),
  });
  return reply(201, result);
});
