import { defineConfig } from 'vitest/config';

/**
 * Three projects: unit (no I/O), infra (CDK template assertions and drift checks) and integration (the HTTP API
 * end to end against the embedded stack, started once by the global setup). Browser journeys live in test/e2e
 * and run under Playwright.
 */
export default defineConfig({
  test: {
    // Handler logs stay quiet in tests; an assertion says what went wrong.
    env: { POWERTOOLS_LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
