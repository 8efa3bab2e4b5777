import type { TestProject } from 'vitest/node';
import { startLocalCloud, type LocalCloud } from '../../infra/local/cloud';
import { webDistDir } from '../../infra/paths';

/**
 * One local cloud per test project (in memory, free ports, so it never collides with a running
 * `npm start`). Handlers run in this process, behind the local gateway, which also serves the
 * web app as built by `vite build` (npm test builds it first).
 */

declare module 'vitest' {
  export interface ProvidedContext {
    localCloud: { url: string; env: Record<string, string>; sesEndpoint: string };
  }
}

let cloud: LocalCloud | undefined;

export async function setup(project: TestProject) {
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  cloud = await startLocalCloud({ port: 0, webDir: webDistDir });
  project.provide('localCloud', { url: cloud.url, env: { ...cloud.env }, sesEndpoint: cloud.endpoints.ses });
}

export async function teardown() {
  await cloud?.stop();
}
