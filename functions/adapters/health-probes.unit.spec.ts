import { describe, expect, it } from 'vitest';
import { probe, probeTimeoutMs } from './health-probes';

describe('a health probe', () => {
  it('calls a service that has not answered within the time limit down, and says it timed out', async () => {
    // A service that accepts the call and never answers: only the probe's own limit ends it.
    const hung = (signal: AbortSignal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    const health = await probe(hung, 50);
    expect(health.status).toBe('down');
    expect(health.error).toMatch(/^TimeoutError/);
    expect(health.latencyMs).toBeGreaterThanOrEqual(45);
  });

  it('calls a service up when its call answers, and down with the error when it fails', async () => {
    expect(await probe(async () => 'answered', 50)).toMatchObject({ status: 'up' });
    expect(await probe(async () => Promise.reject(new Error('NoSuchBucket')), 50)).toMatchObject({ status: 'down', error: 'Error: NoSuchBucket' });
  });

  it('waits 2 s unless HEALTH_PROBE_TIMEOUT_MS says otherwise, and names the variable when it is not a time', () => {
    expect(probeTimeoutMs({})).toBe(2000);
    expect(probeTimeoutMs({ HEALTH_PROBE_TIMEOUT_MS: '30000' })).toBe(30_000);
    for (const wrong of ['soon', '0', '-5', '1.5']) expect(() => probeTimeoutMs({ HEALTH_PROBE_TIMEOUT_MS: wrong })).toThrow(/HEALTH_PROBE_TIMEOUT_MS/);
  });
});
