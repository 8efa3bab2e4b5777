import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { defaultPlan, planNames, plans, type PlanName } from '../../events/tenants/plans';
import type { SignedIn } from '../auth/sessions';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { logger } from '../logger';
import { stateKeys } from '../store/keys';
import { bucketGroupOf, knownRefusal, rateLimitMessage, takeToken } from './rate-limit';

/**
 * Who a request counts against, and whether its bucket has a token (httpHandler asks, after the
 * session is read and before the route runs, so a refused request changes nothing).
 *
 * - A contractor: their tenant (`principal.tenantId`), on the tenant's plan.
 * - A client, on a route that read the summary of a project they are the client of: its tenant
 *   for usage (the tenant pays for its clients), but a bucket of the tenant's clients apart
 *   (`<tenantId>/clients`) on the same plan, so a client cannot spend the contractor's own share.
 *   Elsewhere (their project list): a bucket of their own, on the default plan.
 * - Signed out (sign-in, registration, health): no bucket here. The WAF's per-address rule and
 *   the sign-in throttles (functions/limits.ts) cover those; a per-address bucket would also
 *   put every test of a run, all from 127.0.0.1, in one bucket.
 */

export interface Payer {
  /** The bucket's owner. */
  readonly subject: string;
  /** The tenant whose usage the request is (undefined: none known, e.g. a client's own list). */
  readonly tenantId?: string;
  /** The tenant's plan when the session read it (a contractor's: authenticate reads the tenant record); else looked up. */
  readonly plan?: PlanName;
}

export function payerOf(principal: SignedIn | undefined, preloaded: readonly (Record<string, unknown> | undefined)[]): Payer | undefined {
  if (!principal) return undefined;
  if (principal.role === 'contractor') {
    const tenantId = principal.tenantId ?? principal.userId;
    if (tenantOfUser.size > 10_000) tenantOfUser.clear();
    tenantOfUser.set(principal.userId, tenantId);
    if (principal.tenantPlan) rememberPlan(tenantId, principal.tenantPlan);
    return { subject: tenantId, tenantId, ...(principal.tenantPlan ? { plan: principal.tenantPlan } : {}) };
  }
  // Only a project the client is the client of: anyone naming someone else's project spends nothing of that tenant's.
  const summary = preloaded.find((item) => item?.sk === 'summary' && typeof item.pk === 'string' && item.pk.startsWith('project#') && item.clientId === principal.userId);
  const tenantId = (summary?.tenantId ?? summary?.contractorId) as string | undefined;
  return tenantId ? { subject: `${tenantId}/clients`, tenantId } : { subject: `client/${principal.userId}` };
}

/** A tenant's plan, read from its record at most once a minute per process (a plan change takes up to a minute to apply). */
const planCache = new Map<string, { plan: PlanName; until: number }>();
const PLAN_CACHE_MS = 60_000;

export async function planOf(tenantId: string | undefined, now = Date.now()): Promise<PlanName> {
  if (!tenantId) return defaultPlan;
  const cached = planCache.get(tenantId);
  if (cached && cached.until > now) return cached.plan;
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().stateTable, Key: stateKeys.tenant(tenantId), ProjectionExpression: '#plan', ExpressionAttributeNames: { '#plan': 'plan' } }),
  );
  // No record yet (a tenant made before issue 31): the default plan, as the tenant record says.
  const plan = planNames.includes(Item?.plan as PlanName) ? (Item!.plan as PlanName) : defaultPlan;
  rememberPlan(tenantId, plan, now);
  return plan;
}

function rememberPlan(tenantId: string, plan: PlanName, now = Date.now()): void {
  if (planCache.size > 10_000) planCache.clear();
  planCache.set(tenantId, { plan, until: now + PLAN_CACHE_MS });
}

/** A request refused by its bucket: httpHandler answers it 429 with Retry-After, and nothing runs. */
export class TooManyRequests extends Error {
  constructor(
    readonly payer: Payer,
    readonly retryAfterSeconds: number,
    perMinute: number,
  ) {
    super(rateLimitMessage(perMinute, retryAfterSeconds));
  }
}

/** Spends a token of the payer's bucket for the route's group; throws TooManyRequests when it has none. */
export async function admit(route: { readonly method: string; readonly name?: string }, payer: Payer): Promise<void> {
  let perMinute: number;
  let answer: Awaited<ReturnType<typeof takeToken>>;
  try {
    perMinute = plans[payer.plan ?? (await planOf(payer.tenantId))].requestsPerMinute;
    answer = await takeToken(payer.subject, bucketGroupOf(route), perMinute);
  } catch (error) {
    // The limiter fails open: a bucket DynamoDB cannot update (throttled, a missing grant) must not refuse the request it meters.
    logger.warn('rate limit not checked', { subject: payer.subject, error: error as Error });
    return;
  }
  if (!answer.allowed) throw new TooManyRequests(payer, answer.retryAfterSeconds, perMinute);
}

/**
 * The tenant each contractor seen in this process works for (an owner's is their own id). With
 * it, the bucket is known from what the session token claims, before the session is read: a
 * refusal this instance already knows of answers at once (a tenant hammering past its limit costs
 * no DynamoDB call at all here), and otherwise the token is taken in parallel with the session's
 * read instead of after it. Wrong at worst for a second (a colleague moved to another tenant
 * meanwhile): the token taken early is then not the one that counts, and admitFor takes it again.
 */
const tenantOfUser = new Map<string, string>();

export interface EarlyAdmission {
  readonly subject: string;
  readonly plan: PlanName;
  readonly done: Promise<void>;
}

/** Called with the user id the session token claims (httpHandler's preload callback); throws TooManyRequests for a refusal already known. */
export function admitEarly(route: { readonly method: string; readonly name?: string }, claimedUserId: string, now = Date.now()): EarlyAdmission | undefined {
  const tenantId = tenantOfUser.get(claimedUserId);
  const known = knownRefusal(tenantId ?? claimedUserId, bucketGroupOf(route));
  if (known) throw new TooManyRequests({ subject: tenantId ?? claimedUserId, tenantId: tenantId ?? claimedUserId }, known.retryAfterSeconds, known.perMinute);
  const plan = tenantId && planCache.get(tenantId);
  if (!tenantId || !plan || plan.until <= now) return undefined;
  const done = admit(route, { subject: tenantId, tenantId, plan: plan.plan });
  // Awaited by admitFor when the session confirms the tenant; a refusal not awaited is no unhandled rejection.
  done.catch(() => {});
  return { subject: tenantId, plan: plan.plan, done };
}

/**
 * The payer's token: the one taken early when it was the payer's bucket on the plan the session
 * read, else one taken now (after a plan change, once per instance: one token more).
 */
export function admitFor(route: { readonly method: string; readonly name?: string }, payer: Payer, early: EarlyAdmission | undefined): Promise<void> {
  return early && early.subject === payer.subject && (payer.plan ?? early.plan) === early.plan ? early.done : admit(route, payer);
}
