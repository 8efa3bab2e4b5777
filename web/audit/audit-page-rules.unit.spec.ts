import { describe, expect, it } from 'vitest';
import type { ProjectAuditEntry } from '../../contract/audit';
import { entryLines, entrySummary, subjectText } from './audit-format';
import { auditQuery, parseAuditSearch } from './audit-search';

const entry = (overrides: Partial<ProjectAuditEntry>): ProjectAuditEntry => ({
  version: 2,
  eventType: 'ProjectUpdated',
  at: '2026-11-24T08:00:00.000Z',
  actor: { id: 'u1', name: 'Casey Builder', role: 'contractor' },
  changes: [],
  streamId: 'project#p1',
  subject: { kind: 'project' },
  ...overrides,
});

describe('the Audit page’s words', () => {
  it('names what each entry is about', () => {
    expect(subjectText({ kind: 'item', roomName: 'Kitchen', itemName: 'Countertops' })).toBe('Kitchen › Countertops');
    expect(subjectText({ kind: 'room', roomName: 'Bedroom 2' })).toBe('Room: Bedroom 2');
    expect(subjectText({ kind: 'chat' })).toBe('Chat');
    expect(subjectText({ kind: 'chat', roomName: 'Kitchen' })).toBe('Chat · Kitchen');
    expect(subjectText({ kind: 'project' })).toBe('Project');
  });

  it('labels the project’s fields as its form does, and leaves rooms to their own entries', () => {
    const lines = entryLines(entry({ changes: [{ field: 'clientPhone', before: null, after: '555-0100' }, { field: 'room:r1', before: null, after: 'Kitchen' }] }));
    expect(lines).toEqual([{ kind: 'value', label: 'Client phone', before: '(empty)', after: '555-0100' }]);
    expect(entryLines(entry({ eventType: 'ProjectCreated', changes: [{ field: 'name', before: null, after: 'A' }] }))).toEqual([]);
    expect(entrySummary(entry({ eventType: 'ProjectCreated' }))).toBe('Created the project');
  });

  it('shows a rename as the room’s name before → after, a message as the text written, an item as its History does', () => {
    const rename = entry({ eventType: 'RoomRenamed', subject: { kind: 'room', roomId: 'r1' }, changes: [{ field: 'room:r1', before: 'Bedroom 1', after: 'Primary Bedroom' }] });
    expect(entryLines(rename)).toEqual([{ kind: 'value', label: 'Name', before: 'Bedroom 1', after: 'Primary Bedroom' }]);
    const message = entry({ eventType: 'MessagePosted', subject: { kind: 'chat' }, changes: [{ field: 'message', before: null, after: 'Hello' }] });
    expect(entryLines(message)).toEqual([{ kind: 'text', label: 'Message', text: 'Hello' }]);
    const flag = entry({ eventType: 'ItemFlagSet', subject: { kind: 'item', itemName: 'Sink', category: 'standard' }, changes: [{ field: 'clientCompleted', before: false, after: true }, { field: 'completed', before: false, after: true }] });
    expect(entryLines(flag)).toEqual([{ kind: 'value', label: 'Installed', before: 'No', after: 'Yes' }]);
  });

  it('keeps only well-formed filters from the URL, and sends a day range in local time, whole days', () => {
    expect(parseAuditSearch({ room: 'r1', item: '', person: 42, from: '2026-11-01', to: 'tomorrow', extra: 'x' })).toEqual({ room: 'r1', from: '2026-11-01' });
    const query = auditQuery({ from: '2026-11-01', to: '2026-11-02', person: 'u1' });
    expect(query.person).toBe('u1');
    expect(new Date(query.from!).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(query.to!).getTime()).toBe(new Date(2026, 10, 3).getTime() - 1);
  });
});
