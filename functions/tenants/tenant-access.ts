import { forbidden } from '../../events/errors';
import { PROJECT_PAUSED_MESSAGE, TENANT_SUSPENDED_MESSAGE } from '../../events/tenants/messages';
import type { TenantStatus } from '../../events/tenants/plans';
import { stateKeys } from '../store/keys';
import { getStateItems } from '../store/view-table';
import { getTenant, tenantIsActive, tenantOf } from './tenant-record';

/**
 * Who a held tenant refuses (issue 31). Its contractors are refused everywhere (their session
 * names their tenant's status: functions/auth/sessions.ts). Its projects' clients are refused on
 * the routes of those projects: which tenant a route's project belongs to is on what the route
 * preloaded with the session (a project's summary names its contractor, a stream head its
 * tenant), so the tenant's record is one read more, for clients on project routes only.
 */

interface Caller {
  readonly role: string;
  readonly tenantStatus?: TenantStatus;
}

/** The refusal of a contractor whose tenant is not active (403), or undefined. */
export const contractorRefusal = (caller: Caller | undefined): Error | undefined =>
  caller?.role === 'contractor' && caller.tenantStatus !== undefined && !tenantIsActive({ status: caller.tenantStatus }) ? forbidden(TENANT_SUSPENDED_MESSAGE) : undefined;

/**
 * The project a route's preloaded items belong to: a summary names its contractor (the tenant) and
 * its client; a stream head names its tenant and project (its summary is read with the tenant).
 */
function projectOfPreloaded(items: readonly (Record<string, unknown> | undefined)[]): { tenantId: string; projectId?: string; clientId?: unknown } | undefined {
  for (const item of items) {
    if (item?.sk === 'summary' && typeof item.contractorId === 'string') return { tenantId: item.contractorId, clientId: item.clientId };
    if (item?.sk === 'head' && typeof item.tenantId === 'string' && typeof item.projectId === 'string') return { tenantId: item.tenantId, projectId: item.projectId };
  }
  return undefined;
}

/**
 * Refuses (403) a client on a project of a tenant that is not active. Only the project's own
 * client is told it is paused: anyone else gets the route's 404 as before, so the refusal says
 * nothing about other people's projects. Answers the project's summary when it read one (a route
 * that preloaded a stream head), so the route need not read it again.
 */
export async function refuseClientOfHeldTenant(caller: (Caller & { readonly userId: string }) | undefined, preloaded: readonly (Record<string, unknown> | undefined)[]): Promise<Record<string, unknown> | undefined> {
  if (caller?.role !== 'client') return undefined;
  const project = projectOfPreloaded(preloaded);
  if (!project) return undefined;
  const keys = [stateKeys.tenant(project.tenantId), ...(project.projectId ? [stateKeys.projectSummary(project.projectId)] : [])];
  const [tenant, summary] = await getStateItems(keys);
  const clientId = project.projectId ? summary?.clientId : project.clientId;
  if (clientId === caller.userId && !tenantIsActive(tenantOf(project.tenantId, tenant))) throw forbidden(PROJECT_PAUSED_MESSAGE);
  return summary;
}

/** Refuses (403) a project's client when the project's tenant is not active (the caller checked they are its client). */
export async function refuseClientOfTenant(tenantId: string): Promise<void> {
  if (!tenantIsActive(await getTenant(tenantId))) throw forbidden(PROJECT_PAUSED_MESSAGE);
}
