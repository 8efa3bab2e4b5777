/**
 * The plans a tenant can be on, with their quotas (issue 31). One table: the server enforces it,
 * the operator tools print it, the rate limiter reads `requestsPerMinute` from it.
 */

export const planNames = ['starter', 'standard', 'enterprise'] as const;
export type PlanName = (typeof planNames)[number];

export interface Quotas {
  /** Projects that are not completed or cancelled. */
  readonly activeProjects: number;
  /** Contractor accounts in the tenant (the owner included). */
  readonly seats: number;
  /** Bytes of photos and files kept for the tenant. */
  readonly storageBytes: number;
  /** PDF exports (checklist and change orders) per UTC day. */
  readonly pdfExportsPerDay: number;
  /** API requests a minute, per route group (the token bucket's refill; its burst is the same). */
  readonly requestsPerMinute: number;
}

const GB = 1024 ** 3;

export const plans: Readonly<Record<PlanName, Quotas>> = {
  starter: { activeProjects: 5, seats: 2, storageBytes: 5 * GB, pdfExportsPerDay: 20, requestsPerMinute: 600 },
  standard: { activeProjects: 25, seats: 10, storageBytes: 50 * GB, pdfExportsPerDay: 100, requestsPerMinute: 1200 },
  enterprise: { activeProjects: 1000, seats: 100, storageBytes: 1024 * GB, pdfExportsPerDay: 1000, requestsPerMinute: 6000 },
};

/** Every tenant starts on this plan, and tenants made before plans existed are on it. */
export const defaultPlan: PlanName = 'standard';

export const tenantStatuses = ['active', 'suspended', 'offboarding', 'gone'] as const;
export type TenantStatus = (typeof tenantStatuses)[number];
