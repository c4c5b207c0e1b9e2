import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';

// `npm run screenshots`: the pictures of the product on the landing page, taken from the app started as the
// end-to-end tests start it (the same server, Auth emulator, database in memory and Chromium).
export default defineConfig({
  ...e2e,
  testDir: 'scripts/screenshots',
  testMatch: ['*.shot.ts'],
  timeout: 120_000,
  workers: 1,
  reporter: 'list',
});
