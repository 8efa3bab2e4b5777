import type { StoredEvent } from '../../events/envelope';
import { projectDecider, type ProjectState } from '../../events/projects/project';
import { catalogue } from '../../events/registered-events';

/** The statuses after which a project's record may go to the archive. */
export const closedStatuses = ['completed', 'cancelled'] as const;

/**
 * When the project took the status it has now, read from its own stream's events (the summary's
 * updatedAt moves with any later edit, so it cannot say): the event after which the status was
 * last different. Undefined when the project is not closed.
 */
export function closedSince(projectEvents: readonly StoredEvent[]): { status: string; at: string } | undefined {
  let state: ProjectState = projectDecider.initialState;
  let since: string | undefined;
  for (const event of projectEvents.map((stored) => catalogue.upcast(stored)).filter(projectDecider.owns)) {
    const before = state.details.status;
    state = projectDecider.evolve(state, event);
    if (state.details.status !== before || since === undefined) since = event.meta.at;
  }
  const status = state.details.status;
  return state.exists && since && (closedStatuses as readonly string[]).includes(status) ? { status, at: since } : undefined;
}
