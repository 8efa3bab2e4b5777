import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
import { activitySummary, describeItemEvent, describeProjectEvent } from './activity';
import type { ItemEvent, ListField, ProjectDetails, ProjectEvent } from './events';
import { evolveProject, initialProjectState, type ProjectState } from './project';

/** Activity log entries, worded exactly as spec section 4. */

const context = { itemName: 'Pendant lights', roomName: 'Kitchen' };

const details: ProjectDetails = {
  name: 'Maple Street Remodel',
  address: '12 Maple Street',
  clientName: 'Jordan Lee',
  clientEmail: null,
  clientPhone: null,
  status: 'active',
  contractorNotes: null,
  startDate: null,
  targetCompletionDate: null,
};

const project: ProjectState = fold(evolveProject, initialProjectState, [
  { type: 'ProjectCreated', data: { projectId: 'p1', contractorId: 'c1', ...details } },
  { type: 'RoomAdded', data: { roomId: 'home', type: 'whole_home', name: 'Whole Home', customName: null } },
  { type: 'RoomAdded', data: { roomId: 'kitchen', type: 'kitchen', name: 'Kitchen', customName: null } },
  { type: 'RoomAdded', data: { roomId: 'bed2', type: 'bedroom', name: 'Bedroom', customName: 'Bedroom 2' } },
] satisfies ProjectEvent[]);

const flagSet = (flag: 'selected' | 'purchased' | 'installed', value: boolean): ItemEvent => ({ type: 'ItemFlagSet', data: { flag, value } });

describe('item flag wording (spec 4)', () => {
  it.each([
    ['selected', true, 'Marked as completed (contractor)'],
    ['selected', false, 'Unmarked completion (contractor)'],
    ['installed', true, 'Marked as installed (client)'],
    ['installed', false, 'Unmarked installation (client)'],
    ['purchased', true, 'Marked as purchased'],
    ['purchased', false, 'Unmarked purchase'],
  ] as const)('given %s set to %s, when described, then the action is "%s"', (flag, value, action) => {
    expect(describeItemEvent(flagSet(flag, value), context)).toEqual({
      action,
      itemName: 'Pendant lights',
      roomName: 'Kitchen',
      summary: `${action} "Pendant lights" in Kitchen`,
    });
  });

  it('given Purchased set, when summarised, then it reads exactly as the spec example', () => {
    expect(describeItemEvent(flagSet('purchased', true), context).summary).toBe('Marked as purchased "Pendant lights" in Kitchen');
  });
});

describe('item list and edit wording (spec 4)', () => {
  it.each([
    ['referenceLinks', 'Updated reference links'],
    ['referenceImages', 'Updated reference images'],
    ['cabinetLinks', 'Updated cabinet links'],
    ['cabinetImages', 'Updated cabinet images'],
  ] as const satisfies ReadonlyArray<readonly [ListField, string]>)('given %s changed, then the action is "%s"', (field, action) => {
    const entry = describeItemEvent({ type: 'ItemListChanged', data: { field, from: [], to: ['https://a.example'] } }, context);
    expect(entry.action).toBe(action);
    expect(entry.summary).toBe(`${action} "Pendant lights" in Kitchen`);
  });

  it('given cabinet details edited, then the action is "Updated cabinet details"', () => {
    const entry = describeItemEvent({ type: 'CabinetDetailsEdited', data: { from: null, to: { style: 'Shaker' } } }, { itemName: 'Kitchen Cabinets', roomName: 'Kitchen' });
    expect(entry.summary).toBe('Updated cabinet details "Kitchen Cabinets" in Kitchen');
  });

  it('given details edited, then the action is "Updated details" and the text itself is not copied', () => {
    const entry = describeItemEvent({ type: 'ItemDetailsEdited', data: { from: '', to: 'Benjamin Moore OC-17' } }, { itemName: 'Wall Paint Color', roomName: 'Interior' });
    expect(entry).toEqual({ action: 'Updated details', itemName: 'Wall Paint Color', roomName: 'Interior', summary: 'Updated details "Wall Paint Color" in Interior' });
  });

  it('given an item added or deleted, then the actions are "Added item" and "Deleted item"', () => {
    const added: ItemEvent = {
      type: 'ItemAdded',
      data: { itemId: 'i9', roomId: 'kitchen', category: 'special_features', name: 'Special Features 1', itemType: 'single', details: '', order: 3, cabinetDetails: null },
    };
    expect(describeItemEvent(added, { itemName: 'Special Features 1', roomName: 'Kitchen' }).summary).toBe('Added item "Special Features 1" in Kitchen');
    expect(describeItemEvent({ type: 'ItemDeleted', data: { itemId: 'i9' } }, { itemName: 'Special Features 1', roomName: 'Kitchen' }).summary).toBe(
      'Deleted item "Special Features 1" in Kitchen',
    );
  });
});

describe('summary (spec 4: action, quoted item name, in {room}, - {details})', () => {
  it('given an item, a room and details, then all four parts appear in order', () => {
    expect(activitySummary({ action: 'Marked as purchased', itemName: 'Pendant lights', roomName: 'Kitchen', details: 'from Lumens' })).toBe(
      'Marked as purchased "Pendant lights" in Kitchen - from Lumens',
    );
  });

  it('given no item name, then it is the action, with " - details" only when present', () => {
    expect(activitySummary({ action: 'Deleted Bedroom 2', roomName: 'Bedroom 2' })).toBe('Deleted Bedroom 2');
    expect(activitySummary({ action: 'Created project', details: 'Maple Street Remodel' })).toBe('Created project - Maple Street Remodel');
    expect(activitySummary({ action: 'Deleted project', details: '' })).toBe('Deleted project');
  });
});

describe('project and room wording', () => {
  it('given a project created, then "Created project" with its name as details', () => {
    const entry = describeProjectEvent({ type: 'ProjectCreated', data: { projectId: 'p1', contractorId: 'c1', ...details } }, initialProjectState);
    expect(entry).toEqual({ action: 'Created project', details: 'Maple Street Remodel', summary: 'Created project - Maple Street Remodel' });
  });

  it('given details updated, then the changed fields are listed in plain words', () => {
    const entry = describeProjectEvent(
      { type: 'ProjectUpdated', data: { changes: { status: { from: 'active', to: 'paused' }, clientPhone: { from: null, to: '555-0100' }, targetCompletionDate: { from: null, to: '2026-09-01' } } } },
      project,
    );
    expect(entry).toEqual({
      action: 'Updated project details',
      details: 'status, client phone, target completion date',
      summary: 'Updated project details - status, client phone, target completion date',
    });
    expect(JSON.stringify(entry)).not.toContain('555-0100');
  });

  it('given a project deleted, then "Deleted project"', () => {
    expect(describeProjectEvent({ type: 'ProjectDeleted', data: { projectId: 'p1' } }, project)).toEqual({ action: 'Deleted project', summary: 'Deleted project' });
  });

  it('given a lock box code set, then "Updated lock box code" and the code appears nowhere in the entry', () => {
    const entry = describeProjectEvent({ type: 'LockBoxCodeSet', data: { from: '1111', to: '4321' } }, project);
    expect(entry).toEqual({ action: 'Updated lock box code', summary: 'Updated lock box code' });
    expect(JSON.stringify(entry)).not.toMatch(/4321|1111/);
  });

  it('given a client assigned or removed, then "Client assigned" / "Client unassigned"', () => {
    expect(describeProjectEvent({ type: 'ClientAssigned', data: { clientId: 'k1' } }, project).summary).toBe('Client assigned');
    expect(describeProjectEvent({ type: 'ClientAssigned', data: { clientId: null } }, project).summary).toBe('Client unassigned');
  });

  it('given a room added, then "Added {room}" with its display name', () => {
    expect(describeProjectEvent({ type: 'RoomAdded', data: { roomId: 'bed3', type: 'bedroom', name: 'Bedroom', customName: 'Bedroom 3' } }, project)).toEqual({
      action: 'Added Bedroom 3',
      roomName: 'Bedroom 3',
      summary: 'Added Bedroom 3',
    });
    expect(describeProjectEvent({ type: 'RoomAdded', data: { roomId: 'k2', type: 'kitchen', name: 'Kitchen', customName: null } }, project).action).toBe('Added Kitchen');
  });

  it('given a room deleted, then "Deleted {room}" with its name as it was', () => {
    expect(describeProjectEvent({ type: 'RoomDeleted', data: { roomId: 'bed2', name: 'Bedroom 2' } }, project)).toEqual({
      action: 'Deleted Bedroom 2',
      roomName: 'Bedroom 2',
      summary: 'Deleted Bedroom 2',
    });
  });

  it('given a room renamed, then one sentence: "Renamed {old name} to {new name}"', () => {
    expect(describeProjectEvent({ type: 'RoomRenamed', data: { roomId: 'bed2', from: 'Bedroom 2', to: 'Nursery' } }, project)).toEqual({
      action: 'Renamed Bedroom 2 to Nursery',
      roomName: 'Nursery',
      summary: 'Renamed Bedroom 2 to Nursery',
    });
  });

  it('given the whole_home room, then it is called Interior until renamed', () => {
    const renamed = describeProjectEvent({ type: 'RoomRenamed', data: { roomId: 'home', from: null, to: 'Main House' } }, project);
    expect(renamed.summary).toBe('Renamed Interior to Main House');
    const after = evolveProject(project, { type: 'RoomRenamed', data: { roomId: 'home', from: null, to: 'Main House' } });
    expect(describeProjectEvent({ type: 'RoomRenamed', data: { roomId: 'home', from: 'Main House', to: 'Cottage' } }, after).summary).toBe(
      'Renamed Main House to Cottage',
    );
  });
});
