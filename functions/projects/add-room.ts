import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type { Room } from '../../contract/projects';
import type { roomInput } from '../../contract/project-inputs';
import { idTaken } from '../../events/projects/edit-base';
import { zeroCounts } from '../../events/projects/item-counts';
import { projectDecider } from '../../events/projects/project';
import { displayName } from '../../events/projects/room-naming';
import { starterItems } from '../../events/projects/template';
import type { Caller } from '../commands/caller';
import { inProject, runCommands } from '../commands/run-commands';
import { eventStore } from '../commands/event-store';
import { addTemplateItems } from '../commands/template-items';
import { projectViews, roomItem } from '../projections/project-views';
import { roomDto } from './dto';
import type { ProjectAccess } from './project-access';

/**
 * Adds a room; bedrooms, bathrooms, kitchens and laundry rooms are named by the numbering rules.
 * The room gets the starter items of its type from the project template, as a new project's
 * rooms do (issue 16). Two transactions: the room's, the items' (as project creation adds them);
 * the answer is the room as the two leave it: its items counted, none complete. A room made
 * offline (field mode) comes with its id: one taken answers 409 naming id and nothing more, a
 * room of this project by the decider, any other's by its pointer (`pointer`: as the request
 * read it; the projection's condition on the pointer catches a race).
 */
export async function addRoom(caller: Caller, { summary, head }: ProjectAccess, room: z.output<typeof roomInput>, pointer?: object): Promise<Room> {
  if (room.id !== undefined && pointer) {
    // Taken, unless by this very request's first copy (a replay racing it): then its answer.
    const earlier = caller.idempotency && (await eventStore().idempotentResponse(caller.idempotency));
    if (earlier) return earlier.response as Room;
    throw idTaken();
  }
  const roomId = room.id ?? randomUUID();
  const items = starterItems(room.type);
  const command = { type: 'addRoom', roomId, roomType: room.type, name: room.name, customName: room.customName } as const;
  const target = { projectId: summary.id, tenantId: summary.contractorId };
  const added = await runCommands(projectDecider, inProject(target), [command], {
    by: caller,
    projection: projectViews,
    head,
    respond: (after) => roomDto(roomItem(after.projectId, after.rooms.find((one) => one.roomId === roomId)!, 0, { ...zeroCounts, total: items.length })),
  });
  // A retry with the same Idempotency-Key gets the room the first request made, items and all.
  if (!added.replayed && items.length) {
    await addTemplateItems(caller, target, [{ roomId: added.result.id, roomName: displayName(added.result), items }], randomUUID);
  }
  return added.result;
}
