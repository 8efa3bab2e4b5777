import { describe, expect, it } from 'vitest';
import { httpRoutes } from '../routes';
import { bucketGroupOf, rateLimitMessage } from './rate-limit';

describe('the rate limit', () => {
  it("puts every route of the manifest in a bucket: exports apart, reads (GET) and writes (the rest)", () => {
    const groups = Object.values(httpRoutes).map((route) => [route.name, bucketGroupOf(route)] as const);
    expect(groups.filter(([, group]) => group === 'exports').map(([name]) => name).sort()).toEqual(['auditExport', 'changeOrderPdf', 'exportPdf']);
    for (const [name, group] of groups) {
      if (group !== 'exports') expect(group, name).toBe(httpRoutes[name].method === 'GET' ? 'reads' : 'writes');
    }
  });

  it('words its refusal with the limit and the wait', () => {
    expect(rateLimitMessage(1200, 3)).toBe("Too many requests: your company's limit is 1200 a minute. Try again in 3 seconds.");
    expect(rateLimitMessage(600, 1)).toBe("Too many requests: your company's limit is 600 a minute. Try again in 1 second.");
  });
});
