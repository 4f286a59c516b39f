import { defineConfig } from 'playwright/test';
import { CHROMIUM_ARGS, systemChromium } from './browser.mjs';
import { FIXTURES, THEME_FIXTURES } from './fixture-site.ts';
import { E2E_ADMIN_KEY, ECHO_PORT, MOCK_PORT, PORT, SOCKET_ECHO_PORT } from './stand-in.ts';

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
  // The example site is built by `npm run build` before the tests. Its node server serves
  // the pages and the agent job endpoint, which calls the stand-in admin API. The fixture
  // Mintlify repositories are built by `npm run build:fixture`, and previewed as static sites.
  webServer: [
    {
      command: `node packages/astro-docs-json/bin/astro-docs-json.js mock-admin-api --port ${MOCK_PORT} --key ${E2E_ADMIN_KEY}`,
      cwd: '..',
      port: MOCK_PORT,
      reuseExistingServer: false,
    },
    {
      command: `node e2e/echo-api.mjs --port ${ECHO_PORT}`,
      cwd: '..',
      port: ECHO_PORT,
      reuseExistingServer: false,
    },
    {
      command: `node e2e/socket-echo.mjs --port ${SOCKET_ECHO_PORT}`,
      cwd: '..',
      port: SOCKET_ECHO_PORT,
      reuseExistingServer: false,
    },
    {
      command: 'node dist/server/entry.mjs',
      cwd: '..',
      url: `http://127.0.0.1:${PORT}/`,
      env: {
        HOST: '127.0.0.1',
        PORT: String(PORT),
        DOCS_ADMIN_API_KEY: E2E_ADMIN_KEY,
        DOCS_ADMIN_API_URL: `http://127.0.0.1:${MOCK_PORT}`,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    ...Object.entries(FIXTURES).map(([name, port]) => ({
      command: `npx astro preview --root e2e/fixtures/${name} --host 127.0.0.1 --port ${port}`,
      cwd: '..',
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    })),
    // The themes fixture, one root built in three themes (`npm run build:themes`), a folder
    // each: `astro preview` serves one build of a root at a time, so these are served as files.
    ...Object.entries(THEME_FIXTURES).map(([theme, port]) => ({
      command: `node e2e/static-server.mjs --dir e2e/fixtures/themes/dist-${theme} --port ${port}`,
      cwd: '..',
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
    })),
  ],
});
