import type { TestProject } from 'vitest/node';
import { startLocalCloud, type LocalCloud } from '../../infra/local/cloud';

/**
 * One local cloud for the whole integration run (in memory, free ports, so it never collides
 * with a running `npm start`). Handlers run in this process, behind the local gateway.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    localCloud: { url: string; env: Record<string, string>; sesEndpoint: string };
  }
}

let cloud: LocalCloud | undefined;

export async function setup(project: TestProject) {
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  cloud = await startLocalCloud({ port: 0 });
  project.provide('localCloud', { url: cloud.url, env: { ...cloud.env }, sesEndpoint: cloud.endpoints.ses });
}

export async function teardown() {
  await cloud?.stop();
}
