import { afterAll, describe, expect, it } from 'vitest';
import { startLocalCloud, type LocalCloud } from '../../infra/local/cloud';

/**
 * Developers who run LocalStack (or their own emulators) set AWS_ENDPOINT_URL[_<SERVICE>]: the
 * local cloud then starts no emulator of its own for those services and uses theirs. Here the
 * "external" services are the ones the test run already started.
 */

describe('a local cloud on endpoints given in the environment', () => {
  const before = { ...process.env };
  let cloud: LocalCloud | undefined;
  afterAll(async () => {
    await cloud?.stop();
    process.env = before;
  });

  it('starts only the gateway, creates nothing twice and reports every service up', async () => {
    const given = { dynamodb: process.env.AWS_ENDPOINT_URL_DYNAMODB, s3: process.env.AWS_ENDPOINT_URL_S3, ses: process.env.AWS_ENDPOINT_URL_SESV2 };
    const lines: string[] = [];
    cloud = await startLocalCloud({ port: 0, log: (line) => lines.push(line) });

    expect(cloud.endpoints).toEqual(given);
    expect(lines.join('\n')).not.toContain('Starting emulators');
    const response = await fetch(`${cloud.url}/api/health`);
    expect(response.status).toBe(200);
    expect((await response.json()).status).toBe('ok');
  });
});
