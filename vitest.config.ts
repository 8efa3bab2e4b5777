import { defineConfig } from 'vitest/config';

/**
 * Two projects in one run:
 * - unit: pure code and the CDK template, no emulators;
 * - integration: against one embedded local cloud (DynamoDB Local, s3rver, SES emulator, local
 *   gateway) started once for the whole run by the global setup.
 */
export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{events,functions,infra,web,tests}/**/*.unit.spec.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.int.spec.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          setupFiles: ['tests/integration/use-local-cloud.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
