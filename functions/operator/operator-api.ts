import { invalid, notFound } from '../../events/errors';
import { uuid } from '../../events/ids';
import { errorReply, reply, type Reply } from '../http/responses';
import { costReportAnswer } from '../operations/tenant-costs';
import { usageMonth } from '../usage/usage-counters';
import type { Operator } from './operator-identity';
import { changeTenantPlan, resumeTenant, suspendTenant } from './tenant-actions';
import { listTenants, showTenant } from './tenant-listing';
import { offboardTenant, sweepOffboarded } from './tenant-offboarding';

/**
 * The operator API's routes (issue 31), answered inside one Lambda
 * (functions/handlers/operator-api.ts): a Lambda per operator route would spend the stack's few
 * dozen resources of headroom on paths that are called a few times a day.
 *
 *   GET  /operator/tenants                  { tenants: TenantView[] }
 *   GET  /operator/tenants/{id}             TenantView
 *   POST /operator/tenants/{id}/suspend     { reason }  → TenantView
 *   POST /operator/tenants/{id}/resume                  → TenantView
 *   POST /operator/tenants/{id}/plan        { plan }    → TenantView
 *   POST /operator/tenants/{id}/offboard                → TenantView (its export's key in offboarding.exportKey)
 *   POST /operator/sweep                                → { removed: SweepResult[] } (tenants past their grace period)
 *   GET  /operator/costs?month=YYYY-MM[&bill=AMOUNT]    the month's cost per tenant, JSON and its text (functions/operations/tenant-costs.ts)
 *
 * Who may call it is settled before this runs (IAM in AWS, the local operator key locally).
 */

export interface OperatorRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string | undefined>>;
  /** The raw body (JSON), if any. */
  readonly body: string | undefined;
  readonly operator: Operator;
  readonly requestId: string;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function jsonBody(body: string | undefined): Record<string, unknown> {
  if (!body) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw invalid('body', 'Request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid('body', 'Request body must be a JSON object');
  return parsed as Record<string, unknown>;
}

function tenantIdOf(raw: string): string {
  const parsed = uuid('id').safeParse(decodeURIComponent(raw));
  if (!parsed.success) throw invalid('id', 'A tenant id is a contractor owner\'s user id (a UUID)');
  return parsed.data;
}

/** Answers one operator request; every error is a JSON refusal, never a stack trace. */
export async function answerOperator(request: OperatorRequest): Promise<Reply> {
  try {
    return reply(200, await route(request));
  } catch (error) {
    return errorReply(error, request.requestId).reply;
  }
}

async function route({ method, path, query, body, operator, requestId }: OperatorRequest): Promise<unknown> {
  const parts = path.replace(/\/+$/, '').split('/').slice(1);
  if (parts[0] !== 'operator') throw notFound('Operator route');
  const [, resource, rawId, action, ...rest] = parts;
  if (rest.length) throw notFound('Operator route');
  if (resource === 'tenants' && rawId === undefined && method === 'GET') {
    const month = query.month ?? usageMonth();
    if (!MONTH.test(month)) throw invalid('month', 'A month is written YYYY-MM');
    return { tenants: await listTenants(month) };
  }
  if (resource === 'tenants' && rawId !== undefined) {
    const id = tenantIdOf(rawId);
    if (action === undefined && method === 'GET') {
      const tenant = await showTenant(id);
      if (!tenant) throw notFound('Tenant');
      return tenant;
    }
    if (method === 'POST') {
      const input = jsonBody(body);
      switch (action) {
        case 'suspend':
          return suspendTenant(id, input.reason, operator, requestId);
        case 'resume':
          return resumeTenant(id, operator, requestId);
        case 'plan':
          return changeTenantPlan(id, input.plan, operator, requestId);
        case 'offboard':
          return offboardTenant(id, operator, requestId);
      }
    }
  }
  if (resource === 'sweep' && rawId === undefined && method === 'POST') return { removed: await sweepOffboarded(operator, requestId) };
  if (resource === 'costs' && rawId === undefined && method === 'GET') return costReportAnswer(query.month, query.bill);
  throw notFound('Operator route');
}
