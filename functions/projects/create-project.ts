import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type { Project } from '../../contract/projects';
import type { projectInput } from '../../contract/project-inputs';
import { streamStart } from '../../events/envelope';
import { zeroCounts } from '../../events/projects/item-counts';
import { projectDecider } from '../../events/projects/project';
import { displayName } from '../../events/projects/room-naming';
import { newProjectTemplate } from '../../events/projects/template';
import type { Caller } from '../commands/caller';
import { inProject, runCommands } from '../commands/run-commands';
import { addTemplateItems } from '../commands/template-items';
import { summaryItem, type ProjectSummaryView } from '../projections/project-views';
import { withActiveProjects } from './active-projects';
import { clientIdForEmail } from './client-match';
import { projectDto } from './dto';

/**
 * A new project of the caller's, with the template's rooms and items, assigned to its client if
 * they have an account. The answer is the summary as the project's transaction writes it (the
 * template's items move only its counters, which the answer does not show). `tenantRecord`: the
 * tenant's record if the request read it already (with the owner's session).
 */
export async function createProject(caller: Caller, details: z.output<typeof projectInput>, tenantRecord?: Record<string, unknown>): Promise<Project> {
  const projectId = randomUUID();
  const rooms = newProjectTemplate.map((room) => ({ roomId: randomUUID(), type: room.type, name: room.name, customName: room.customName, items: room.items }));
  const clientId = await clientIdForEmail(details.clientEmail);
  // The company's project (issue 31): a colleague creates it for their tenant, and is named on its events as the actor.
  const target = { projectId, tenantId: caller.principal.tenantId ?? caller.principal.userId };
  const commands = [{ type: 'create', projectId, details, rooms }, ...(clientId ? [{ type: 'assignClient' as const, clientId }] : [])] as const;
  // A new active project: refused when the plan's are all taken (issue 31), counted with its events.
  const created = await withActiveProjects(target.tenantId, true, (projection) => runCommands(projectDecider, inProject(target), commands, {
    by: caller,
    projection,
    // A new id: its stream has no head yet (a clash would fail the append's condition).
    head: streamStart,
    // Its counters are spread from names (the view's type cannot see them); the answer shows none.
    respond: (after, _events, at) => projectDto(summaryItem(after, { ...zeroCounts, totalRooms: 0, completedRooms: 0 }, at, at) as unknown as ProjectSummaryView),
  }), tenantRecord);
  // A retry with the same Idempotency-Key gets the project the first request made.
  if (!created.replayed) {
    await addTemplateItems(caller, target, rooms.map((room) => ({ roomId: room.roomId, roomName: displayName(room), items: room.items })), randomUUID);
  }
  return created.result;
}
