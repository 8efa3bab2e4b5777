import { defineConfig } from 'vitest/config';
import FileOrder from './tests/support/file-order.js';

/**
 * Three projects in one run:
 * - unit: pure code and the CDK template, no emulators;
 * - integration: handlers through the local gateway against the real emulators;
 * - e2e: real Chromium (Debian's) driving the built web app.
 * Integration and e2e share one embedded local cloud (DynamoDB Local, s3rver, SES emulator, local
 * gateway) for the whole run, started by the global setup; each file makes its own accounts and
 * projects, so files run side by side. Four workers on two cores: most of a file's time is spent
 * waiting on the cloud or the browser. The files are handed out in the order of
 * tests/support/file-order.ts: about two browser files at a time, the rest beside them.
 * The timeouts only end a hang (a busy machine may take three times as long); how fast anything
 * is, is bench/'s to say.
 */
export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    maxWorkers: 4,
    sequence: { sequencer: FileOrder },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{events,contract,functions,infra,web,tests}/**/*.unit.spec.ts'],
          environment: 'node',
          // One process for many unit files: they hold no state between files (each stubs and
          // restores its own environment), and a fresh process per file cost ~14 s of CPU a run.
          isolate: false,
          // vitest's 5 s: two unit files timed out beside the rest of the run on a busy machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.int.spec.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/use-local-cloud.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.spec.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/use-local-cloud.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
