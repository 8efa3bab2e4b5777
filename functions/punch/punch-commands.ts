import { randomUUID } from 'node:crypto';
import type * as z from 'zod/mini';
import type { PunchItem } from '../../contract/punch';
import { streamStart } from '../../events/envelope';
import { conflict, invalid, notFound } from '../../events/errors';
import type { createPunchItemInput, patchPunchItemInput } from '../../events/punch/inputs';
import { punchDecider, type PunchCommand, type PunchFields, type PunchState } from '../../events/punch/punch';
import { punchItemStreamId } from '../../events/streams';
import type { Caller } from '../commands/caller';
import { inProject, runCommands } from '../commands/run-commands';
import { locationIn, type ItemView } from '../projections/item-views';
import type { ProjectSummaryView, RoomView } from '../projections/project-views';
import { punchItemViewOf, punchViews, type PunchItemView } from '../projections/punch-views';
import { refuseIfArchived } from '../projects/archived-project';
import { isMember } from '../projects/read';
import { streamHeadOf } from '../store/event-store';
import { stateKeys } from '../store/keys';
import { getStateItems } from '../store/view-table';
import { punchDto } from './dto';
import { checkProjectPhotos } from './photos';

/**
 * The punch list's writes (issue 30): add a punch item to a room of the project, change its
 * fields or status. Each is the project's access check (members only; 404 to anyone else, as if
 * it did not exist), the checks that need the store (the room and item are this project's, the
 * photos its photos), then one transaction with the item's views and counters.
 */

/** A create's preload: the project's summary, the room named, and the item named (if any). */
export const createPunchPreload = ({ id }: { id: string }, body: z.output<typeof createPunchItemInput>) => [
  stateKeys.projectSummary(id),
  stateKeys.projectRoom(id, body.roomId),
  ...(body.itemId ? [stateKeys.roomItem(body.roomId, body.itemId)] : []),
];

/** A change's preload: the punch item's stream head (its project, and the room its snapshot names). */
export const punchHeadPreload = ({ id }: { id: string }) => [stateKeys.streamHead(punchItemStreamId(id))];

export async function addPunchItem(caller: Caller, projectId: string, preloaded: readonly (Record<string, unknown> | undefined)[], input: z.output<typeof createPunchItemInput>): Promise<PunchItem> {
  const [summary, room, item] = preloaded as [ProjectSummaryView | undefined, RoomView | undefined, ItemView | undefined];
  if (!summary || !isMember(summary, caller.principal)) throw notFound('Project');
  refuseIfArchived(summary);
  if (!room) throw invalid('roomId', 'is not a room of this project');
  if (input.itemId && !item) throw invalid('itemId', 'is not an item of this room');
  await checkProjectPhotos(projectId, 'photos', input.photos);
  const punchItemId = input.id ?? randomUUID();
  const command: PunchCommand = { type: 'add', punchItemId, roomId: room.id, itemId: input.itemId, title: input.title, note: input.note, photos: input.photos, assignee: input.assignee, dueDate: input.dueDate };
  const { result } = await runCommands(punchDecider, inProject({ projectId, tenantId: summary.contractorId }, punchItemId), [command], {
    by: caller,
    projection: punchViews(locationIn(room)),
    // A new id: its stream has no head yet (a clash fails the append's condition; the retry reads the head and refuses it).
    head: streamStart,
    respond: (after, _events, at, version) => punchDto(punchItemViewOf(projectId, after, at, at, version), caller.principal),
  });
  return result;
}

const fieldNames = ['title', 'note', 'itemId', 'assignee', 'dueDate', 'photos'] as const;

export async function changePunchItem(caller: Caller, punchItemId: string, preloaded: readonly (Record<string, unknown> | undefined)[], input: z.output<typeof patchPunchItemInput>): Promise<PunchItem> {
  const head = streamHeadOf(preloaded[0]);
  const snapshot = head.snapshot?.state as PunchState | undefined;
  if (!head.projectId || head.version === 0) throw notFound('Punch item');
  const projectId = head.projectId;
  const [summary, view, roomRead] = await getStateItems<[ProjectSummaryView, PunchItemView, RoomView]>([
    stateKeys.projectSummary(projectId),
    stateKeys.projectPunchItem(projectId, punchItemId),
    ...(snapshot ? [stateKeys.projectRoom(projectId, snapshot.roomId)] : []),
  ]);
  if (!summary || !view || !isMember(summary, caller.principal)) throw notFound('Punch item');
  refuseIfArchived(summary);
  const room = roomRead ?? (snapshot ? undefined : (await getStateItems<[RoomView]>([stateKeys.projectRoom(projectId, view.roomId)]))[0]);
  if (!room) throw conflict("This punch item's room was deleted");
  if (input.itemId && !(await getStateItems([stateKeys.roomItem(room.id, input.itemId)]))[0]) throw invalid('itemId', 'is not an item of this room');
  if (input.photos) await checkProjectPhotos(projectId, 'photos', input.photos, view.photos ?? []);
  if (input.fixPhoto) await checkProjectPhotos(projectId, 'fixPhoto', [input.fixPhoto]);

  const fields: { -readonly [K in keyof PunchFields]?: PunchFields[K] } = {};
  for (const name of fieldNames) if (input[name] !== undefined) (fields as Record<string, unknown>)[name] = input[name];
  const commands: PunchCommand[] = Object.keys(fields).length ? [{ type: 'edit', fields }] : [];
  if (input.status === 'fixed') commands.push({ type: 'fix', note: input.fixNote ?? '', fixPhoto: input.fixPhoto ?? null });
  if (input.status === 'accepted') commands.push({ type: 'accept' });
  if (input.status === 'reopened') commands.push({ type: 'reopen', reason: input.reason ?? '' });

  const { result } = await runCommands(punchDecider, inProject({ projectId, tenantId: summary.contractorId }, punchItemId), commands, {
    by: caller,
    projection: punchViews(locationIn(room)),
    head,
    respond: (after, events, at, version) => punchDto(punchItemViewOf(projectId, after, view.createdAt, events.length ? at : view.updatedAt, version), caller.principal),
  });
  return result;
}
