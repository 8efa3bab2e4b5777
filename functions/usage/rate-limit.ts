import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { meteringDynamo } from '../adapters/dynamo';
import { config } from '../config';
import { stateKeys } from '../store/keys';

/**
 * Fair shares (issue 31): a token bucket per tenant per route group, in the state table, so every
 * Lambda instance spends from the same bucket. API Gateway HTTP APIs have no usage plans, and its
 * stage throttle is shared by all tenants: one busy tenant would take everyone's share.
 *
 * The bucket is kept as GCRA (the generic cell rate algorithm, the token bucket written as one
 * number): `tat`, the "theoretical arrival time" in epoch ms, is when the bucket would be full
 * again. Each request pushes it T = 60 000 / limit ms later; a request is refused when that
 * would put it more than τ = 60 s (a minute's worth: the burst equals the minute's refill) ahead
 * of now. DynamoDB's update expressions add but cannot take a max or multiply, so the two cases
 * of max(tat, now) + T are two conditional UpdateItems, and the one that fits is tried first:
 *
 *     now ─────────┬───────────────────────────────────────────┬──────▶ time
 *                  │◀──────────────── τ = 60 s ───────────────▶│
 *   A idle: tat < now      → SET tat = now + T                 │  (bucket was full)
 *   B busy: now ≤ tat ≤ now + τ − T → SET tat = tat + T        │  (one token spent)
 *   refused: tat > now + τ − T → nothing written; Retry-After = tat − (now + τ − T)
 *
 * A failed condition returns the stored item (ReturnValuesOnConditionCheckFailure), so a refusal
 * or the other case needs no read: usually one round trip and 1 WCU per request, two when the
 * bucket changed between idle and busy since this process last saw it. A refusal is remembered
 * in the process until the bucket can next allow one (tat only grows), so a tenant hammering past
 * its limit costs no DynamoDB write at all on an instance that already refused it.
 */

export const bucketGroups = ['reads', 'writes', 'exports'] as const;
export type BucketGroup = (typeof bucketGroups)[number];

/** Routes that read a whole project (PDF and audit exports): a group of their own, so a script exporting cannot spend the tenant's reads. */
const exportRoutes: ReadonlySet<string> = new Set(['exportPdf', 'auditExport', 'changeOrderPdf']);

/** The route's bucket: exports, reads (GET, HEAD) or writes (every other method). */
export function bucketGroupOf(route: { readonly method: string; readonly name?: string }): BucketGroup {
  if (route.name && exportRoutes.has(route.name)) return 'exports';
  return route.method === 'GET' || route.method === 'HEAD' ? 'reads' : 'writes';
}

export type TokenAnswer = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/** The bucket's window: the burst is a minute's worth of requests. */
const TAU_MS = 60_000;
const MAX_ATTEMPTS = 4;

/** What this process last saw of each bucket: its tat (to try the right case first), and a refusal's end. */
const seen = new Map<string, { tat: number; refusedUntil?: number; perMinute?: number }>();
const SEEN_LIMIT = 10_000;

/**
 * Spends one token of `subject`'s bucket for `group`, whose limit is `perMinute` requests a minute
 * (burst the same). Refused: nothing written, and how many whole seconds until one is allowed.
 */
export async function takeToken(subject: string, group: BucketGroup, perMinute: number, now = Date.now()): Promise<TokenAnswer> {
  const key = stateKeys.rateBucket(subject, group);
  const cacheKey = `${key.pk}${key.sk}`;
  const interval = 60_000 / perMinute;
  const latest = now + TAU_MS - interval;
  const known = seen.get(cacheKey);
  if (known?.refusedUntil !== undefined && known.refusedUntil > now) return refused(known.refusedUntil - now);
  let busy = known !== undefined && known.tat >= now;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    try {
      const { Attributes } = await meteringDynamo().send(
        new UpdateCommand({
          TableName: config().stateTable,
          Key: key,
          UpdateExpression: busy ? 'SET tat = tat + :interval, expiresAt = :expiresAt' : 'SET tat = :first, expiresAt = :expiresAt',
          ConditionExpression: busy ? 'tat BETWEEN :now AND :latest' : 'attribute_not_exists(tat) OR tat < :now',
          ExpressionAttributeValues: {
            ':now': now,
            // After now + τ the bucket is full again whatever it held: the item may go (TTL).
            ':expiresAt': Math.ceil((now + TAU_MS) / 1000),
            ...(busy ? { ':interval': interval, ':latest': latest } : { ':first': now + interval }),
          },
          ReturnValues: 'UPDATED_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      remember(cacheKey, { tat: Attributes?.tat as number });
      return { allowed: true };
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      const tat = storedNumber((error as { Item?: Record<string, unknown> }).Item?.tat);
      if (typeof tat !== 'number') {
        busy = false;
        continue;
      }
      if (tat > latest) {
        // tat only grows: no request is allowed before tat − τ + T, on any instance.
        const refusedUntil = tat - TAU_MS + interval;
        remember(cacheKey, { tat, refusedUntil, perMinute });
        return refused(refusedUntil - now);
      }
      busy = tat >= now;
    }
  }
  // Four conditions lost to racing requests in a row: the bucket is contended, so it is not idle.
  return refused(interval);
}

/** The document client does not unmarshall a failed condition's item: `{ N: '…' }` as DynamoDB sent it. */
function storedNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  const n = (value as { N?: string } | undefined)?.N;
  return n === undefined ? undefined : Number(n);
}

const refused = (ms: number): TokenAnswer => ({ allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) });

/**
 * A refusal this process already knows of (no request to DynamoDB): the bucket cannot allow one
 * before its refusal's end, whoever asks. Undefined: ask takeToken.
 */
export function knownRefusal(subject: string, group: BucketGroup, now = Date.now()): { retryAfterSeconds: number; perMinute: number } | undefined {
  const key = stateKeys.rateBucket(subject, group);
  const known = seen.get(`${key.pk}${key.sk}`);
  if (known?.refusedUntil === undefined || known.refusedUntil <= now || known.perMinute === undefined) return undefined;
  return { retryAfterSeconds: (refused(known.refusedUntil - now) as { retryAfterSeconds: number }).retryAfterSeconds, perMinute: known.perMinute };
}

function remember(cacheKey: string, value: { tat: number; refusedUntil?: number; perMinute?: number }): void {
  if (seen.size >= SEEN_LIMIT) seen.clear();
  seen.set(cacheKey, value);
}

/** The 429's words (exact: the web and the tests show them). */
export const rateLimitMessage = (perMinute: number, retryAfterSeconds: number): string =>
  `Too many requests: your company's limit is ${perMinute} a minute. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`;
