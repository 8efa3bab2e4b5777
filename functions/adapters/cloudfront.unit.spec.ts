import { afterEach, describe, expect, it } from 'vitest';
import { envNames } from '../config';
import { invalidationBatches, purgeFromCdn } from './cloudfront';

describe('purging erased photos from the CDN', () => {
  afterEach(() => {
    delete process.env[envNames.cdnDistributionId];
    delete process.env[envNames.mode];
  });

  it('sends each path once, at most 3,000 to an invalidation, each batch with its own caller reference', () => {
    const paths = Array.from({ length: 3001 }, (_, i) => `/objects/photo-${i}.png`);
    const batches = invalidationBatches('E123', [...paths, paths[0]!], 'erase-u1');
    expect(batches.map((batch) => batch.InvalidationBatch.Paths.Quantity)).toEqual([3000, 1]);
    expect(batches.map((batch) => batch.InvalidationBatch.CallerReference)).toEqual(['erase-u1-0', 'erase-u1-1']);
    expect(batches.flatMap((batch) => batch.InvalidationBatch.Paths.Items)).toEqual(paths);
    expect(batches[0]).toMatchObject({ DistributionId: 'E123' });
  });

  it('purges nothing where there is no CDN (the local cloud), and nothing for no paths', async () => {
    process.env[envNames.mode] = 'local';
    expect(await purgeFromCdn(['/objects/a.png'], 'r')).toBe(0);
    process.env[envNames.cdnDistributionId] = 'E123';
    expect(await purgeFromCdn([], 'r')).toBe(0);
  });
});
