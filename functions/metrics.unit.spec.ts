import { afterEach, describe, expect, it, vi } from 'vitest';
import { emfRecords } from '../tests/support/emf';

/** What CloudWatch receives: one embedded-metric-format record per request, as a Lambda writes it to stdout. */
const recorded = (run: (module: typeof import('./metrics')) => void) => emfRecords(() => import('./metrics'), run);

afterEach(() => vi.unstubAllEnvs());

describe('metrics', () => {
  it('records a request by route group (requests, 5xx, latency) with the tenant as a property, not a dimension', async () => {
    const [record] = await recorded(({ recordRequest }) => recordRequest('/api/projects/{id}/stats', 503, 12.5, 'tenant-1'));
    const definition = record!._aws.CloudWatchMetrics[0];
    expect(definition.Namespace).toBe('ConstructionChecklist');
    expect(definition.Dimensions.flat()).toEqual(expect.arrayContaining(['service', 'routeGroup']));
    expect(definition.Dimensions.flat()).not.toContain('tenantId');
    expect(record).toMatchObject({ routeGroup: 'projects', Requests: 1, ServerErrors: 1, Latency: 12.5, tenantId: 'tenant-1' });
    expect(record).not.toHaveProperty('ClientErrors');
  });

  it('records the per-tenant few (requests, 5xx, throttled, latency) in a record whose only other dimension is the service', async () => {
    const records = await recorded(({ recordRequest }) => recordRequest('/api/projects/{id}', 429, 3, 'tenant-3'));
    const perTenant = records.find((record) => record._aws.CloudWatchMetrics[0].Dimensions.flat().includes('tenantId'));
    expect(perTenant!._aws.CloudWatchMetrics[0].Dimensions.flat().sort()).toEqual(['service', 'tenantId']);
    expect(perTenant).toMatchObject({ tenantId: 'tenant-3', Requests: 1, Throttled: 1, Latency: 3 });
    expect(perTenant).not.toHaveProperty('ServerErrors');
    expect(perTenant).not.toHaveProperty('routeGroup');
  });

  it("records a tenant's month-to-date cost with the tenant as its dimension", async () => {
    const [record] = await recorded(({ recordTenantCost }) => recordTenantCost('tenant-4', 12.5));
    expect(record!._aws.CloudWatchMetrics[0].Dimensions.flat().sort()).toEqual(['service', 'tenantId']);
    expect(record).toMatchObject({ tenantId: 'tenant-4', TenantCost: 12.5 });
  });

  it('records commands by aggregate and type, and conflicts retried, each with its tenant', async () => {
    const records = await recorded(({ recordCommands }) => recordCommands('item', ['setFlag', 'setFlag', 'editDetails'], 2, 'tenant-2'));
    expect(records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ command: 'item.setFlag', Commands: 2, tenantId: 'tenant-2' }),
        expect.objectContaining({ command: 'item.editDetails', Commands: 1 }),
        expect.objectContaining({ aggregate: 'item', ConflictRetries: 2 }),
      ]),
    );
  });

  it('names the route group of a path', async () => {
    const { routeGroupOf } = await import('./metrics');
    expect(routeGroupOf('/api/checklist-items/{id}')).toBe('checklist-items');
    expect(routeGroupOf('/api/auth/login')).toBe('auth');
    expect(routeGroupOf('/ws')).toBe('other');
  });
});
