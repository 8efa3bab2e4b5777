import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Principal } from '../auth/session-token';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { stateKeys } from '../store/keys';
import { queryAll } from '../store/query-all';
import { stateViewTable } from '../store/view-table';
import { stateTable } from '../tables';
import type { HistoryRow } from '../projections/history';
import type { ItemView } from '../projections/item-views';
import type { ProjectSummaryView, RoomView } from '../projections/project-views';

/**
 * Reads of the checklist's views. Every read through a project id checks that the caller is the
 * project's contractor or its assigned client, and otherwise answers 404, as if it did not exist.
 */

const table = () => config().stateTable;

const beginsWith = (pk: string, prefix: string) => ({
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
  ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
  ConsistentRead: true,
});

export const getSummary = (projectId: string) => stateViewTable.get<ProjectSummaryView>(stateKeys.projectSummary(projectId));

/** Its contractor is any account of the company that owns it (issue 31: `tenantId`, the owner's id); its client is one person. */
export const isMember = (summary: ProjectSummaryView, principal: Principal & { readonly tenantId?: string }) =>
  (principal.role === 'contractor' && (principal.tenantId ?? principal.userId) === summary.contractorId) ||
  (summary.clientId != null && summary.clientId === principal.userId);

export async function listRooms(projectId: string): Promise<RoomView[]> {
  const rooms = await queryAll<RoomView>(beginsWith(stateKeys.projectSummary(projectId).pk, stateKeys.projectRoomsPrefix));
  return rooms.sort(inPositionOrder);
}

/** The checklist's orders: rooms as added, a room's items as displayed (an archived project's views sort the same). */
export const inPositionOrder = (a: RoomView, b: RoomView) => a.position - b.position;
export const inDisplayOrder = (a: ItemView, b: ItemView) => a.order - b.order || a.name.localeCompare(b.name);

export const getRoomView = (projectId: string, roomId: string) => stateViewTable.get<RoomView>(stateKeys.projectRoom(projectId, roomId));

export async function listItems(roomId: string): Promise<ItemView[]> {
  const items = await queryAll<ItemView>(beginsWith(stateKeys.roomPointer(roomId).pk, stateKeys.roomItemsPrefix));
  return items.sort(inDisplayOrder);
}

/** Every room of the project, in position order, and each room's items in display order. */
export async function listChecklist(projectId: string): Promise<{ rooms: RoomView[]; items: Map<string, ItemView[]> }> {
  const rooms = await listRooms(projectId);
  const lists = await Promise.all(rooms.map((room) => listItems(room.id)));
  return { rooms, items: new Map(rooms.map((room, at) => [room.id, lists[at]!])) };
}

export async function itemLocation(itemId: string): Promise<{ projectId: string; roomId: string } | undefined> {
  return stateViewTable.get<{ projectId: string; roomId: string }>(stateKeys.itemPointer(itemId));
}

export async function listHistory(projectId: string, limit: number): Promise<HistoryRow[]> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      ...beginsWith(stateKeys.projectSummary(projectId).pk, stateKeys.historyPrefix),
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items as HistoryRow[];
}

/** A contractor company's projects (its tenant id: the owner's user id), newest last (gsi1), or a client's (gsi2): one query, whatever their size. */
export function contractorProjects(contractorId: string): Promise<ProjectSummaryView[]> {
  return queryAll<ProjectSummaryView>({
    IndexName: stateTable.indexes.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': stateKeys.contractorProjects(contractorId) },
  });
}

export function clientProjects(clientId: string): Promise<ProjectSummaryView[]> {
  return queryAll<ProjectSummaryView>({
    IndexName: stateTable.indexes.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': stateKeys.clientProjects(clientId) },
  });
}

/** Projects waiting for a client account with this e-mail. */
export function projectsAwaitingClient(email: string): Promise<ProjectSummaryView[]> {
  return queryAll<ProjectSummaryView>({
    IndexName: stateTable.indexes.gsi2.name,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': stateKeys.unassignedClientEmail(email) },
  });
}
