import { setTimeout as sleep } from 'node:timers/promises';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '../../events/errors';
import { dynamo } from '../adapters/dynamo';
import { config } from '../config';
import { PENDING_UPLOADS_PER_ACCOUNT } from '../limits';
import { stateKeys } from '../store/keys';
import { updateIfPresent } from '../store/update-if-present';

/**
 * The uploads an account has asked for and not yet published, at most PENDING_UPLOADS_PER_ACCOUNT
 * at once, so nobody can hold a pile of upload forms to fill the bucket with. One item per
 * account maps each pending upload's token to the time its form expires; an expired one no longer
 * counts (nothing more can be posted with it), a published one is removed. Written with an
 * optimistic revision, so requests racing for the last place cannot both take it.
 *
 *   request A: read (19 live, rev 7) ─ write slots+a if rev = 7 ─ ok, rev 8
 *   request B: read (19 live, rev 7) ──────── write slots+b if rev = 7 ─ refused ─ read (20 live) ─ 429
 */

const ATTEMPTS = 5;
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export const tooManyPendingUploads = `You have ${PENDING_UPLOADS_PER_ACCOUNT} photo uploads waiting to be added. Add or discard them, or wait a few minutes, before starting another.`;

/** Takes a place for the upload `token`, whose form expires at `expiresAt`; 429 when all are taken. */
export async function holdPendingUpload(userId: string, token: string, expiresAt: Date, now = new Date()): Promise<void> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { Item } = await dynamo().send(new GetCommand({ TableName: config().stateTable, Key: stateKeys.pendingUploads(userId), ConsistentRead: true }));
    const live = Object.entries((Item?.slots ?? {}) as Record<string, number>).filter(([, until]) => until > epochSeconds(now));
    if (live.length >= PENDING_UPLOADS_PER_ACCOUNT) throw new DomainError('rate_limited', tooManyPendingUploads);
    const slots = Object.fromEntries([...live, [token, epochSeconds(expiresAt)]]);
    try {
      await dynamo().send(
        new PutCommand({
          TableName: config().stateTable,
          Item: { ...stateKeys.pendingUploads(userId), slots, revision: ((Item?.revision as number) ?? 0) + 1, expiresAt: Math.max(...Object.values(slots)) },
          ConditionExpression: Item ? 'revision = :revision' : 'attribute_not_exists(pk)',
          ExpressionAttributeValues: Item ? { ':revision': Item.revision } : undefined,
        }),
      );
      return;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      await sleep(Math.random() * 20 * attempt);
    }
  }
  // Still racing after several tries: only a burst of requests from one account does this.
  throw new DomainError('rate_limited', tooManyPendingUploads);
}

/** The upload `token` is no longer pending (published, or refused and deleted). */
export async function releasePendingUpload(userId: string, token: string): Promise<void> {
  // Nothing held (the item expired): nothing to release.
  await updateIfPresent({
    Key: stateKeys.pendingUploads(userId),
    UpdateExpression: 'REMOVE slots.#token SET revision = revision + :one',
    ExpressionAttributeNames: { '#token': token },
    ExpressionAttributeValues: { ':one': 1 },
  });
}
