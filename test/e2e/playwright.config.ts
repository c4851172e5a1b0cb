import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './support/chromium';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) against the embedded stack, started once
 * by the global setup on a random port with fresh data. Screenshots land in test-results/shots.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  globalSetup: './support/global-setup.ts',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '../../test-results/e2e',
  use: {
    browserName: 'chromium',
    viewport: { width: 1366, height: 900 },
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
});
