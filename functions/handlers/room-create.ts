import { randomUUID } from 'node:crypto';
import { roomInput } from '../../contract/project-inputs';
import { displayName } from '../../events/projects/room-naming';
import { starterItems } from '../../events/projects/template';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { addTemplateItems } from '../commands/template-items';
import { projectViews, roomItem } from '../projections/project-views';
import { roomDto } from '../projects/dto';
import { accessibleProject, projectPreload } from '../projects/project-access';
import { zeroCounts } from '../../events/projects/item-counts';
import { httpRoutes } from '../routes';

/**
 * Adds a room; bedrooms, bathrooms, kitchens and laundry rooms are named by the numbering rules.
 * The room gets the starter items of its type from the project template, as a new project's
 * rooms do (issue 16). Three steps: the session with the project's summary and stream head, the
 * room's transaction, the items' (as project creation adds them); the answer is the room as the
 * two leave it: its items counted, none complete.
 */
export const handler = httpHandler(httpRoutes.createRoom, { body: roomInput, preload: (_params, body) => projectPreload({ id: body.projectId }) }, async ({ body, principal, requestId, idempotency, preloaded }) => {
  const { summary, head } = await accessibleProject(principal, body.projectId, preloaded);
  const roomId = randomUUID();
  const items = starterItems(body.type);
  const command = { type: 'addRoom', roomId, roomType: body.type, name: body.name, customName: body.customName } as const;
  const caller = { principal, requestId, idempotency };
  const target = { projectId: summary.id, tenantId: summary.contractorId };
  const added = await runCommands(projectDecider, inProject(target), [command], {
    by: caller,
    projection: projectViews,
    head,
    respond: (after) => roomDto(roomItem(after.projectId, after.rooms.find((room) => room.roomId === roomId)!, 0, { ...zeroCounts, total: items.length })),
  });
  // A retry with the same Idempotency-Key gets the room the first request made, items and all.
  if (!added.replayed && items.length) {
    await addTemplateItems(caller, target, [{ roomId: added.result.id, roomName: displayName(added.result), items }], randomUUID);
  }
  return reply(201, added.result);
});
