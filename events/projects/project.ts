import { eventGuard, tenantOf, type Actor, type Decider } from '../decider';
import { DomainError, forbidden, invalid, notFound } from '../errors';
import { idTaken, RoomNameConflict, textConflicts } from './edit-base';
import { projectEvents, projectStreamId, type PhotoPublishedData, type ProjectDetails, type ProjectEvent } from './events';
import type { RoomType } from './model';
import { displayName, nameNewRoom } from './room-naming';

/**
 * The project aggregate: details, client, lock box code and rooms. Only the project's contractor
 * changes it; its client may read it; anyone else is told it does not exist.
 */

export interface RoomState {
  readonly roomId: string;
  readonly type: RoomType;
  readonly name: string;
  readonly customName: string | null;
}

export interface ProjectState {
  readonly exists: boolean;
  readonly projectId: string;
  readonly contractorId: string;
  readonly clientId: string | null;
  readonly details: ProjectDetails;
  readonly lockBoxCode: string | null;
  /** Live rooms, in the order they were added. */
  readonly rooms: readonly RoomState[];
}

export const initialProjectState: ProjectState = {
  exists: false,
  projectId: '',
  contractorId: '',
  clientId: null,
  details: { name: '', address: '', clientName: '', clientEmail: null, clientPhone: null, status: 'active', contractorNotes: null, startDate: null, targetCompletionDate: null },
  lockBoxCode: null,
  rooms: [],
};

export type ProjectCommand =
  | { type: 'create'; projectId: string; details: ProjectDetails; rooms: readonly RoomState[] }
  | { type: 'update'; details: ProjectDetails }
  | { type: 'delete' }
  | { type: 'setLockBoxCode'; code: string | null }
  | { type: 'assignClient'; clientId: string | null }
  | { type: 'inviteClient' }
  | { type: 'acceptInvitation'; clientId: string }
  | { type: 'addRoom'; roomId: string; roomType: RoomType; name?: string; customName?: string | null }
  /** With `base` (field mode, issue 29): the custom name its editor saw; someone else's different rename since is a conflict. */
  | { type: 'renameRoom'; roomId: string; customName: string; base?: string | null }
  | { type: 'deleteRoom'; roomId: string }
  /** A photo published for the project itself (issue 30: e.g. a punch item's), by either of its people. */
  | { type: 'recordPhoto'; photo: PhotoPublishedData };

export const NO_CLIENT_EMAIL = 'This project has no client email. Add one with Edit Project first.';

/** The project's contractor: an account of the company (tenant) that owns it (issue 31: the owner or a colleague). */
const isItsContractor = (state: ProjectState, actor: Actor): boolean => actor.role === 'contractor' && tenantOf(actor) === state.contractorId;

/** May this person see the project at all? (Its contractor, or its assigned client.) */
export const canRead = (state: ProjectState, actor: Actor): boolean =>
  state.exists && (isItsContractor(state, actor) || (state.clientId !== null && actor.userId === state.clientId));

function assertContractor(state: ProjectState, actor: Actor): void {
  if (!canRead(state, actor)) throw notFound('Project');
  if (!isItsContractor(state, actor)) throw forbidden('Only the contractor can change the project and its rooms.');
}

function room(state: ProjectState, roomId: string): RoomState {
  const found = state.rooms.find((r) => r.roomId === roomId);
  if (!found) throw notFound('Room');
  return found;
}

const detailFields = ['name', 'address', 'clientName', 'clientEmail', 'clientPhone', 'status', 'contractorNotes', 'startDate', 'targetCompletionDate'] as const;

export function decideProject(command: ProjectCommand, state: ProjectState, actor: Actor): ProjectEvent[] {
  if (command.type === 'create') {
    if (state.exists) throw new DomainError('conflict', 'This project already exists');
    if (actor.role !== 'contractor') throw forbidden('Only contractors can create projects.');
    return [
      { type: 'ProjectCreated', data: { projectId: command.projectId, contractorId: tenantOf(actor), ...command.details } },
      ...command.rooms.map((r) => ({ type: 'RoomAdded' as const, data: { roomId: r.roomId, type: r.type, name: r.name, customName: r.customName } })),
    ];
  }
  if (command.type === 'assignClient') {
    // Done by the system when a client account with the project's client e-mail exists.
    return state.exists && state.clientId !== command.clientId ? [{ type: 'ClientAssigned', data: { clientId: command.clientId } }] : [];
  }
  if (command.type === 'acceptInvitation') {
    // Done by the system once the invited client proved the e-mail, after assigning them.
    return state.exists && state.clientId === command.clientId ? [{ type: 'InvitationAccepted', data: { clientId: command.clientId } }] : [];
  }
  if (command.type === 'recordPhoto') {
    // Either person may add photos; the upload was checked before it was published.
    if (!canRead(state, actor)) throw notFound('Project');
    return [{ type: 'PhotoPublished', data: command.photo }];
  }
  assertContractor(state, actor);
  switch (command.type) {
    case 'inviteClient': {
      const email = state.details.clientEmail;
      if (!email) throw invalid('clientEmail', NO_CLIENT_EMAIL);
      return [{ type: 'ClientInvited', data: { email } }];
    }
    case 'update': {
      const details = withoutPreviousClientPhone(state, command.details);
      const changes = Object.fromEntries(
        detailFields
          .filter((field) => (state.details[field] ?? null) !== (details[field] ?? null))
          .map((field) => [field, { from: state.details[field] ?? null, to: details[field] ?? null }]),
      );
      return Object.keys(changes).length ? [{ type: 'ProjectUpdated', data: { changes } }] : [];
    }
    case 'delete':
      return [{ type: 'ProjectDeleted', data: { projectId: state.projectId } }];
    case 'setLockBoxCode':
      return state.lockBoxCode === command.code ? [] : [{ type: 'LockBoxCodeSet', data: { from: state.lockBoxCode, to: command.code } }];
    case 'addRoom': {
      if (command.roomType === 'whole_home' && state.rooms.some((r) => r.type === 'whole_home')) {
        throw invalid('type', 'A project has one whole-home room');
      }
      // A client-made id (field mode): the project's own rooms here, other projects' by the room's pointer (add-room.ts).
      if (state.rooms.some((r) => r.roomId === command.roomId)) throw idTaken();
      const named = nameNewRoom(command.roomType, state.rooms, command);
      return [{ type: 'RoomAdded', data: { roomId: command.roomId, type: command.roomType, ...named } }];
    }
    case 'renameRoom': {
      const target = room(state, command.roomId);
      const customName = command.customName.trim();
      if (!customName) throw invalid('customName', 'Room name is required');
      if (command.base !== undefined && textConflicts(target.customName, command.base, customName)) throw new RoomNameConflict(target.roomId, target.customName);
      return customName === target.customName ? [] : [{ type: 'RoomRenamed', data: { roomId: target.roomId, from: target.customName, to: customName } }];
    }
    case 'deleteRoom': {
      const target = room(state, command.roomId);
      if (target.type === 'whole_home') throw invalid('roomId', 'The whole-home room cannot be deleted');
      return [{ type: 'RoomDeleted', data: { roomId: target.roomId, name: displayName(target) } }];
    }
  }
}

/**
 * A new client e-mail is another client (issue 27): the phone kept was the previous client's, so
 * it goes unless a new one comes with the e-mail, and the next client never reads it. Whether or
 * not a client had been assigned: otherwise the answer would tell whether the old address had an
 * account.
 */
function withoutPreviousClientPhone(state: ProjectState, details: ProjectDetails): ProjectDetails {
  const moved = (state.details.clientEmail ?? null) !== (details.clientEmail ?? null);
  return moved && (details.clientPhone ?? null) === (state.details.clientPhone ?? null) ? { ...details, clientPhone: null } : details;
}

export function evolveProject(state: ProjectState, event: ProjectEvent): ProjectState {
  switch (event.type) {
    case 'ProjectCreated': {
      const { projectId, contractorId, ...details } = event.data;
      return { ...initialProjectState, exists: true, projectId, contractorId, details };
    }
    case 'ProjectUpdated': {
      const details = { ...state.details } as Record<string, unknown>;
      for (const [field, { to }] of Object.entries(event.data.changes)) details[field] = to;
      return { ...state, details: details as ProjectDetails };
    }
    case 'ProjectDeleted':
      return { ...state, exists: false };
    case 'LockBoxCodeSet':
      return { ...state, lockBoxCode: event.data.to };
    case 'ClientAssigned':
      return { ...state, clientId: event.data.clientId };
    case 'ClientInvited':
    case 'InvitationAccepted':
    case 'PhotoPublished':
      return state;
    case 'RoomAdded':
      return { ...state, rooms: [...state.rooms, { roomId: event.data.roomId, type: event.data.type, name: event.data.name, customName: event.data.customName }] };
    case 'RoomRenamed':
      return { ...state, rooms: state.rooms.map((r) => (r.roomId === event.data.roomId ? { ...r, customName: event.data.to } : r)) };
    case 'RoomDeleted':
      return { ...state, rooms: state.rooms.filter((r) => r.roomId !== event.data.roomId) };
  }
}

/** The project aggregate, as the command runner and the projections use it. */
export const projectDecider: Decider<ProjectCommand, ProjectState, ProjectEvent> = {
  streamId: projectStreamId,
  initialState: initialProjectState,
  decide: decideProject,
  evolve: evolveProject,
  owns: eventGuard<ProjectEvent>(projectEvents),
  // The state is plain JSON: kept on the stream's head (raise the schema when it or evolve changes).
  snapshot: { schema: 1 },
};
