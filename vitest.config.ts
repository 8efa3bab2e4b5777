import { defineConfig } from 'vitest/config';

/**
 * Three projects in one run:
 * - unit: pure code and the CDK template, no emulators;
 * - integration: handlers through the local gateway against the real emulators;
 * - e2e: real Chromium (Debian's) driving the built web app, one file at a time.
 * Integration and e2e each get one embedded local cloud (DynamoDB Local, s3rver, SES emulator,
 * local gateway) for the whole run, started by the global setup.
 */
export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{events,contract,functions,infra,web,tests}/**/*.unit.spec.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.int.spec.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/use-local-cloud.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.spec.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/use-local-cloud.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
