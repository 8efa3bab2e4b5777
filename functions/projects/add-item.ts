import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type { ChecklistItem } from '../../contract/projects';
import type { itemInput } from '../../contract/project-inputs';
import { streamStart } from '../../events/envelope';
import { invalid } from '../../events/errors';
import { itemDecider } from '../../events/projects/item';
import { sectionsFor } from '../../events/projects/model';
import type { Caller } from '../commands/caller';
import { inProject, runCommands } from '../commands/run-commands';
import { itemItem, itemViews, locationIn } from '../projections/item-views';
import { itemDto } from './dto';
import type { ProjectAccess } from './project-access';
import type { RoomView } from '../projections/project-views';

/**
 * Adds an item to a section of the room, every flag off (400 naming category if the room's type
 * has no such section). One transaction, which also marks a complete room incomplete. An item
 * made offline (field mode) comes with its id; one taken by any item of anyone's, even a deleted
 * one, answers 409 naming id and nothing more (the item decider's rule).
 */
export async function addItem(caller: Caller, { summary, room }: ProjectAccess & { room: RoomView }, item: z.output<typeof itemInput>): Promise<ChecklistItem> {
  if (!sectionsFor(room.type).some((section) => section.categories.includes(item.category))) {
    throw invalid('category', `A ${room.type.replace('_', ' ')} room has no ${item.category.replace('_', ' ')} section`);
  }
  const itemId = item.id ?? randomUUID();
  const command = { type: 'add', itemId, roomId: room.id, category: item.category, name: item.name, itemType: item.itemType, details: item.details, order: item.order, cabinetDetails: item.cabinetDetails } as const;
  const { result } = await runCommands(itemDecider, inProject({ projectId: summary.id, tenantId: summary.contractorId }, itemId), [command], {
    by: caller,
    projection: itemViews(locationIn(room), room),
    // A new id: its stream has no head yet (a clash fails the append's condition; the retry reads the head and refuses it).
    head: streamStart,
    respond: (after, _events, _at, version) => itemDto(itemItem(summary.id, after, '', version)),
  });
  return result;
}
