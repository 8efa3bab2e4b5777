import { randomUUID } from 'node:crypto';
import { streamStart } from '../../events/envelope';
import { projectInput } from '../../contract/project-inputs';
import { displayName } from '../../events/projects/room-naming';
import { newProjectTemplate } from '../../events/projects/template';
import { httpHandler } from '../http/handler';
import { reply } from '../http/responses';
import { projectDecider } from '../../events/projects/project';
import { inProject, runCommands } from '../commands/run-commands';
import { addTemplateItems } from '../commands/template-items';
import { projectViews, summaryItem, type ProjectSummaryView } from '../projections/project-views';
import { clientIdForEmail } from '../projects/client-match';
import { projectDto } from '../projects/dto';
import { zeroCounts } from '../../events/projects/item-counts';
import { httpRoutes } from '../routes';

/**
 * A new project, with the template's rooms and items, assigned to its client if they have an
 * account. The answer is the summary as the project's transaction writes it (the template's
 * items move only its counters, which the answer does not show).
 */
export const handler = httpHandler(httpRoutes.createProject, { body: projectInput }, async ({ body, principal, requestId, idempotency }) => {
  const projectId = randomUUID();
  const rooms = newProjectTemplate.map((room) => ({ roomId: randomUUID(), type: room.type, name: room.name, customName: room.customName, items: room.items }));
  const clientId = await clientIdForEmail(body.clientEmail);
  const caller = { principal, requestId, idempotency };
  const target = { projectId, tenantId: principal.userId };
  const commands = [{ type: 'create', projectId, details: body, rooms }, ...(clientId ? [{ type: 'assignClient' as const, clientId }] : [])] as const;
  const created = await runCommands(projectDecider, inProject(target), commands, {
    by: caller,
    projection: projectViews,
    // A new id: its stream has no head yet (a clash would fail the append's condition).
    head: streamStart,
    // Its counters are spread from names (the view's type cannot see them); the answer shows none.
    respond: (after, _events, at) => projectDto(summaryItem(after, { ...zeroCounts, totalRooms: 0, completedRooms: 0 }, at, at) as unknown as ProjectSummaryView),
  });
  // A retry with the same Idempotency-Key gets the project the first request made.
  if (!created.replayed) {
    await addTemplateItems(caller, target, rooms.map((room) => ({ roomId: room.roomId, roomName: displayName(room), items: room.items })), randomUUID);
  }
  return reply(201, created.result);
});
