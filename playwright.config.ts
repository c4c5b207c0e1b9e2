import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.cjs';

const port = Number(process.env.E2E_PORT || 3100);
export const baseURL = `http://127.0.0.1:${port}`;
// Fixed for the tests, which create accounts through the emulator's REST API (tests/e2e/auth.ts).
const authEmulatorPort = Number(process.env.E2E_AUTH_EMULATOR_PORT || 9399);
export const e2eSessionSecret = 'e2e-session-secret-0123456789abcdef0123';
export const e2ePostsPerWindow = 30;

export default defineConfig({
  // The browser tests: the end-to-end suite, and the security suite's (headers, script injection).
  testDir: 'tests',
  testMatch: ['e2e/**/*.spec.ts', 'security/**/*.spec.ts'],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // The JSON report feeds the closing count of `npm test` (scripts/test.mjs).
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      // Debian's Chromium, or the one npm installs (scripts/chromium.cjs); Playwright never downloads one.
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // The production build (npm test builds it first); scripts/start.mjs rebuilds only if sources changed.
    command: 'node scripts/start.mjs',
    // A fresh Auth emulator without stored accounts, and a fresh database in memory.
    env: {
      PGLITE_DATA_DIR: 'memory://',
      PORT: String(port),
      // The public origin is the address the browser uses: checkout returns and the URLs the server builds.
      SITE_URL: baseURL,
      NEXT_TELEMETRY_DISABLED: '1',
      AUTH_EMULATOR_DATA_DIR: '',
      AUTH_EMULATOR_PORT: String(authEmulatorPort),
      SESSION_SECRET: e2eSessionSecret,
      // Every browser of the tests comes from 127.0.0.1, which keys the guests' and visitors' limits: room
      // for two workers at once (tests/e2e/conversations.spec.ts checks the limit at this number).
      CHAT_POSTS_PER_WINDOW: String(e2ePostsPerWindow),
      CHAT_VISITORS_PER_HOUR: '10000',
      // A page request with the x-test-fault header fails its render (tests/e2e/errors.spec.ts).
      TEST_FAULTS: '1',
    },
    url: `${baseURL}/api/health`,
    reuseExistingServer: !process.env.CI,
    // SIGTERM lets scripts/start.mjs stop the Auth emulator it started.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
