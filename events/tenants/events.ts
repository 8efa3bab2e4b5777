import type { EventDefinition } from '../catalogue-machinery';

/** The tenant's events (issue 31): its lifecycle, plan and members; operators' actions carry the operator's identity. */
export const tenantEvents: readonly EventDefinition[] = [];
