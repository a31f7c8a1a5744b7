import { defineConfig } from '@playwright/test';

/** Debian's Chromium; Playwright's own browser download is not used. Override with CHROMIUM_PATH. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'specs',
  testMatch: '**/*.spec.ts',
  // Each worker runs its own server and browser; two measured faster than one on the 2-core CI
  // machine (README, "Tests"). E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  // Traces and screenshots of failed tests; passing tests leave nothing behind.
  outputDir: 'artifacts',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
