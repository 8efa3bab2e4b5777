import { describe, expect, it } from 'vitest';
import { decideInTurn, type Actor } from '../../events/decider';
import type { StoredEvent } from '../../events/envelope';
import type { ProjectDetails } from '../../events/projects/events';
import { projectDecider, type ProjectCommand } from '../../events/projects/project';
import { catalogue } from '../../events/registered-events';
import { closedSince } from './closed-since';

/** When a project became completed or cancelled, as the archiver reads it from its own stream's events. */

const contractor: Actor = { userId: 'contractor-1', role: 'contractor' };
const details: ProjectDetails = { name: 'Maple', address: '12 Maple Street', clientName: 'Jordan', clientEmail: null, clientPhone: null, status: 'active', contractorNotes: null, startDate: null, targetCompletionDate: null };

/** Each command's events stored on the day given beside it (as the store would: versioned, timed, prepared). */
function history(steps: readonly [ProjectCommand, string][]): StoredEvent[] {
  let state = projectDecider.initialState;
  const events: StoredEvent[] = [];
  for (const [command, day] of steps) {
    const decided = decideInTurn(projectDecider, [command], state, contractor);
    state = decided.state;
    for (const event of decided.events) {
      const { schemaVersion, data } = catalogue.prepare(event);
      events.push({ streamId: 'project#p1', version: events.length + 1, eventId: String(events.length).padStart(26, '0'), type: event.type, schemaVersion, data, tenantId: 'contractor-1', projectId: 'p1', meta: { actorId: 'contractor-1', role: 'contractor', displayName: 'Casey', at: `${day}T09:00:00.000Z`, requestId: 'r' }, prevHash: '', hash: '' } as StoredEvent);
    }
  }
  return events;
}

const create: ProjectCommand = { type: 'create', projectId: 'p1', details, rooms: [] };
const status = (value: ProjectDetails['status'], more: Partial<ProjectDetails> = {}): ProjectCommand => ({ type: 'update', details: { ...details, ...more, status: value } });

describe('closedSince', () => {
  it('given a project completed on a day, then edited later, then it is completed since the day its status changed', () => {
    const events = history([[create, '2026-01-05'], [status('completed'), '2026-03-01'], [status('completed', { contractorNotes: 'Keys returned' }), '2026-05-20'], [{ type: 'setLockBoxCode', code: '9' }, '2026-06-01']]);
    expect(closedSince(events)).toEqual({ status: 'completed', at: '2026-03-01T09:00:00.000Z' });
  });

  it('given a project reopened and cancelled later, then it counts from the cancellation', () => {
    const events = history([[create, '2026-01-05'], [status('completed'), '2026-02-01'], [status('active'), '2026-02-10'], [status('cancelled'), '2026-04-01']]);
    expect(closedSince(events)).toEqual({ status: 'cancelled', at: '2026-04-01T09:00:00.000Z' });
  });

  it('given a project created completed, then it is closed since its creation', () => {
    expect(closedSince(history([[{ ...create, details: { ...details, status: 'completed' } }, '2026-01-05']]))).toEqual({ status: 'completed', at: '2026-01-05T09:00:00.000Z' });
  });

  it('given an active, paused or deleted project, or none, then it is not closed', () => {
    expect(closedSince(history([[create, '2026-01-05']]))).toBeUndefined();
    expect(closedSince(history([[create, '2026-01-05'], [status('paused'), '2026-02-01']]))).toBeUndefined();
    expect(closedSince(history([[create, '2026-01-05'], [status('completed'), '2026-02-01'], [{ type: 'delete' }, '2026-02-02']]))).toBeUndefined();
    expect(closedSince([])).toBeUndefined();
  });
});
