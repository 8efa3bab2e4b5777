import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { config } from '../config';

/**
 * Purging paths from the CDN (CloudFront serves `/objects/*` from the uploads bucket and keeps
 * copies at its edges): deleting an object from the bucket does not take it off the edges until
 * its cache entry expires. Without a distribution (the local cloud, where the gateway serves the
 * bucket directly) there is nothing to purge.
 */

/** CloudFront is a global service, reached through us-east-1. One client per Lambda instance. */
let client: CloudFrontClient | undefined;
const cloudFront = () =>
  (client ??= new CloudFrontClient({ region: 'us-east-1', maxAttempts: 3, requestHandler: { connectionTimeout: 1000, requestTimeout: 5000, throwOnRequestTimeout: true } }));

/** CloudFront takes at most 3,000 paths per invalidation. */
const PATHS_PER_INVALIDATION = 3000;

/** What CreateInvalidation is sent for `paths` (each starting with `/`), one request per batch; `reference` makes a retry of the same batch idempotent. */
export function invalidationBatches(distributionId: string, paths: readonly string[], reference: string) {
  const unique = [...new Set(paths)];
  return Array.from({ length: Math.ceil(unique.length / PATHS_PER_INVALIDATION) }, (_, i) => {
    const items = unique.slice(i * PATHS_PER_INVALIDATION, (i + 1) * PATHS_PER_INVALIDATION);
    return { DistributionId: distributionId, InvalidationBatch: { CallerReference: `${reference}-${i}`, Paths: { Quantity: items.length, Items: items } } };
  });
}

/** Purges `paths` from the CDN's edges; how many were sent (0 where there is no CDN). */
export async function purgeFromCdn(paths: readonly string[], reference: string): Promise<number> {
  const distributionId = config().cdnDistributionId;
  if (!distributionId || !paths.length) return 0;
  const batches = invalidationBatches(distributionId, paths, reference);
  for (const input of batches) await cloudFront().send(new CreateInvalidationCommand(input));
  return batches.reduce((sum, batch) => sum + batch.InvalidationBatch.Paths.Quantity, 0);
}
