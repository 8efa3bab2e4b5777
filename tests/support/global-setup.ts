import type { TestProject } from 'vitest/node';
import { startLocalCloud, type LocalCloud } from '../../infra/local/cloud';
import { webDistDir } from '../../infra/paths';

/**
 * One local cloud for the whole run (in memory, free ports, so it never collides with a running
 * `npm start`), shared by every project that lists this setup: the cloud configures the AWS SDK
 * through this process's environment, where the handlers behind its gateway run, so two clouds
 * in one process would talk over each other. The gateway also serves the web app as built by
 * `vite build` (npm test builds it first).
 */

declare module 'vitest' {
  export interface ProvidedContext {
    localCloud: { url: string; env: Record<string, string>; sesEndpoint: string };
  }
}

interface Shared {
  cloud: Promise<LocalCloud>;
  users: number;
}
const registry = globalThis as typeof globalThis & { __localCloud?: Shared };

export async function setup(project: TestProject) {
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  // An offboarded tenant is removed by the next sweep (issue 31): the tests need not wait 30 days.
  process.env.OFFBOARD_GRACE_DAYS ??= '0';
  // The health check's probes share two cores with four test files and their browsers: a probe
  // past its 2 s called an emulator down that was up (CI at 6c10c6b). Health says up or down, not how fast.
  process.env.HEALTH_PROBE_TIMEOUT_MS ??= '30000';
  // Every function runs in one process here: 60 requests let go at once can outlast a Lambda's 30 s.
  process.env.LOCAL_FUNCTION_TIMEOUT_MS ??= '120000';
  // bcrypt's least cost (AWS always hashes at 10): hashing took a fifth of the gateway's CPU in the run.
  process.env.PASSWORD_HASH_COST ??= '4';
  registry.__localCloud ??= { cloud: startLocalCloud({ port: 0, webDir: webDistDir }), users: 0 };
  registry.__localCloud.users++;
  const cloud = await registry.__localCloud.cloud;
  project.provide('localCloud', { url: cloud.url, env: { ...cloud.env }, sesEndpoint: cloud.endpoints.ses });
}

export async function teardown() {
  const shared = registry.__localCloud;
  if (!shared || --shared.users > 0) return;
  registry.__localCloud = undefined;
  await (await shared.cloud).stop();
}
