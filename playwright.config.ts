import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './e2e/support/env';

/**
 * Browser tests in Debian's Chromium (Playwright cannot download its own browsers here) against the
 * real server on MariaDB, a local Meilisearch and an SMTP server, all started by the global setup.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/globalSetup.ts',
  // Two on a 2-core machine in CI as well: the browsers mostly wait on the server, and one worker made the
  // browser tests 32 of CI's 55 minutes. Specs use their own members and find their items by text.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'mobile', use: { browserName: 'chromium', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }, grep: /@mobile/ },
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
  ],
});
