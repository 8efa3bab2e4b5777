import { DomainError } from '../../events/errors';
import type { ProjectEvent } from '../../events/projects/events';
import { evolveProject, type ProjectState } from '../../events/projects/project';
import { projectViews } from '../projections/project-views';
import type { Projection } from '../projections/projection';
import { activeProjectsDelta, assertActiveProjectRoom, isActiveStatus, tenantWithCounters } from '../tenants/quotas';
import type { TenantRecord } from '../tenants/tenant-record';

/**
 * The tenant's active-projects counter (issue 31), moved with the project's events: the project's
 * views plus the counter's change, worked out from the state before and after the events of each
 * attempt (so a retried command counts what it finally did, never twice). Only the commands that
 * can start, end or revive a project use it (create, edit or status, delete); the rebuild replays
 * the plain projection, which leaves the tenant record alone.
 */

const isActive = (state: ProjectState): boolean => state.exists && isActiveStatus(state.details.status);

export function countingActiveProjects(tenant: TenantRecord): Projection<ProjectState, ProjectEvent> {
  return {
    async write(writes, change, views) {
      await projectViews.write(writes, change, views);
      const after = change.events.reduce(evolveProject, change.before);
      activeProjectsDelta(writes, tenant, Number(isActive(after)) - Number(isActive(change.before)));
    },
    ...(projectViews.settle ? { settle: projectViews.settle.bind(projectViews) } : {}),
  };
}

/**
 * Runs a project command that may add an active project (`adds`: a new one, or a status back to
 * active) with the tenant's counter: refused at once when the plan is full, and — the
 * transaction's condition having stopped a request that raced for the last place — with the
 * plan's message rather than a bare conflict. `known`: the tenant's record if the request read it
 * already (see tenantWithCounters).
 */
export async function withActiveProjects<T>(tenantId: string, adds: boolean, run: (projection: Projection<ProjectState, ProjectEvent>) => Promise<T>, known?: Record<string, unknown>): Promise<T> {
  const tenant = await tenantWithCounters(tenantId, known);
  if (adds) assertActiveProjectRoom(tenant);
  try {
    return await run(countingActiveProjects(tenant));
  } catch (error) {
    if (adds && error instanceof DomainError && error.kind === 'conflict') assertActiveProjectRoom(await tenantWithCounters(tenantId));
    throw error;
  }
}
