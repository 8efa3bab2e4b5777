import { describe, expect, it } from 'vitest';
import { decideInTurn, fold } from '../decider';
import { errorOf, kindOf } from '../../tests/support/domain-errors';
import { projectCreated, projectUpdated, roomAdded, roomDeleted, roomRenamed, type ProjectDetails, type ProjectEvent } from './events';
import type { Actor } from '../decider';
import { canRead, decideProject, evolveProject, initialProjectState, projectDecider, type ProjectCommand, type ProjectState, type RoomState } from './project';

/** The project aggregate: who may change it, what each change records, and how state follows. */

const contractor: Actor = { userId: 'contractor-1', role: 'contractor' };
const client: Actor = { userId: 'client-1', role: 'client' };
const otherContractor: Actor = { userId: 'contractor-2', role: 'contractor' };
const otherClient: Actor = { userId: 'client-2', role: 'client' };

const details: ProjectDetails = {
  name: 'Maple Street Remodel',
  address: '12 Maple Street',
  clientName: 'Jordan Lee',
  clientEmail: 'jordan@example.com',
  clientPhone: null,
  status: 'active',
  contractorNotes: null,
  startDate: '2026-03-01',
  targetCompletionDate: null,
};

const rooms: RoomState[] = [
  { roomId: 'r-home', type: 'whole_home', name: 'Whole Home', customName: null },
  { roomId: 'r-kitchen', type: 'kitchen', name: 'Kitchen', customName: null },
  { roomId: 'r-bed1', type: 'bedroom', name: 'Bedroom', customName: 'Bedroom 1' },
];

const given = (events: readonly ProjectEvent[]): ProjectState => fold(evolveProject, initialProjectState, events);

const decideAll = (commands: readonly ProjectCommand[], actor: Actor, start: ProjectState = initialProjectState) => decideInTurn(projectDecider, commands, start, actor);

/** A project of `contractor`, with `client` assigned, and the three rooms above. */
const existing = () => decideAll([{ type: 'create', projectId: 'p1', details, rooms }, { type: 'assignClient', clientId: client.userId }], contractor).state;

const changingCommands: ProjectCommand[] = [
  { type: 'update', details: { ...details, status: 'paused' } },
  { type: 'delete' },
  { type: 'setLockBoxCode', code: '4321' },
  { type: 'addRoom', roomId: 'r-new', roomType: 'bedroom' },
  { type: 'renameRoom', roomId: 'r-bed1', customName: 'Guest Room' },
  { type: 'deleteRoom', roomId: 'r-bed1' },
];

describe('creating a project', () => {
  it('given a contractor, when creating, then ProjectCreated names them as contractor and each template room is added in order', () => {
    const events = decideProject({ type: 'create', projectId: 'p1', details, rooms }, initialProjectState, contractor);
    expect(events).toEqual([
      { type: 'ProjectCreated', data: { projectId: 'p1', contractorId: 'contractor-1', ...details } },
      { type: 'RoomAdded', data: { roomId: 'r-home', type: 'whole_home', name: 'Whole Home', customName: null } },
      { type: 'RoomAdded', data: { roomId: 'r-kitchen', type: 'kitchen', name: 'Kitchen', customName: null } },
      { type: 'RoomAdded', data: { roomId: 'r-bed1', type: 'bedroom', name: 'Bedroom', customName: 'Bedroom 1' } },
    ]);
    expect(() => projectCreated.schema.parse(events[0]!.data)).not.toThrow();
    for (const event of events.slice(1)) expect(() => roomAdded.schema.parse(event.data)).not.toThrow();
  });

  it('given a client, when creating, then it is forbidden', () => {
    expect(kindOf(() => decideProject({ type: 'create', projectId: 'p1', details, rooms }, initialProjectState, client))).toBe('forbidden');
  });

  it('given the project exists, when creating it again, then it is a conflict', () => {
    expect(kindOf(() => decideProject({ type: 'create', projectId: 'p1', details, rooms: [] }, existing(), contractor))).toBe('conflict');
  });
});

describe('who may change a project and its rooms', () => {
  it.each(changingCommands.map((command) => [command.type, command] as const))(
    'given the project client, when %s, then it is forbidden (403)',
    (_, command) => {
      const state = existing();
      expect(canRead(state, client)).toBe(true);
      expect(kindOf(() => decideProject(command, state, client))).toBe('forbidden');
    },
  );

  it.each(changingCommands.flatMap((command) => [[command.type, 'another contractor', otherContractor, command] as const, [command.type, 'another client', otherClient, command] as const]))(
    'given a stranger, when %s by %s, then the project is not found (404)',
    (_, __, stranger, command) => {
      const state = existing();
      expect(canRead(state, stranger)).toBe(false);
      expect(kindOf(() => decideProject(command, state, stranger))).toBe('not_found');
    },
  );

  it('given a deleted project, when its contractor changes it, then it is not found', () => {
    const state = decideAll([{ type: 'delete' }], contractor, existing()).state;
    expect(state.exists).toBe(false);
    expect(kindOf(() => decideProject({ type: 'update', details }, state, contractor))).toBe('not_found');
  });

  it('given no project, when its would-be contractor changes it, then it is not found', () => {
    expect(kindOf(() => decideProject({ type: 'delete' }, initialProjectState, contractor))).toBe('not_found');
  });
});

describe('updating project details', () => {
  it('given changed fields, when updating, then only those fields are recorded, from and to', () => {
    const events = decideProject({ type: 'update', details: { ...details, status: 'paused', clientPhone: '555-0100' } }, existing(), contractor);
    expect(events).toEqual([
      { type: 'ProjectUpdated', data: { changes: { clientPhone: { from: null, to: '555-0100' }, status: { from: 'active', to: 'paused' } } } },
    ]);
    expect(() => projectUpdated.schema.parse(events[0]!.data)).not.toThrow();
  });

  it('given the same details, when updating, then nothing happens', () => {
    expect(decideProject({ type: 'update', details: { ...details } }, existing(), contractor)).toEqual([]);
  });

  it('given a new client e-mail, when updating, then the phone kept (the previous client\'s) goes, unless a new one comes with it', () => {
    const withPhone = decideAll([{ type: 'update', details: { ...details, clientPhone: '555-0100' } }], contractor, existing()).state;
    expect(decideProject({ type: 'update', details: { ...details, clientPhone: '555-0100', clientEmail: 'sam@example.com' } }, withPhone, contractor)).toEqual([
      { type: 'ProjectUpdated', data: { changes: { clientEmail: { from: 'jordan@example.com', to: 'sam@example.com' }, clientPhone: { from: '555-0100', to: null } } } },
    ]);
    expect(decideProject({ type: 'update', details: { ...details, clientPhone: '555-0199', clientEmail: 'sam@example.com' } }, withPhone, contractor)[0]!.data).toEqual({
      changes: { clientEmail: { from: 'jordan@example.com', to: 'sam@example.com' }, clientPhone: { from: '555-0100', to: '555-0199' } },
    });
    // The same e-mail: the phone stays.
    expect(decideProject({ type: 'update', details: { ...details, clientPhone: '555-0100', name: 'Maple 2' } }, withPhone, contractor)[0]!.data).toEqual({ changes: { name: { from: 'Maple Street Remodel', to: 'Maple 2' } } });
  });

  it('given an update, when applied, then the state holds the new values and keeps the rest', () => {
    const state = decideAll([{ type: 'update', details: { ...details, name: 'Maple Street, phase 2', startDate: null } }], contractor, existing()).state;
    expect(state.details).toEqual({ ...details, name: 'Maple Street, phase 2', startDate: null });
  });
});

describe('lock box code and client', () => {
  it('given a code, when the contractor sets it, then it is recorded once; setting the same code does nothing', () => {
    const { state, events } = decideAll([{ type: 'setLockBoxCode', code: '4321' }], contractor, existing());
    expect(events).toEqual([{ type: 'LockBoxCodeSet', data: { from: null, to: '4321' } }]);
    expect(state.lockBoxCode).toBe('4321');
    expect(decideProject({ type: 'setLockBoxCode', code: '4321' }, state, contractor)).toEqual([]);
  });

  it('given a client account, when assigned (by the system), then the client may read the project; assigning again does nothing', () => {
    const state = existing();
    expect(state.clientId).toBe('client-1');
    expect(decideProject({ type: 'assignClient', clientId: 'client-1' }, state, contractor)).toEqual([]);
    const unassigned = decideAll([{ type: 'assignClient', clientId: null }], contractor, state).state;
    expect(canRead(unassigned, client)).toBe(false);
  });
});

describe('rooms', () => {
  it('given Bedroom 1, when the contractor adds a bedroom, then it is Bedroom 2', () => {
    expect(decideProject({ type: 'addRoom', roomId: 'r-bed2', roomType: 'bedroom' }, existing(), contractor)).toEqual([
      { type: 'RoomAdded', data: { roomId: 'r-bed2', type: 'bedroom', name: 'Bedroom', customName: 'Bedroom 2' } },
    ]);
  });

  it('given a first kitchen, when the contractor adds another, then it gets a numbered custom name', () => {
    const [event] = decideProject({ type: 'addRoom', roomId: 'r-k2', roomType: 'kitchen' }, existing(), contractor);
    expect(event).toEqual({ type: 'RoomAdded', data: { roomId: 'r-k2', type: 'kitchen', name: 'Kitchen', customName: 'Kitchen 1' } });
  });

  it('given a room, when renamed with spaces around, then the trimmed custom name is recorded from the old one', () => {
    const events = decideProject({ type: 'renameRoom', roomId: 'r-bed1', customName: '  Guest Room ' }, existing(), contractor);
    expect(events).toEqual([{ type: 'RoomRenamed', data: { roomId: 'r-bed1', from: 'Bedroom 1', to: 'Guest Room' } }]);
    expect(() => roomRenamed.schema.parse(events[0]!.data)).not.toThrow();
  });

  it('given a blank name, when renaming, then it is invalid and names customName', () => {
    const error = errorOf(() => decideProject({ type: 'renameRoom', roomId: 'r-bed1', customName: '   ' }, existing(), contractor));
    expect(error.kind).toBe('invalid');
    expect(Object.keys(error.fieldErrors ?? {})).toEqual(['customName']);
  });

  it('given the same name, when renaming, then nothing happens', () => {
    expect(decideProject({ type: 'renameRoom', roomId: 'r-bed1', customName: 'Bedroom 1' }, existing(), contractor)).toEqual([]);
  });

  it('given an unknown room, when renaming or deleting, then it is not found', () => {
    expect(kindOf(() => decideProject({ type: 'renameRoom', roomId: 'nope', customName: 'Den' }, existing(), contractor))).toBe('not_found');
    expect(kindOf(() => decideProject({ type: 'deleteRoom', roomId: 'nope' }, existing(), contractor))).toBe('not_found');
  });

  it('given the whole_home room, when deleting it, then it is refused', () => {
    expect(kindOf(() => decideProject({ type: 'deleteRoom', roomId: 'r-home' }, existing(), contractor))).toBe('invalid');
  });

  it('given another room, when deleting it, then RoomDeleted carries its display name', () => {
    const events = decideProject({ type: 'deleteRoom', roomId: 'r-bed1' }, existing(), contractor);
    expect(events).toEqual([{ type: 'RoomDeleted', data: { roomId: 'r-bed1', name: 'Bedroom 1' } }]);
    expect(() => roomDeleted.schema.parse(events[0]!.data)).not.toThrow();
  });

  it('given rooms added, renamed and deleted, when evolved, then live rooms stay in the order they were added', () => {
    const state = given([
      { type: 'ProjectCreated', data: { projectId: 'p1', contractorId: 'contractor-1', ...details } },
      { type: 'RoomAdded', data: { roomId: 'a', type: 'whole_home', name: 'Whole Home', customName: null } },
      { type: 'RoomAdded', data: { roomId: 'b', type: 'bedroom', name: 'Bedroom', customName: 'Bedroom 1' } },
      { type: 'RoomAdded', data: { roomId: 'c', type: 'bathroom', name: 'Bathroom', customName: 'Bathroom 1' } },
      { type: 'RoomAdded', data: { roomId: 'd', type: 'bedroom', name: 'Bedroom', customName: 'Bedroom 2' } },
      { type: 'RoomRenamed', data: { roomId: 'd', from: 'Bedroom 2', to: 'Nursery' } },
      { type: 'RoomDeleted', data: { roomId: 'b', name: 'Bedroom 1' } },
    ]);
    expect(state.rooms).toEqual([
      { roomId: 'a', type: 'whole_home', name: 'Whole Home', customName: null },
      { roomId: 'c', type: 'bathroom', name: 'Bathroom', customName: 'Bathroom 1' },
      { roomId: 'd', type: 'bedroom', name: 'Bedroom', customName: 'Nursery' },
    ]);
  });
});

describe('folding a whole history', () => {
  it('given a sequence of commands, when their events are folded from scratch, then the state is the one the deciders saw', () => {
    const { state, events } = decideAll(
      [
        { type: 'create', projectId: 'p1', details, rooms },
        { type: 'assignClient', clientId: 'client-1' },
        { type: 'addRoom', roomId: 'r-bed2', roomType: 'bedroom' },
        { type: 'addRoom', roomId: 'r-study', roomType: 'study', name: 'Study', customName: 'Office' },
        { type: 'renameRoom', roomId: 'r-home', customName: 'Main House' },
        { type: 'deleteRoom', roomId: 'r-bed1' },
        { type: 'addRoom', roomId: 'r-bed3', roomType: 'bedroom' },
        { type: 'update', details: { ...details, status: 'completed' } },
        { type: 'setLockBoxCode', code: '1234' },
      ],
      contractor,
    );
    expect(events.map((e) => e.type)).toEqual([
      'ProjectCreated',
      'RoomAdded',
      'RoomAdded',
      'RoomAdded',
      'ClientAssigned',
      'RoomAdded',
      'RoomAdded',
      'RoomRenamed',
      'RoomDeleted',
      'RoomAdded',
      'ProjectUpdated',
      'LockBoxCodeSet',
    ]);
    const replayed = given(events);
    expect(replayed).toEqual(state);
    expect(replayed).toMatchObject({ exists: true, projectId: 'p1', contractorId: 'contractor-1', clientId: 'client-1', lockBoxCode: '1234', details: { status: 'completed' } });
    expect(replayed.rooms.map((r) => [r.roomId, r.customName])).toEqual([
      ['r-home', 'Main House'],
      ['r-kitchen', null],
      ['r-bed2', 'Bedroom 2'],
      ['r-study', 'Office'],
      // Bedroom 1 was deleted; the highest left is Bedroom 2, so the next is 3.
      ['r-bed3', 'Bedroom 3'],
    ]);
  });
});

describe('the whole-home room', () => {
  it('given a project with its whole-home room, when another is added, then it is invalid', () => {
    expect(kindOf(() => decideProject({ type: 'addRoom', roomId: 'r-second-home', roomType: 'whole_home' }, existing(), contractor))).toBe('invalid');
  });
});
