import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
// @ts-expect-error plain JavaScript helper shared with the npm scripts
import { freePortSync } from './scripts/lib.mjs';

// Chosen once in the main process; the workers inherit them through the environment.
process.env.E2E_PORT ??= String(freePortSync());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'recup-e2e-'));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.spec.ts',
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Limits that catch a hang, not a slow machine: a test's verdict must not depend on how busy the machine is.
  timeout: 300_000,
  expect: { timeout: 30_000 },
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // Dialogs, menus and toasts appear at once, as for a person who asked their system for less motion: no check
    // sees a half-drawn transition, however slow the machine.
    reducedMotion: 'reduce',
    // An action waits for its element this long, then fails with what it was waiting for (not at the test's limit).
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    // The built platform, as `npm start` runs it, on a fresh data directory and a free port.
    command: `node --enable-source-maps dist/platform/embedded.mjs`,
    url: `${baseURL}/api/courses/search`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: process.env.E2E_PORT, HOST: '127.0.0.1', DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn' },
  },
});
