import { defineConfig } from 'playwright/test';
import { CHROMIUM_ARGS, systemChromium } from './browser.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4329);
const executablePath = systemChromium();

export default defineConfig({
  testDir: '.',
  fullyParallel: true,
  workers: 2,
  reporter: process.env.CI ? 'line' : 'list',
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: executablePath ? { executablePath, args: CHROMIUM_ARGS } : {},
  },
  // The example site is built by `npm run build` before the tests; this serves dist/.
  webServer: {
    command: `node e2e/serve.mjs dist ${PORT}`,
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
